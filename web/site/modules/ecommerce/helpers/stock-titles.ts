import { text } from "../../../../../common/i18n/text.js";
import { useCart } from "../cart/use-cart.js";
import { lineTitle } from "../orders/order-parts.js";
import { useShop } from "./use-shop.js";

export { withStockError } from "./stock.js";

/** A product's name in the page's language for a stock message: from the page's records, else the cart's lines. */
export function useStockTitles(): (productId: string) => string | undefined {
  const { site, language } = useShop();
  const { state } = useCart();
  return (productId) => {
    const own = text(site.get("ecommerce/products", productId)?.title, language);
    if (own) return own;
    const line = state.orders.flatMap((o) => o.ordersToProducts).find((l) => l.productId === productId);
    return line ? lineTitle(line, language) : undefined;
  };
}
