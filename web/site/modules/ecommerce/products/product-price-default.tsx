import { Group } from "../../../render/primitives.js";
import type { VariantProps } from "../../../variant-types.js";
import { productPrices, storeLink } from "../helpers/price.js";
import { PriceTag } from "./price-tag.js";
import { useShop } from "../helpers/use-shop.js";

/** Product variant 'price-default': the product's price in each currency (the store's own in a store). */
export function ProductPriceDefault({ record, relation }: VariantProps) {
  const { site } = useShop();
  const prices = productPrices(site, record.id, site.language, storeLink(relation, record.id));
  if (!prices.length) return null;
  return (
    <Group gap="xs" data-product-prices={record.id}>
      {prices.map((price) => (
        <PriceTag key={price.attributeId} price={price} />
      ))}
    </Group>
  );
}
