import { Alert, Radio } from "@mantine/core";
import { text } from "../../../../../common/i18n/text.js";
import { countryName } from "../../../../../common/postal-address.js";
import { Group, Stack, Text } from "../../../render/primitives.js";
import { moneyLabel } from "../helpers/price.js";
import { pricingText } from "../helpers/pricing-strings.js";
import { isPositive } from "../helpers/quote.js";
import { useShop } from "../helpers/use-shop.js";
import type { Pricing } from "./use-pricing.js";

/**
 * The deliveries the quote offers for the address's country, one card each with its price, the
 * chosen one (else the cheapest) checked; or, when nothing delivers there, why the order cannot
 * be paid. Nothing when nothing is delivered or the shop has no shipping rates.
 */
export function ShippingChoice({ pricing }: { pricing: Pricing }) {
  const { language } = useShop();
  const { quote, problem } = pricing;
  if (problem?.kind === "no-shipping-rate")
    return (
      <Alert color="red" variant="light" role="alert" data-pricing-problem={problem.kind}>
        {pricingText("noDelivery", language, { country: countryName(problem.country, language) })}
      </Alert>
    );
  const options = quote?.shippingOptions ?? [];
  if (!quote || options.length === 0) return null;
  return (
    <Stack gap={6}>
      <Radio.Group
        label={pricingText("deliveryChoice", language)}
        value={pricing.shippingRateId ?? null}
        onChange={pricing.chooseRate}
        data-shipping-options=""
      >
        <Stack gap="xs" mt={6}>
          {options.map((option) => (
            <Radio.Card
              key={option.id}
              value={option.id}
              radius="md"
              p="sm"
              // Mantine's card has no checked look of its own: the chosen one is outlined.
              style={
                option.id === pricing.shippingRateId
                  ? { borderColor: "var(--mantine-primary-color-filled)" }
                  : undefined
              }
              data-shipping-option={option.id}
            >
              <Group wrap="nowrap" gap="sm" align="center">
                <Radio.Indicator />
                <Text fz="sm" fw={600} style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                  {text(option.title, language)}
                </Text>
                <Text fz="sm" style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
                  {isPositive(option.amount)
                    ? moneyLabel(option.amount, quote.currency)
                    : pricingText("free", language)}
                </Text>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {problem?.kind === "shipping-rate-unavailable" ? (
        <Text c="red" fz="sm" role="alert" data-pricing-problem={problem.kind}>
          {pricingText("deliveryUnavailable", language)}
        </Text>
      ) : null}
    </Stack>
  );
}
