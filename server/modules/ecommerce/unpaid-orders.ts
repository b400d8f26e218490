import { sql } from "kysely";
import type { Database } from "../../../engine/db/open-database.js";
import type { Repositories } from "../../../engine/query/repositories.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { invoicesOfIntents, type Invoices } from "../billing/index.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import type { FastifyInstance } from "fastify";
import { queueOrderEvents } from "./order-webhook-events.js";

/**
 * Orders left unpaid (`paying`: the buyer left the payment page). The queue's sweep
 * (ecommerce-module.ts, beside the checkout sweep) calls `expire`: an order unpaid for longer than
 * UNPAID_ORDER_MAX_AGE_HOURS is canceled (status `canceled`, type history) and its invoice still
 * waiting is canceled too, unlinked first so billing's "canceled" does not put it back in the
 * cart. The status change queues the order's mail as every status change does (the trigger of
 * migration 0012); stock held by the order is released by the stock module's listener on that
 * change. Each order is its own short transaction on its locked row, so a payment
 * arriving at the same moment either wins (the order is no longer `paying`) or finds it canceled.
 */
export class UnpaidOrders {
  private readonly db: ModelQueries;

  constructor(
    private readonly database: Database,
    private readonly repositories: Repositories,
    registry: Registry,
    private readonly invoices: Invoices,
    private readonly webhooks: FastifyInstance["webhooks"],
  ) {
    this.db = modelQueries(database.db, registry);
  }

  /** Unpaid orders last changed more than `olderThanMs` ago: at most `limit` of them. */
  async due(olderThanMs: number, limit = 100): Promise<string[]> {
    const rows = await this.db
      .selectFrom("ecommerce/orders")
      .select("id")
      .where("status", "=", "paying")
      .where("updatedAt", "<", sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000}::float8)`)
      .orderBy("updatedAt")
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Cancels the unpaid orders older than `olderThanMs`; how many. */
  async expire(olderThanMs: number): Promise<number> {
    let canceled = 0;
    for (const id of await this.due(olderThanMs)) if (await this.cancel(id, olderThanMs)) canceled++;
    return canceled;
  }

  private cancel(orderId: string, olderThanMs: number): Promise<boolean> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const order = await trx
        .selectFrom("ecommerce/orders")
        .select("id")
        .where("id", "=", orderId)
        .where("status", "=", "paying")
        .where("updatedAt", "<", sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000}::float8)`)
        .forUpdate()
        .executeTakeFirst();
      if (!order) return false; // paid, canceled or touched meanwhile
      const open = await trx
        .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
        .innerJoin(invoicesOfIntents(trx).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
        .select(["i.id", "op.billingModulePaymentIntentId as intentId", "op.id as linkId"])
        .where("op.orderId", "=", orderId)
        .where("i.status", "=", "new")
        .execute();
      // Through the link's repository: the unlinking is in the audit log like any delete.
      await repository("ecommerce/orders-to-billing-module-payment-intents").deleteMany(open.map((o) => o.linkId));
      await repository("ecommerce/orders").update(orderId, { type: "history", status: "canceled" });
      await queueOrderEvents(this.webhooks, repository, trx, [orderId], ["canceled"]);
      // The invoice is canceled once no order of it is still waiting (one invoice may pay several orders).
      for (const { id, intentId } of open) {
        const waiting = await trx
          .selectFrom("ecommerce/orders-to-billing-module-payment-intents")
          .select("orderId")
          .where("billingModulePaymentIntentId", "=", intentId)
          .limit(1)
          .executeTakeFirst();
        if (!waiting) await this.invoices.cancelOpen(repository, trx, id);
      }
      return true;
    });
  }
}
