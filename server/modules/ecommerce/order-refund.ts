import { currencyRows, invoiceById, invoicesOfIntents, refundsOf, type RefundAllocation } from "../billing/index.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { MoneyCurrency } from "../../../common/money-in-language.js";
import { fromMinor, toMinor } from "../../../common/money.js";
import { chargedBreakdown, placesOf } from "./invoice-breakdown.js";
import { allocationJson, chargedParts, refundedParts, shareRefund } from "./refund-allocation.js";

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

/**
 * What a refund of `amount` (the whole amount left when absent) gives back of each part of the
 * invoice, for billing to store with it (refund-allocation.ts; docs/shop-pricing.md "Refunds"):
 * shared out after the refunds the invoice records. Undefined when there is nothing to share out —
 * an invoice without a breakdown, or an amount billing will refuse (it says why) — so the refund
 * goes on as it did before breakdowns.
 */
export async function refundAllocation(
  db: ModelQueries,
  invoiceId: string,
  amount: string | undefined,
): Promise<RefundAllocation | undefined> {
  const invoice = await invoiceById(db, invoiceId);
  const breakdown = chargedBreakdown(invoice?.breakdown);
  if (invoice?.status !== "paid" || !breakdown) return undefined;
  const places = placesOf(breakdown);
  const parts = chargedParts(breakdown, places);
  const paid = toMinor(String(invoice.amount), places) ?? 0n;
  // An invoice charging other than its breakdown's total (written by hand) has no parts to share out.
  if (!parts || paid !== parts.reduce((sum, p) => sum + p.charged, 0n)) return undefined;
  const refunded = invoice.refundedAmount == null ? 0n : (toMinor(String(invoice.refundedAmount), places) ?? 0n);
  const units = amount === undefined ? paid - refunded : exactUnits(amount, places);
  if (units === undefined || units <= 0n || units > paid - refunded) return undefined;
  const earlier = (await refundsOf(db, [invoiceId])).filter((r) => r.status === "succeeded").map((r) => r.allocation);
  const before = refundedParts(parts, earlier, refunded, places);
  const left = parts.reduce((sum, p) => sum + p.charged - (before.get(p.key)?.amount ?? 0n), 0n);
  if (units > left) return undefined;
  return {
    amount: fromMinor(units, places),
    after: fromMinor(refunded, places),
    parts: allocationJson(shareRefund(parts, before, units), places),
  };
}

/** A decimal string in minor units when it has no more places than the currency (billing refuses the rest). */
function exactUnits(amount: string, places: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match || (match[2] ?? "").replace(/0+$/, "").length > places) return undefined;
  return toMinor(amount, places);
}
