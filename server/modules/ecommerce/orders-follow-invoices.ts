import type { Kysely } from "kysely";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { InvoiceStateChange, InvoiceStateListener } from "../billing/index.js";
import { releaseStock } from "./stock.js";

/**
 * What an invoice's move (announced by billing inside its transaction) does to the orders it
 * pays — the orders linked to its payment intents:
 *
 * | invoice moves to | from             | its orders                                          |
 * |------------------|------------------|-----------------------------------------------------|
 * | paid             | new              | those still `paying` under it: history, approving   |
 * | paid             | failed, canceled | none (they left this invoice when it failed)        |
 * | failed, canceled | new              | back to the cart (cart, new), unlinked (releaseOrders), stock given back |
 * | refunded         | paid             | history, canceled, stock given back                 |
 *
 * An invoice pays exactly the lines it was made for: orders put back in the cart may change, so
 * a late "paid" for the old invoice must not approve them (issue 23, finding 2). Returns the
 * orders moved; billing flags a "paid" that moved none.
 */
export function ordersFollowInvoices(table: (id: string) => string): InvoiceStateListener {
  return async ({ invoice, state, paymentIntentIds }: InvoiceStateChange, repository, trx) => {
    if (state === "failed" || state === "canceled") return releaseOrders(repository, trx, table, paymentIntentIds);
    if (paymentIntentIds.length === 0 || (state === "paid" && invoice.status !== "new")) return [];
    const moves = { paid: { type: "history", status: "approving", from: ["paying"] }, refunded: { type: "history", status: "canceled" } } as const;
    const { from, ...orders }: { type: string; status: string; from?: readonly string[] } = moves[state];
    let query = trx
      .selectFrom(`${table("ecommerce/orders-to-billing-module-payment-intents")} as op`)
      .innerJoin(`${table("ecommerce/orders")} as o`, "o.id", "op.orderId")
      .select("o.id")
      .where("op.billingModulePaymentIntentId", "in", paymentIntentIds);
    if (from) query = query.where("o.status", "in", from);
    const ids = [...new Set((await query.execute()).map((o) => o.id as string))];
    const moved = (await repository("ecommerce/orders").updateMany(ids, orders)).map((o) => o.id as string);
    // A refund cancels the orders: their reserved stock goes back (stock.ts).
    if (state === "refunded") await releaseStock(moved, trx, repository, table);
    return moved;
  };
}

/**
 * Orders leave a payment that will not be made (declined, canceled, or a checkout whose provider
 * call failed or was abandoned): those still `paying` go back to the cart, and their links to the
 * payment intents — and the currency links the checkout made — are deleted. The invoice then no
 * longer reaches them, so a late "paid" for it cannot approve orders whose lines have changed
 * since (issue 23, finding 2: one mug's 18.00 approved a cart of 500). An order already past
 * `paying` (approved, canceled) keeps its links and its status. Returns the orders put back.
 *
 * The links are deleted with the transaction's own statements (one per table, whatever the number
 * of orders); the orders are written through their repository, so the status trigger and the
 * change feed see them.
 */
async function releaseOrders(repository: RepositoryLookup, trx: Kysely<any>, table: (id: string) => string, intentIds: string[]): Promise<string[]> {
  if (intentIds.length === 0) return [];
  const linked = await trx
    .selectFrom(`${table("ecommerce/orders-to-billing-module-payment-intents")} as op`)
    .innerJoin(`${table("ecommerce/orders")} as o`, "o.id", "op.orderId")
    .select(["o.id", "o.status"])
    .where("op.billingModulePaymentIntentId", "in", intentIds)
    .forUpdate("o")
    .execute();
  const paying = [...new Set(linked.filter((o) => o.status === "paying").map((o) => o.id as string))];
  if (paying.length === 0) return [];
  const currencies = await trx.selectFrom(table("billing/payment-intents-to-currencies")).select("currencyId").where("paymentIntentId", "in", intentIds).execute();
  await trx
    .deleteFrom(table("ecommerce/orders-to-billing-module-payment-intents"))
    .where("orderId", "in", paying)
    .where("billingModulePaymentIntentId", "in", intentIds)
    .execute();
  if (currencies.length > 0) {
    await trx
      .deleteFrom(table("ecommerce/orders-to-billing-module-currencies"))
      .where("orderId", "in", paying)
      .where("billingModuleCurrencyId", "in", currencies.map((c) => c.currencyId))
      .execute();
  }
  await repository("ecommerce/orders").updateMany(paying, { type: "cart", status: "new" });
  // Back in the cart, they no longer hold their items: the stock they reserved goes back (stock.ts).
  await releaseStock(paying, trx, repository, table);
  return paying;
}
