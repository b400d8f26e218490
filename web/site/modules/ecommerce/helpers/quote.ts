import type { Currency } from "./price.js";

/** A text per language code. */
type LanguageMap = Record<string, string>;

/**
 * What POST …/orders/quote answers (docs/api.md "Shop wire shapes", docs/shop-pricing.md): what a
 * checkout of the orders would charge. Every amount is an exact decimal string in `currency`.
 */
export interface Quote {
  lines: { id: string; productId: string; amount: string; discount: string; tax: string; taxRate: string | null }[];
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  /** The prices hold their tax (PRICES_INCLUDE_TAX): it is shown as inside, not added. */
  taxIncluded: boolean;
  taxes: { id: string; title: LanguageMap; rate: string; amount: string }[];
  currency: Currency;
  /** The deliveries offered for the address's country, cheapest first. */
  shippingOptions: ShippingOption[];
  /** The delivery charged for (the one chosen, else the cheapest); none when nothing is delivered. */
  shippingRateId: string | null;
  /** The codes applied, in upper case. */
  appliedCodes: string[];
  /** The typed codes refused, as typed, each with its reason (common/shop/discount-reasons.ts). */
  refusedCodes: { code: string; reason: string }[];
  problem: QuoteProblem | null;
}

export interface ShippingOption {
  id: string;
  title: LanguageMap;
  amount: string;
}

/** What stops the checkout: no delivery to the country, or a delivery no longer offered. */
export type QuoteProblem =
  | { kind: "no-shipping-rate"; country: string }
  | { kind: "shipping-rate-unavailable"; shippingRateId: string };

/** A decimal string above zero ("0.00" and "0" are not). */
export const isPositive = (amount: string) => /[1-9]/.test(amount);

/**
 * Whether the quote has anything to show beside its total: a discount or an applied code, a
 * delivery charged for, a tax. A shop without pricing rules has none, and its cart shows the
 * totals alone, as before the rules existed.
 */
export const hasBreakdown = (quote: Quote) =>
  isPositive(quote.discount) ||
  quote.appliedCodes.length > 0 ||
  quote.shippingRateId !== null ||
  quote.taxes.length > 0;
