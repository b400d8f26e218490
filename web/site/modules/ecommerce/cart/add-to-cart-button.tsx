import { LinkButton, type LinkButtonLook } from "../../../render/link-button.js";
import { showSuccess, useAction } from "../../rbac/use-action.js";
import { useCart } from "./use-cart.js";
import { SIGN_IN_PAGE } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";
import { useStockTitles, withStockError } from "../helpers/stock-titles.js";

interface Props extends Pick<LinkButtonLook, "size" | "variant"> {
  fullWidth?: boolean;
  productId: string;
  storeId?: string;
  quantity?: number;
}

/**
 * 'Add to cart' ('Adding...' while pending, 'Updated successfully' when done). Visitors get the
 * same button as a link to sign-in (the cart is for signed-in subjects); until the browser knows
 * who is signed in (and on the server) it is drawn disabled.
 */
export function AddToCartButton({ productId, storeId, quantity = 1, size = "sm", variant = "filled", fullWidth }: Props) {
  const { t, href, language } = useShop();
  const titleOf = useStockTitles();
  const { session, subjectId, store } = useCart();
  const { pending, act } = useAction(async () => {
    // A sold-out product (or past what is left) is the server's 409: said in the page's language.
    await withStockError(store.add(productId, quantity, storeId), language, titleOf);
    showSuccess(t("updated"));
  });
  const common = { size, variant, fullWidth, "data-add-to-cart": productId };
  if (session.status === "signed-out") {
    return (
      <LinkButton href={href(SIGN_IN_PAGE)} {...common}>
        {t("addToCart")}
      </LinkButton>
    );
  }
  return (
    <LinkButton component="button" onClick={() => void act()} disabled={!subjectId || pending} {...common}>
      {pending ? t("adding") : t("addToCart")}
    </LinkButton>
  );
}
