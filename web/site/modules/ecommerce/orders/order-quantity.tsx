import { Text } from "../../../render/primitives.js";
import type { VariantProps } from "../../../variant-types.js";
import { asOrder, itemsIn } from "./order-parts.js";
import { useShop } from "../helpers/use-shop.js";

/** Order variant 'quantity': how many items the order holds. */
export function OrderQuantity({ record }: VariantProps) {
  const { t } = useShop();
  const items = itemsIn(asOrder(record));
  return (
    <Text fz="sm" c="dimmed" data-order-quantity={items}>
      {`${t("items")}: ${items}`}
    </Text>
  );
}
