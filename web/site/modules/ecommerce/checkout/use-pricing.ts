import { useState } from "react";
import { isEmail, type Order } from "../helpers/shop-api.js";
import { useQuote, type ProductLine } from "./use-quote.js";
import type { AddressState } from "./use-address.js";

interface PricingInput {
  subjectId?: string;
  /** The orders to check out (all of them are quoted together, as the checkout charges them)… */
  orders?: Order[];
  /** …or the one-step checkout's product line (no order exists yet). */
  product?: ProductLine;
  currencyId?: string;
  /** The checkout's address fields: their country and region as typed so far, when something is delivered. */
  address: AddressState;
  email: string;
}

/** A code as the quote compares it: without surrounding spaces, in any case. */
const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The buyer's pricing choices at checkout (docs/shop-pricing.md) and the quote they make: the
 * discount codes typed, the delivery chosen among the country's options (the cheapest until one
 * is chosen, again for each new country), and what the checkout call sends with them.
 */
export function usePricing({ subjectId, orders = [], product, currencyId, address, email }: PricingInput) {
  // Quoted for the address's country: with nothing to deliver there is no address, no destination.
  const { country, region } = address.needed ? address.address : { country: "", region: "" };
  const [codes, setCodes] = useState<string[]>([]);
  const [chosen, setChosen] = useState<{ country: string; id: string }>();
  // A delivery chosen for another country is not one of this country's options.
  const rateId = chosen?.country === country ? chosen.id : undefined;
  const cartKey = product
    ? `${product.productId}@${product.storeId ?? ""}x${product.quantity}`
    : orders
        .map((order) => `${order.id}:${order.ordersToProducts.map((line) => `${line.id}x${line.quantity}`).join(",")}`)
        .join(";");
  const request =
    product || orders.length
      ? {
          ...(product ? { product } : { orderIds: orders.map((order) => order.id) }),
          ...(currencyId ? { currencyId } : {}),
          ...(country ? { country, ...(region.trim() ? { region: region.trim() } : {}) } : {}),
          ...(rateId ? { shippingRateId: rateId } : {}),
          discountCodes: codes,
          // Only a code's per-buyer limit reads the email: typing it asks nothing otherwise.
          ...(codes.length && isEmail(email) ? { email: email.trim() } : {}),
        }
      : undefined;
  const { quote, pending } = useQuote(subjectId, request, cartKey);

  /** How the quote judged a typed code: applied, refused (with the reason), or not yet known. */
  const verdict = (code: string): { applied: boolean; reason?: string } => {
    if (pending || !quote) return { applied: false };
    if (quote.appliedCodes.some((applied) => same(applied, code))) return { applied: true };
    return { applied: false, reason: quote.refusedCodes.find((refused) => same(refused.code, code))?.reason };
  };

  return {
    quote,
    /** The quote shown is not yet the answer to the current choices (the checkout waits for it). */
    pending,
    codes,
    verdict,
    /** A code typed again (in any case) is already in the list: it is not sent twice. */
    addCode: (typed: string) => {
      const code = typed.trim();
      if (code) setCodes((current) => (current.some((c) => same(c, code)) ? current : [...current, code]));
    },
    removeCode: (code: string) => setCodes((current) => current.filter((c) => c !== code)),
    /** The delivery the radio shows: the one chosen, else the one the quote charges (the cheapest). */
    shippingRateId: rateId ?? quote?.shippingRateId ?? undefined,
    chooseRate: (id: string) => setChosen({ country, id }),
    /** The checkout cannot be paid as it stands (no delivery to the country…): the quote's problem. */
    problem: pending ? undefined : (quote?.problem ?? undefined),
    /** What the checkout sends beside its own fields: the delivery chosen, the codes the quote applied. */
    choices: () => ({
      ...(rateId ? { shippingRateId: rateId } : {}),
      ...(quote?.appliedCodes.length ? { discountCodes: quote.appliedCodes } : {}),
    }),
  };
}

export type Pricing = ReturnType<typeof usePricing>;
