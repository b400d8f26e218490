import { currencyRows, invoicesOfIntents } from "../billing/index.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { MoneyCurrency } from "../../../common/money-in-language.js";

/**
 * What was given back of an order's payment: the refunded amount of its latest invoice that has
 * one (billing/invoices `refundedAmount`, exact; a checkout of several orders is one invoice, so
 * the amount is the checkout's), with the order's currency (its code and places). Undefined when
 * nothing was refunded. For the cancellation mail a refund sends (order-status-notices.ts).
 */
export async function refundOfOrder(
  db: ModelQueries,
  orderId: string,
): Promise<{ amount: string; currency: MoneyCurrency } | undefined> {
  const row = await db
    .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
    .innerJoin(invoicesOfIntents(db).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
    .leftJoin("ecommerce/orders-to-billing-module-currencies as oc", "oc.orderId", "op.orderId")
    .leftJoin(currencyRows(db).as("c"), "c.id", "oc.billingModuleCurrencyId")
    .select(["i.refundedAmount", "i.currency", "c.slug", "c.decimals"])
    .where("op.orderId", "=", orderId)
    .where("i.refundedAmount", "is not", null)
    .orderBy("i.createdAt", "desc")
    // The currency of the order's latest checkout (as the receipt reads it), when it has checked out more than once.
    .orderBy("oc.createdAt", "desc")
    .executeTakeFirst();
  if (!row?.refundedAmount) return undefined;
  const code = String(row.currency ?? row.slug ?? "").toUpperCase();
  return { amount: String(row.refundedAmount), currency: { code, decimals: Number(row.decimals ?? 2) } };
}
