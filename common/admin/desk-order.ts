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
}
