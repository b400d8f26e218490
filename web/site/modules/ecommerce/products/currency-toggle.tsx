import { Input, SegmentedControl } from "@mantine/core";
import { Stack } from "../../../render/primitives.js";
import { useId } from "react";
import type { Currency } from "../helpers/price.js";
import { useShop } from "../helpers/use-shop.js";

/** A currency's short name on the toggle: "USD $". */
export const currencyName = (currency: Currency) =>
  [currency.slug?.toUpperCase(), currency.symbol].filter(Boolean).join(" ") || currency.id.slice(0, 8);

/** Choose one of the currencies a product or a cart can be paid in (nothing to choose: nothing shown). */
export function CurrencyToggle({
  currencies,
  value,
  onChange,
}: {
  currencies: Currency[];
  value?: string;
  onChange: (id: string) => void;
}) {
  const { t } = useShop();
  const labelId = useId();
  if (!currencies.length) return null;
  return (
    <Stack gap={4}>
      <Input.Label id={labelId} component="span">
        {t("currency")}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={labelId}
        data-currency-toggle=""
        value={value ?? currencies[0]!.id}
        onChange={onChange}
        data={currencies.map((currency) => ({ value: currency.id, label: currencyName(currency) }))}
        fullWidth
      />
    </Stack>
  );
}
