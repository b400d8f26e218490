import { Button } from "@mantine/core";
import { Group, Stack, Text } from "../../../render/primitives.js";
import { Suspense, useState } from "react";
import type { Row } from "../../../../../common/site/page-data.js";
import { lazyComponent } from "../../../render/lazy-component.js";
import { AddToCartButton } from "../cart/add-to-cart-button.js";
import { cartLineOf } from "../cart/cart-store.js";
import { useCart } from "../cart/use-cart.js";
import { OrderDelete } from "../orders/order-delete.js";
import { OrderQuantityUpdate } from "../orders/order-quantity-update.js";
import { productPrices } from "../helpers/price.js";
import { useShop } from "../helpers/use-shop.js";
import { stockLeft, stockMessage } from "../helpers/stock.js";

/** The checkout dialogs (Modal, the checkout forms) are imported when one is first opened. */
const checkoutDialog = lazyComponent(() =>
  import("../checkout/product-checkout-dialog.js").then((m) => m.ProductCheckoutDialog),
);

/**
 * The product cart card's actions: when the subject's cart holds the product
 * (from the store `storeProduct` places it in: a stores-to-products row), its quantity, Delete and Checkout; otherwise 'Add to cart' and, for a
 * product with a price, 'Buy now' (the one-step checkout form in a dialog).
 */
export function ProductCartActions({
  product,
  storeProduct,
  size = "sm",
}: {
  product: Row;
  storeProduct?: Row;
  size?: "sm" | "md";
}) {
  const { t, site } = useShop();
  const { subjectId, state, session } = useCart();
  const [dialog, setDialog] = useState<"order" | "product" | null>(null);
  const storeId = typeof storeProduct?.storeId === "string" ? storeProduct.storeId : undefined;
  const inCart = subjectId && state.loaded ? cartLineOf(state, product.id, storeId) : undefined;
  const hasPrice = productPrices(site, product.id, site.language, storeProduct).some((price) => price.currency);
  // Sold out (as the page was rendered): no add to cart or buy now; the server refuses them anyway (409).
  const soldOut = stockLeft(product, storeProduct) === 0;

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
      ) : soldOut ? (
        <Group gap="xs">
          <Button size={size} variant="default" disabled data-sold-out={product.id}>
            {stockMessage("outOfStock", site.language)}
          </Button>
        </Group>
      ) : (
        <Group gap="xs" wrap="wrap">
          <AddToCartButton productId={product.id} storeId={storeId} size={size} />
          {(subjectId || session.status === "signed-out") && hasPrice ? (
            <Button size={size} variant="default" onClick={() => setDialog("product")}>
              {t("buyNow")}
            </Button>
          ) : null}
        </Group>
      )}
      {dialog ? (
        <Suspense fallback={null}>
          <checkoutDialog.Component
            dialog={dialog}
            product={product}
            storeProduct={storeProduct}
            order={inCart?.order as unknown as Row | undefined}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
