import { ActionIcon, Indicator } from "@mantine/core";
import { Suspense, useState } from "react";
import { lazyComponent } from "../../../render/lazy-component.js";
import { useCart } from "./use-cart.js";
import { CartIcon } from "./cart-icon.js";
import { useShop } from "../helpers/use-shop.js";

/** The drawer (Mantine Drawer, focus trap, the order forms) is imported on the first open. */
const cartDrawer = lazyComponent(() => import("./cart-drawer.js").then((m) => m.CartDrawer));

/**
 * The navbar's cart: an icon with the item count (badge only when non-zero), shown only once a
 * signed-in subject is loaded; it opens the cart drawer.
 */
export function CartButton() {
  const { t } = useShop();
  const { subjectId, state } = useCart();
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  if (!subjectId) return null;
  const quantity = state.loaded ? state.quantity : 0;
  return (
    <>
      <Indicator
        label={quantity}
        size={18}
        offset={4}
        disabled={!quantity}
        color="indigo"
        data-cart-quantity={quantity}
      >
        <ActionIcon
          variant="default"
          size="lg"
          radius="md"
          aria-label={t("openCart")}
          onClick={() => (setOpened(true), setEverOpened(true))}
          data-cart-button=""
        >
          <CartIcon />
        </ActionIcon>
      </Indicator>
      {/* Kept once opened, so closing plays the drawer's transition. */}
      {everOpened ? (
        <Suspense fallback={null}>
          <cartDrawer.Component opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
