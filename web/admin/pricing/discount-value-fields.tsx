import { Radio, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { DiscountForm } from "./discount-form.js";
import { discountsTexts } from "./discounts-texts.js";
import type { PricingCurrency } from "./pricing-format.js";
import { CurrencySelect, MoneyInput } from "./pricing-inputs.js";
import { pricingTexts } from "./pricing-texts.js";

const KINDS = ["percent", "amount", "free-shipping"] as const;

/**
 * What a code takes: its kind (a percent, an amount, free delivery), the percent or the amount in
 * its currency (an amount needs one; otherwise none means any currency), and the goods' minimum.
 */
export function DiscountValueFields({
  form,
  errors,
  currencies,
  change,
}: {
  form: DiscountForm;
  errors: Record<string, string>;
  currencies: PricingCurrency[];
  change(patch: Partial<DiscountForm>): void;
}) {
  const t = pricingTexts();
  const d = discountsTexts();
  const currency = currencies.find((c) => c.id === form.currencyId);
  return (
    <Stack gap="sm">
      <Radio.Group
        label={d.kind}
        value={form.kind}
        onChange={(kind) => change({ kind: kind as DiscountForm["kind"] })}
        data-testid="discount-kind-input"
      >
        <Stack gap={6} mt={6}>
          {KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={d.kinds[kind]} data-testid={`discount-kind-${kind}`} />
          ))}
        </Stack>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {form.kind === "percent" ? (
          <TextInput
            label={d.percent}
            inputMode="decimal"
            rightSection="%"
            value={form.value}
            error={errors.value}
            onChange={(e) => change({ value: e.currentTarget.value })}
            data-testid="discount-value-input"
          />
        ) : form.kind === "amount" ? (
          <MoneyInput
            label={d.amount}
            currency={currency}
            value={form.value}
            error={errors.value}
            onChange={(value) => change({ value })}
            testId="discount-value-input"
          />
        ) : null}
        <CurrencySelect
          currencies={currencies}
          label={t.currency}
          description={form.kind === "amount" ? d.currencyHelpAmount : d.currencyHelp}
          placeholder={form.kind === "amount" ? undefined : d.anyCurrency}
          clearable={form.kind !== "amount"}
          value={form.currencyId}
          error={errors.currencyId}
          onChange={(currencyId) => change({ currencyId })}
          testId="discount-currency-input"
        />
        <MoneyInput
          label={d.minSubtotal}
          description={d.minSubtotalHelp}
          currency={currency}
          value={form.minSubtotal}
          error={errors.minSubtotal}
          onChange={(minSubtotal) => change({ minSubtotal })}
          testId="discount-min-subtotal-input"
        />
      </SimpleGrid>
    </Stack>
  );
}
