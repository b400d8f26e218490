import { Button } from "@mantine/core";
import type { VariantProps } from "../../../variant-types.js";
import { showSuccess, useAction } from "../../rbac/use-action.js";
import { useCart } from "../cart/use-cart.js";
import { asOrder } from "./order-parts.js";
import { useShop } from "../helpers/use-shop.js";

/** Order variant 'delete': removes a cart order; 'Deleted successfully' when done. */
export function OrderDelete({ record }: VariantProps) {
  const { t } = useShop();
  const { store } = useCart();
  const order = asOrder(record);
  const { pending, act } = useAction(async () => {
    await store.remove(order.id);
    showSuccess(t("deleted"));
  });
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      onClick={() => void act()}
      disabled={pending}
      data-order-delete={order.id}
    >
      {pending ? t("deleting") : t("delete")}
    </Button>
  );
}
