/**
 * The order desk's wire contract (/admin/orders; docs/shop.md "The order desk"): what its routes
 * answer (server/modules/ecommerce/routes/desk-routes.ts, built by order-desk.ts) and its screens
 * read (web/admin/orders/). One type for both sides.
 */

/** One order as the desk shows it. Amounts are exact decimal strings at the currency's precision. */
export interface DeskOrder {
  id: string;
  number: string;
  /** When it was checked out (its invoice's date), else when it was made. */
  date: string;
  status: string;
  customer: { email: string | null; name: string | null };
  lines: { title: string; quantity: number }[];
  /** What the customer was charged: the invoice's amount (one checkout of several orders charges them together). */
  total: string | null;
  currency: { code: string; symbol: string | null; decimals: number } | null;
  paid: string | null;
  refunded: string | null;
  provider: string | null;
  invoice: { id: string; status: string; flag: string | null } | null;
  shippingAddress: Record<string, unknown> | null;
  /**
   * On one order's page: what its invoice charged, from the invoice's breakdown (docs/shop-pricing.md),
   * with what refunds gave back of delivery and tax; null for an invoice from before breakdowns.
   * A checkout of several orders shows its invoice's figures on each (as `total`).
   */
  pricing?: DeskPricing | null;
}

/** A line its invoice charged, and what refunds gave back of it (tax included). */
export interface DeskPricedLine {
  /** The order line's id: what a refund's allocation names it by. */
  id: string;
  title: string;
  quantity: number;
  /** The number of the order it belongs to when not this one (a checkout of several orders); null for this order's. */
  otherOrder: string | null;
  unitPrice: string;
  amount: string;
  discount: string;
  tax: string;
  /** The percent it was taxed at ("19"); null when untaxed. */
  taxRate: string | null;
  refunded: string;
}

export interface DeskPricing {
  /** Every line the invoice charged: this order's, then those of the orders checked out with it. */
  lines: DeskPricedLine[];
  subtotal: string;
  discount: string;
  /** The discount codes applied, in upper case. */
  codes: string[];
  shipping: string;
  /** The delivery option's title in the desk's language; null when nothing ships. */
  shippingTitle: string | null;
  tax: string;
  /** Prices were gross: the tax is inside the amounts ("incl. VAT 19%"), not added to them. */
  taxIncluded: boolean;
  /** The tax per rate: its title in the desk's language, its percent and amount. */
  taxes: { title: string; rate: string; amount: string }[];
  total: string;
  /** What refunds gave back of delivery (its tax included) and of the tax in all. */
  refunded: { delivery: string; tax: string };
}
