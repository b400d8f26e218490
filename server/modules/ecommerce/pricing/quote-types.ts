/** A text per language code. */
type LanguageMap = Record<string, string>;

/**
 * What a quote (quote.ts) is computed from and what it answers. Every amount is a decimal string
 * in the checkout's currency; the quote works in the currency's minor units and never in floats.
 */

/** One order line as the checkout prices it (prices.ts), with what shipping and taxes need. */
export interface QuoteLine {
  id: string;
  productId: string;
  unitPrice: string;
  quantity: number;
  /** unitPrice × quantity rounded to the currency, as the checkout has always charged it. */
  amount: string;
  /** Grams per item; none: weighs nothing. */
  weight: number | null;
  categoryIds: readonly string[];
  /** The product is delivered (its `shipping` is required). */
  ships: boolean;
}

export interface ShippingRateRule {
  id: string;
  title: LanguageMap;
  countries: readonly string[];
  amount: string;
  minWeight?: number | null;
  maxWeight?: number | null;
  minSubtotal?: string | null;
  maxSubtotal?: string | null;
  freeFrom?: string | null;
}

export interface TaxRateRule {
  id: string;
  title: LanguageMap;
  country: string;
  region?: string | null;
  /** Percent as a decimal string ("19", "7.5"). */
  rate: string;
  categoryId?: string | null;
  taxShipping: boolean;
}

export type DiscountKind = "percent" | "amount" | "free-shipping";

export interface DiscountCodeRule {
  id: string;
  code: string;
  title?: LanguageMap | null;
  kind: DiscountKind;
  value?: string | null;
  currencyId?: string | null;
  productIds: readonly string[];
  categoryIds: readonly string[];
  minSubtotal?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  usageLimit?: number | null;
  used: number;
  usageLimitPerCustomer?: number | null;
  /** This buyer's uses so far (by subject or email). */
  usedByCustomer: number;
  combinable: boolean;
  active: boolean;
}

export interface QuoteInput {
  currency: { id: string; decimals: number };
  /** PRICES_INCLUDE_TAX: prices are gross (tax inside) instead of net (tax added). */
  pricesIncludeTax: boolean;
  lines: readonly QuoteLine[];
  /** Where the goods go: the shipping address's country (ISO 3166 alpha-2) and region; none: not known yet. */
  destination?: { country: string; region?: string | null };
  /** Whether the shop has any shipping rate at all: with none, delivery costs nothing, as before rates existed. */
  shippingConfigured: boolean;
  /** The shop's shipping rates in the checkout's currency. */
  shippingRates: readonly ShippingRateRule[];
  shippingRateId?: string;
  /** Tax rates of the destination's country (others are ignored anyway). */
  taxRates: readonly TaxRateRule[];
  /** The codes as the buyer typed them, in order. */
  discountCodes: readonly string[];
  /** Those of the typed codes the shop has (matched without regard to case). */
  knownCodes: readonly DiscountCodeRule[];
  now: Date;
}

/** Why a typed code was not applied; the site says it in the visitor's language (common/shop/discount-reasons.ts). */
export type RefusalReason =
  | "unknown"
  | "inactive"
  | "not-started"
  | "expired"
  | "used-up"
  | "already-used"
  | "currency"
  | "min-subtotal"
  | "not-applicable"
  | "not-combinable"
  | "repeated";

export interface QuotedLine {
  id: string;
  productId: string;
  unitPrice: string;
  quantity: number;
  amount: string;
  discount: string;
  tax: string;
  /** The percent taxed at ("19"), none when untaxed. */
  taxRate: string | null;
}

export interface QuotedTax {
  id: string;
  title: LanguageMap;
  rate: string;
  amount: string;
}

export interface ShippingOption {
  id: string;
  title: LanguageMap;
  amount: string;
}

/** Something that stops a checkout (the quote still answers it, so the cart can show why). */
export type QuoteProblem =
  | { kind: "no-shipping-rate"; country: string }
  | { kind: "shipping-rate-unavailable"; shippingRateId: string };

export interface Quote {
  lines: QuotedLine[];
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  /** Tax is inside the prices (PRICES_INCLUDE_TAX) rather than added to them. */
  taxIncluded: boolean;
  taxes: QuotedTax[];
  shippingOptions: ShippingOption[];
  /** The option charged for: the one asked for, else the cheapest; none when nothing ships or the shop has no rates. */
  shippingRateId: string | null;
  appliedCodes: string[];
  refusedCodes: { code: string; reason: RefusalReason }[];
  problem: QuoteProblem | null;
}
