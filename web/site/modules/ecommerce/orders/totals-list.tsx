import { Group, Stack, Text } from "../../../render/primitives.js";
import { moneyLabel } from "../helpers/price.js";
import type { Total } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";

/** Totals per currency: 'Total' at the left, one amount per currency at the right ("$59.97", "€54.00"). */
export function TotalsList({ totals, size = "lg" }: { totals: Total[]; size?: "md" | "lg" | "xl" }) {
  const { t } = useShop();
  if (!totals.length) return null;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" data-totals="">
      <Text fw={600} fz={size}>
        {t("total")}
      </Text>
      <Stack gap={2} align="flex-end">
        {totals.map(({ total, billingModuleCurrency: currency }) => (
          <Text
            key={currency.id}
            fw={800}
            fz={size}
            data-total={total}
            data-currency={currency.slug ?? ""}
            style={{ fontVariantNumeric: "tabular-nums" }}
          >
            {moneyLabel(total, currency)}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}

/** Totals on one line, for a compact row: "$24.00 · €22.00". */
export function inlineTotals(totals: Total[]): string {
  return totals.map(({ total, billingModuleCurrency }) => moneyLabel(total, billingModuleCurrency)).join(" · ");
}
