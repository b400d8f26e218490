import type { Kysely } from "kysely";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";

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
export async function releaseOrders(repository: RepositoryLookup, trx: Kysely<any>, table: (id: string) => string, intentIds: string[]): Promise<string[]> {
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
  return paying;
}
