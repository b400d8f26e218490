import { Stack, Text } from "../../../render/primitives.js";
import type { VariantProps } from "../../../variant-types.js";
import { useCart } from "../cart/use-cart.js";
import { commonTotals } from "../helpers/totals.js";
import { TotalsList } from "../orders/totals-list.js";
import { useShop } from "../helpers/use-shop.js";

/**
 * Product variant 'id-total-default': what this product costs in the signed-in subject's cart
 * (all its cart lines, per currency); nothing for visitors or when it is not in the cart.
 */
export function ProductIdTotalDefault({ record }: VariantProps) {
  const { t } = useShop();
  const { subjectId, state } = useCart();
  if (!subjectId || !state.loaded) return null;
  const orders = state.orders.filter((order) => order.ordersToProducts.some((line) => line.productId === record.id));
  if (!orders.length) return null;
  const quantity = orders
    .flatMap((o) => o.ordersToProducts)
    .filter((l) => l.productId === record.id)
    .reduce((sum, l) => sum + Number(l.quantity), 0);
  return (
    <Stack gap={4} data-product-total={record.id}>
      <Text fz="sm" c="dimmed">
        {`${t("inCart")}: ${quantity}`}
      </Text>
      <TotalsList totals={commonTotals(orders.map((o) => o.total))} size="md" />
    </Stack>
  );
}
