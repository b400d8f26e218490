import { createElement } from "react";
import { LinkButton, type LinkButtonLook } from "../../../render/link-button.js";
import { useSession } from "../../../session/use-session.js";
import { showToast } from "../../../../ui/toast.js";
import { useAction } from "../../rbac/use-action.js";
import { useCart } from "./use-cart.js";
import { CART_PAGE } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";
import { useStockTitles, withStockError } from "../helpers/stock-titles.js";

interface Props extends Pick<LinkButtonLook, "size" | "variant"> {
  fullWidth?: boolean;
  productId: string;
  storeId?: string;
  quantity?: number;
}

/**
 * 'Add to cart' ('Adding...' while pending; then the toast 'Added to cart' with a link to the
 * cart). A signed-out visitor needs no account (docs/shop.md "The buyer's path"): the first add starts a guest session
 * (authentication/init) and fills its cart; signing up later keeps it, signing in merges it. Until
 * the browser knows who is signed in (and on the server) it is drawn disabled.
 */
export function AddToCartButton({
  productId,
  storeId,
  quantity = 1,
  size = "sm",
  variant = "filled",
  fullWidth,
}: Props) {
  const { t, href, language } = useShop();
  const titleOf = useStockTitles();
  const { session, subjectId, store } = useCart();
  const { store: sessionStore } = useSession();
  const { pending, act } = useAction(async () => {
    if (!subjectId) store.ensure(await sessionStore.startGuest(language));
    // A sold-out product (or past what is left) is the server's 409: said in the page's language.
    await withStockError(store.add(productId, quantity, storeId), language, titleOf);
    showToast({
      color: "teal",
      title: t("addedToCart"),
      message: createElement(
        "a",
        { href: href(CART_PAGE), "data-toast-cart-link": "", style: { color: "inherit", fontWeight: 600 } },
        t("viewCart"),
      ),
    });
  });
  const common = { size, variant, fullWidth, "data-add-to-cart": productId };
  const ready = session.status === "signed-out" || Boolean(subjectId);
  return (
    <LinkButton component="button" onClick={() => void act()} disabled={!ready || pending} {...common}>
      {pending ? t("adding") : t("addToCart")}
    </LinkButton>
  );
}
