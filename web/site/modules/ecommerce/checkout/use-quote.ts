import { useEffect, useState } from "react";
import { useSession } from "../../../session/use-session.js";
import type { Quote } from "../helpers/quote.js";
import { shopApi } from "../helpers/shop-api.js";

/**
 * How long a change waits for the next before the quote is asked: typing a quantity, a country
 * or a code, or several cart lines reloading at once, is one call, not one per step.
 */
export const QUOTE_DEBOUNCE_MS = 250;

/** The one-step checkout's line (POST …/products/{id}/quote): what its order would hold. */
export interface ProductLine {
  productId: string;
  storeId?: string;
  quantity: number;
}

/**
 * What the quote is asked for (docs/api.md "Shop wire shapes"): cart orders (POST …/orders/quote)
 * or the product line of a one-step checkout (POST …/products/{id}/quote).
 */
export interface QuoteRequest {
  orderIds?: string[];
  product?: ProductLine;
  currencyId?: string;
  /** The address's country; none yet: no tax, only the deliveries to everywhere. */
  country?: string;
  /** The address's state or province, for a region's tax rate. */
  region?: string;
  shippingRateId?: string;
  discountCodes: string[];
  /** Counts a guest's earlier uses of a code (usageLimitPerCustomer). */
  email?: string;
}

/**
 * The quote of `request`, asked again (after QUOTE_DEBOUNCE_MS) whenever it or `cartKey` (the
 * cart's lines and quantities) changes; an answer to an older request is dropped. `pending` while
 * the shown quote is not the answer to the current request. Undefined when there is none or the
 * server refused it (orders with no price in the currency): the cart then shows its own totals.
 */
export function useQuote(subjectId: string | undefined, request: QuoteRequest | undefined, cartKey: string) {
  const { store: session } = useSession();
  const key = subjectId && request ? JSON.stringify([subjectId, request, cartKey]) : "";
  const [answer, setAnswer] = useState<{ key: string; quote?: Quote }>({ key: "" });

  useEffect(() => {
    if (!key || !subjectId || !request) return;
    let live = true;
    const timer = setTimeout(() => {
      const { orderIds, product, currencyId, country, region, shippingRateId, discountCodes, email } = request;
      const [path, what] = product
        ? [
            `products/${product.productId}/quote`,
            { quantity: product.quantity, ...(product.storeId ? { storeId: product.storeId } : {}) },
          ]
        : ["orders/quote", { ecommerceModule: { orders: (orderIds ?? []).map((id) => ({ id })) } }];
      session
        .call<Quote>(`${shopApi(subjectId)}/${path}`, {
          method: "POST",
          body: {
            ...what,
            ...(currencyId ? { billingModule: { currency: { id: currencyId } } } : {}),
            ...(country ? { shippingAddress: { country, ...(region ? { region } : {}) } } : {}),
            ...(shippingRateId ? { shippingRateId } : {}),
            ...(discountCodes.length ? { discountCodes } : {}),
            ...(email ? { email } : {}),
          },
        })
        .then((quote) => live && setAnswer({ key, quote }))
        // No figures beyond the cart's own: the checkout itself says what is wrong, if anything.
        .catch(() => live && setAnswer({ key }));
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The key is the request: a new object with the same content asks nothing again.
  }, [key, session]);

  return { quote: key ? answer.quote : undefined, pending: key !== "" && answer.key !== key };
}
