import { Modal } from "@mantine/core";
import { Stack, Text } from "../../../render/primitives.js";
import type { Row } from "../../../../../common/site/page-data.js";
import { text } from "../../../../../common/i18n/text.js";
import { OrderCheckout } from "../orders/order-checkout.js";
import { ProductCheckoutForm } from "./product-checkout-form.js";
import { useShop } from "../helpers/use-shop.js";

interface DialogProps {
  /** "order": the cart order's checkout; "product": the one-step checkout form ('Buy now'). */
  dialog: "order" | "product";
  product: Row;
  storeProduct?: Row;
  /** The cart order holding the product ("order" dialog). */
  order?: Row;
  onClose: () => void;
}

/** The product cart card's checkout dialogs (product-cart-actions.tsx opens them). */
export function ProductCheckoutDialog({ dialog, product, storeProduct, order, onClose }: DialogProps) {
  const { t, site } = useShop();
  const title = text(product.title, site.language);
  return (
    <>
      {dialog === "order" && order ? (
        <Modal opened onClose={() => onClose()} title={`${t("checkout")}: ${title}`} centered zIndex={400}>
          <OrderCheckout record={order} />
        </Modal>
      ) : null}
      {dialog === "product" ? (
        <Modal opened onClose={() => onClose()} title={t("oneStepCheckout")} centered zIndex={400}>
          <Stack gap="sm">
            <Text fw={600}>{title}</Text>
            <ProductCheckoutForm product={product} storeProduct={storeProduct} />
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
