import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Row } from "../../data/page-data.js";
import { text } from "../../i18n/text.js";
import { AddToCartButton } from "./add-to-cart-button.js";
import { cartLineOf } from "./cart/cart-store.js";
import { useCart } from "./cart/use-cart.js";
import { OrderCheckout } from "./order-checkout.js";
import { OrderDelete } from "./order-delete.js";
import { OrderQuantityUpdate } from "./order-quantity-update.js";
import { productPrices } from "./price.js";
import { ProductCheckoutForm } from "./product-checkout-form.js";
import { useShop } from "./use-shop.js";

/**
 * The product cart card's actions (SPEC.md section 2): when the subject's cart holds the product
 * (from the store `storeProduct` places it in: a stores-to-products row), its quantity, Delete and Checkout; otherwise 'Add to cart' and, for a
 * product with a price, 'Buy now' (the one-step checkout form in a dialog).
 */
export function ProductCartActions({ product, storeProduct, size = "sm" }: { product: Row; storeProduct?: Row; size?: "sm" | "md" }) {
  const { t, site } = useShop();
  const { subjectId, state } = useCart();
  const [dialog, setDialog] = useState<"order" | "product" | null>(null);
  const storeId = typeof storeProduct?.storeId === "string" ? storeProduct.storeId : undefined;
  const inCart = subjectId && state.loaded ? cartLineOf(state, product.id, storeId) : undefined;
  const hasPrice = productPrices(site, product.id, site.language, storeProduct).some((price) => price.currency);
  const title = text(product.title, site.language);

  return (
    <Stack gap="xs" data-product-cart={product.id} data-in-cart={inCart ? "true" : "false"}>
      {inCart ? (
        <>
          <Text fz="sm" fw={600} c="teal.7">
            {t("inCart")}
          </Text>
          <Group gap="xs" wrap="wrap" align="center">
            <OrderQuantityUpdate record={inCart.order as unknown as Row} />
            <Button size="xs" onClick={() => setDialog("order")}>
              {t("checkout")}
            </Button>
            <OrderDelete record={inCart.order as unknown as Row} />
          </Group>
        </>
      ) : (
        <Group gap="xs" wrap="wrap">
          <AddToCartButton productId={product.id} storeId={storeId} size={size} />
          {subjectId && hasPrice ? (
            <Button size={size} variant="default" onClick={() => setDialog("product")}>
              {t("buyNow")}
            </Button>
          ) : null}
        </Group>
      )}
      {dialog === "order" && inCart ? (
        <Modal opened onClose={() => setDialog(null)} title={`${t("checkout")}: ${title}`} centered zIndex={400}>
          <OrderCheckout record={inCart.order as unknown as Row} />
        </Modal>
      ) : null}
      {dialog === "product" ? (
        <Modal opened onClose={() => setDialog(null)} title={t("oneStepCheckout")} centered zIndex={400}>
          <Stack gap="sm">
            <Text fw={600}>{title}</Text>
            <ProductCheckoutForm product={product} storeProduct={storeProduct} />
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
