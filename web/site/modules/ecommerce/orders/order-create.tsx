import type { VariantProps } from "../../../variant-types.js";
import { AddToCartButton } from "../cart/add-to-cart-button.js";
import { asOrder } from "./order-parts.js";

/** Order variant 'create': an 'Add to cart' for the order-to-be's product (`productId`, or its first line's). */
export function OrderCreate({ record }: VariantProps) {
  const productId =
    typeof record.productId === "string" ? record.productId : asOrder(record).ordersToProducts[0]?.productId;
  if (!productId) return null;
  const storeId = typeof record.storeId === "string" ? record.storeId : undefined;
  const quantity = typeof record.quantity === "number" ? record.quantity : 1;
  return <AddToCartButton productId={productId} storeId={storeId} quantity={quantity} />;
}
