import { Button, CloseButton, TextInput } from "@mantine/core";
import { useState, type KeyboardEvent } from "react";
import { discountRefusalText } from "../../../../../common/shop/discount-reasons.js";
import { Group, Stack, Text } from "../../../render/primitives.js";
import { pricingText } from "../helpers/pricing-strings.js";
import { useShop } from "../helpers/use-shop.js";
import type { Pricing } from "./use-pricing.js";

/**
 * The discount code field with Apply, and each typed code's verdict from the quote: "Code
 * SPRING10 applied", or why it was refused in the page's language (common/shop/discount-reasons.ts),
 * each with a button taking it off. Shown when the shop has an active code (the page's shop facts).
 */
export function DiscountCodeField({ pricing }: { pricing: Pricing }) {
  const { language, site } = useShop();
  const [typed, setTyped] = useState("");
  if (!site.data.shop?.discountCodes && pricing.codes.length === 0) return null;
  const apply = () => {
    pricing.addCode(typed);
    setTyped("");
  };
  // Enter applies the code; it must not submit the checkout form around the field.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    apply();
  };
  return (
    <Stack gap={6} data-discount-codes="">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={pricingText("discountCode", language)}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          style={{ flex: 1, minWidth: 0 }}
          data-discount-code-input=""
        />
        <Button variant="light" onClick={apply} disabled={!typed.trim()} data-discount-code-apply="">
          {pricingText("apply", language)}
        </Button>
      </Group>
      {pricing.codes.map((code) => {
        const verdict = pricing.verdict(code);
        const shown = verdict.applied
          ? pricingText("codeApplied", language, { code: code.toUpperCase() })
          : verdict.reason
            ? `${code}: ${discountRefusalText(verdict.reason, language)}`
            : code;
        const state = verdict.applied ? "applied" : verdict.reason ? "refused" : "pending";
        return (
          <Group key={code} gap={4} wrap="nowrap" align="center" data-discount-code={code} data-code-state={state}>
            <Text
              fz="sm"
              fw={verdict.applied ? 600 : 400}
              c={verdict.applied ? "teal.8" : verdict.reason ? "red.8" : "dimmed"}
              role={verdict.reason ? "alert" : undefined}
              style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}
            >
              {shown}
            </Text>
            <CloseButton
              size="sm"
              aria-label={pricingText("removeCode", language, { code })}
              onClick={() => pricing.removeCode(code)}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
