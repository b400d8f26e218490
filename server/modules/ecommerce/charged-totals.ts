import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { invoicesOfIntents } from "../billing/index.js";
import type { Currency } from "./prices.js";

/**
 * What a checked-out order's payment charged (docs/shop.md "Your orders"): its invoice's amount —
 * the goods less discounts, with delivery and tax (the invoice's breakdown) — in the currency
 * paid in, and every order that one payment was for (this one among them, in checkout order).
 */
export interface Charged {
  total: string;
  billingModuleCurrency: Currency;
  orders: string[];
}

/**
 * The charged total of each order among `orderIds` that has an invoice, in one query: the
 * invoice of its payment intent (Pay now moves the order to a new intent and invoice, pay-again.ts;
 * should an intent ever hold several, the newest counts), and the orders that intent pays for. `paidIn`: each order's checkout currency (Orders.checkoutCurrencies).
 */
export async function chargedTotals(
  db: ModelQueries,
  orderIds: string[],
  paidIn: ReadonlyMap<string, Currency>,
): Promise<Map<string, Charged>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
    .innerJoin(invoicesOfIntents(db).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
    .innerJoin("ecommerce/orders-to-billing-module-payment-intents as together", (join) =>
      join.onRef("together.billingModulePaymentIntentId", "=", "op.billingModulePaymentIntentId"),
    )
    .select(["op.orderId", "i.id as invoiceId", "i.amount", "i.createdAt", "together.orderId as withOrderId"])
    .where("op.orderId", "in", orderIds)
    .orderBy("i.createdAt", "asc")
    .orderBy("together.createdAt", "asc")
    .execute();
  // Rows come oldest invoice first: a newer invoice of the order replaces the one before.
  const latest = new Map<string, { invoiceId: string; amount: string; orders: string[] }>();
  for (const row of rows) {
    const seen = latest.get(row.orderId);
    if (seen?.invoiceId === row.invoiceId) {
      if (!seen.orders.includes(row.withOrderId)) seen.orders.push(row.withOrderId);
    } else latest.set(row.orderId, { invoiceId: row.invoiceId, amount: String(row.amount), orders: [row.withOrderId] });
  }
  const charged = new Map<string, Charged>();
  for (const [orderId, { amount, orders }] of latest) {
    const currency = paidIn.get(orderId);
    if (currency) charged.set(orderId, { total: amount, billingModuleCurrency: currency, orders });
  }
  return charged;
}

/** A checked-out order with what its payment charged, when it has an invoice. */
export const withCharged = <T extends object>(order: T, charged: Charged | undefined): T & { charged?: Charged } =>
  charged ? { ...order, charged } : order;
