import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { FastifyInstance } from "fastify";
import { queueOrderEvents } from "./order-webhook-events.js";
import { currencyIdsOfIntents, type InvoiceStateChange, type InvoiceStateListener } from "../billing/index.js";
import { releaseStock } from "./stock.js";
import type { OrderStatus } from "./orders.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { ShopPricing } from "./pricing/shop-pricing.js";

type CodeUses = Pick<ShopPricing, "releaseCodes">;

/**
 * What an invoice's move (announced by billing inside its transaction) does to the orders it
 * pays — the orders linked to its payment intents:
 *
 * | invoice moves to | from             | its orders                                          |
 * |------------------|------------------|-----------------------------------------------------|
 * | paid             | new              | those still `paying` under it: history, approving   |
 * | paid             | failed, canceled | none (a failed invoice never pays anything)         |
 * | failed, canceled | new, with a payment page | stay `paying` in the orders list (Pay now, Back to cart), stock given back |
 * | failed, canceled | new, no payment page     | back to the cart (cart, new), unlinked (returnToCart), stock given back |
 * | refunded         | paid             | those it approved (not `paying`): history, canceled, stock given back |
 *
 * A payment declined or canceled at the provider (its page existed) leaves the orders unpaid in
 * the buyer's orders list, still linked to that invoice: Pay now makes a new invoice for the same
 * lines (pay-again.ts), Back to cart returns them to the cart. A checkout whose provider call
 * failed or was abandoned (no page ever) puts them straight back in the cart: the buyer is still
 * at the cart. An invoice pays exactly the lines it was made for: a late "paid" for a failed or
 * canceled invoice approves nothing — the orders may have gone back to the
 * cart and changed, or been paid again. Returns the orders moved; billing flags a "paid" that
 * moved none.
 */
export function ordersFollowInvoices(codes: CodeUses, webhooks: FastifyInstance["webhooks"]): InvoiceStateListener {
  return async ({ invoice, state, paymentIntentIds }: InvoiceStateChange, repository, trx) => {
    // A failed, declined, canceled or expired invoice gives back the discount codes' uses it held
    // (pricing/shop-pricing.ts), whatever became of its orders.
    if (state === "failed" || state === "canceled") await codes.releaseCodes(trx, invoice.id);
    if (paymentIntentIds.length === 0) return [];
    if (state === "failed" || state === "canceled") {
      const paying = await payingUnder(trx, paymentIntentIds);
      if (!invoice.paymentUrl) return returnToCart(repository, trx, paying, paymentIntentIds);
      // Declined: unpaid in the orders list; the items they held go back (Pay now reserves again).
      await releaseStock(paying, trx, repository, ["paying"]);
      return paying;
    }
    if (state === "paid" && invoice.status !== "new") return [];
    // A refund cancels what its invoice approved; an order still waiting after a declined payment is not that.
    const moves = {
      paid: { type: "history", status: "approving", from: ["paying"] },
      refunded: {
        type: "history",
        status: "canceled",
        from: ["approving", "packaging", "delivering", "delivered", "canceled"],
      },
    } as const;
    const { from, ...orders }: { type: string; status: string; from?: readonly OrderStatus[] } = moves[state];
    let query = trx
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
      .innerJoin("ecommerce/orders as o", "o.id", "op.orderId")
      .select("o.id")
      .where("op.billingModulePaymentIntentId", "in", paymentIntentIds);
    if (from) query = query.where("o.status", "in", [...from]);
    const ids = [...new Set((await query.execute()).map((o) => o.id))];
    const moved = (await repository("ecommerce/orders").updateMany(ids, orders)).map((o) => o.id);
    // A refund cancels the orders: their reserved stock goes back (stock.ts).
    if (state === "refunded") await releaseStock(moved, trx, repository);
    // Webhooks hear of it in the same transaction (docs/webhooks.md "Events").
    await queueOrderEvents(webhooks, repository, trx, moved, state === "paid" ? ["paid"] : ["refunded", "canceled"]);
    return moved;
  };
}

/** The orders still `paying` under the payment intents, their rows locked. */
export async function payingUnder(trx: ModelQueries, intentIds: string[]): Promise<string[]> {
  if (intentIds.length === 0) return [];
  const linked = await trx
    .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
    .innerJoin("ecommerce/orders as o", "o.id", "op.orderId")
    .select(["o.id", "o.status"])
    .where("op.billingModulePaymentIntentId", "in", intentIds)
    .orderBy("o.id")
    .forUpdate("o")
    .execute();
  return [...new Set(linked.filter((o) => o.status === "paying").map((o) => o.id))];
}

/**
 * Puts `paying` orders back in the cart, leaving the payment intents (a checkout that never got its
 * payment page, or the buyer's Back to cart): their links to the intents — and the currency links
 * the checkout made — are deleted, so a late "paid" for that invoice cannot approve orders whose
 * lines change in the cart (else one mug's 18.00 could approve a cart of 500); the
 * stock they still held goes back. Returns the orders put back.
 *
 * The links are read (one statement per table, whatever the number of orders) and deleted through
 * their repositories, as the orders are written, so the audit log, the status trigger and the
 * change feed see every change.
 */
export async function returnToCart(
  repository: RepositoryLookup,
  trx: ModelQueries,
  paying: string[],
  intentIds: string[],
): Promise<string[]> {
  if (paying.length === 0) return [];
  if (intentIds.length > 0) {
    const currencyIds = await currencyIdsOfIntents(trx, intentIds);
    const intentLinks = await trx
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents")
      .select("id")
      .where("orderId", "in", paying)
      .where("billingModulePaymentIntentId", "in", intentIds)
      .execute();
    await repository("ecommerce/orders-to-billing-module-payment-intents").deleteMany(intentLinks.map((l) => l.id));
    if (currencyIds.length > 0) {
      const currencyLinks = await trx
        .selectFrom("ecommerce/orders-to-billing-module-currencies")
        .select("id")
        .where("orderId", "in", paying)
        .where("billingModuleCurrencyId", "in", currencyIds)
        .execute();
      await repository("ecommerce/orders-to-billing-module-currencies").deleteMany(currencyLinks.map((l) => l.id));
    }
  }
  await repository("ecommerce/orders").updateMany(paying, { type: "cart", status: "new" });
  // Back in the cart, they no longer hold their items: the stock they reserved goes back (stock.ts).
  await releaseStock(paying, trx, repository);
  return paying;
}
