import { Badge } from "@mantine/core";
import { Group, Text } from "../../../render/primitives.js";
import type { Price } from "../helpers/price.js";
import { pricingText } from "../helpers/pricing-strings.js";
import { useShop } from "../helpers/use-shop.js";

/**
 * One price as a badge ("$12.50"), labelled for screen readers; `data-price` holds the exact
 * amount. Once the shop has tax rates, a note beside it says how the price stands to tax: "incl.
 * VAT" (PRICES_INCLUDE_TAX) or "+ tax", as the page's shop facts tell (common/site/page-data.ts).
 */
export function PriceTag({ price, size = "xl" }: { price: Price; size?: "md" | "lg" | "xl" }) {
  const { t, site, language } = useShop();
  const pricesTax = site.data.shop?.pricesTax;
  const badge = (
    <Badge
      size={size}
      variant="light"
      radius="sm"
      data-price={price.amount}
      data-currency={price.currency?.slug ?? ""}
      aria-label={`${t("price")}: ${price.label}`}
      style={{ textTransform: "none" }}
    >
      {price.label}
    </Badge>
  );
  if (!pricesTax) return badge;
  return (
    <Group gap={6} wrap="nowrap" align="center" data-price-tax={pricesTax}>
      {badge}
      <Text component="span" fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {pricingText(pricesTax === "included" ? "pricesIncludeTax" : "pricesPlusTax", language)}
      </Text>
    </Group>
  );
}
