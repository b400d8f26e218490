import { Divider } from "@mantine/core";
import { text } from "../../../../../common/i18n/text.js";
import { Group, Stack, Text } from "../../../render/primitives.js";
import { TotalsList } from "../orders/totals-list.js";
import { moneyLabel } from "../helpers/price.js";
import { pricingText } from "../helpers/pricing-strings.js";
import { hasBreakdown, isPositive, type Quote } from "../helpers/quote.js";
import type { Total } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";

/** A percent as people write it: "19", "7.5" (a stored "19.00" loses its zeros). */
const percent = (rate: string) => (rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate);

/** One line of the breakdown: what it is at the left, its amount at the right; `data-amount` holds the exact figure. */
function Row({ label, amount, part, shown }: { label: string; amount: string; part: string; shown: string }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-breakdown={part} data-amount={amount}>
      <Text fz="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {label}
      </Text>
      <Text fz="sm" style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
        {shown}
      </Text>
    </Group>
  );
}

/**
 * What the checkout will charge, from the quote (docs/shop-pricing.md): the goods, the discount
 * with its codes, the delivery with its name, the tax added, then the total (and under it the part
 * of it that is tax, when the prices hold their tax). A quote with nothing beside its total (a shop without pricing rules), or
 * none yet, shows the cart's totals per currency as before.
 */
export function PriceBreakdown({ quote, totals, pending }: { quote?: Quote; totals: Total[]; pending: boolean }) {
  const { language } = useShop();
  if (!quote || !hasBreakdown(quote)) return <TotalsList totals={totals} />;
  const money = (amount: string) => moneyLabel(amount, quote.currency);
  const delivery = quote.shippingOptions.find((option) => option.id === quote.shippingRateId);
  const deliveryTitle = delivery ? text(delivery.title, language) : "";
  return (
    // Figures about to change are dimmed, not hidden: the layout stays still while the quote is asked.
    <Stack gap={6} data-price-breakdown="" data-pending={pending} style={{ opacity: pending ? 0.6 : 1 }}>
      <Row
        label={pricingText("subtotal", language)}
        amount={quote.subtotal}
        part="subtotal"
        shown={money(quote.subtotal)}
      />
      {isPositive(quote.discount) ? (
        <Row
          label={
            quote.appliedCodes.length
              ? pricingText("discountOf", language, { codes: quote.appliedCodes.join(", ") })
              : pricingText("discount", language)
          }
          amount={quote.discount}
          part="discount"
          shown={`−${money(quote.discount)}`}
        />
      ) : null}
      {quote.shippingRateId !== null ? (
        <Row
          label={
            deliveryTitle
              ? pricingText("deliveryOf", language, { title: deliveryTitle })
              : pricingText("delivery", language)
          }
          amount={quote.shipping}
          part="shipping"
          shown={isPositive(quote.shipping) ? money(quote.shipping) : pricingText("free", language)}
        />
      ) : null}
      {quote.taxes.length > 0 && !quote.taxIncluded ? (
        <Row label={pricingText("tax", language)} amount={quote.tax} part="tax" shown={money(quote.tax)} />
      ) : null}
      <Divider my={4} />
      <TotalsList totals={[{ total: quote.total, billingModuleCurrency: quote.currency }]} />
      {/* Tax inside the prices is part of the total, not added to it: said under it. */}
      {quote.taxIncluded
        ? quote.taxes.map((tax) => (
            <Row
              key={tax.id}
              label={pricingText("taxIncludedOf", language, {
                title: text(tax.title, language),
                rate: percent(tax.rate),
              })}
              amount={tax.amount}
              part="tax-included"
              shown={money(tax.amount)}
            />
          ))
        : null}
    </Stack>
  );
}
