import { Text } from "../../../render/primitives.js";
import type { VariantProps } from "../../../variant-types.js";
import { mainPrice, productPrices, storeLink } from "../helpers/price.js";
import { useShop } from "../helpers/use-shop.js";

/** Product variant 'amount': the product's price as plain text, in the default currency ("$12.00"). */
export function ProductAmount({ record, relation }: VariantProps) {
  const { site } = useShop();
  const price = mainPrice(productPrices(site, record.id, site.language, storeLink(relation, record.id)));
  if (!price) return null;
  return (
    <Text span fw={700} data-price={price.amount} style={{ fontVariantNumeric: "tabular-nums" }}>
      {price.label}
    </Text>
  );
}
