import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { FastifyInstance } from "fastify";

/** What happened to orders that webhooks are told of (docs/webhooks.md "Events"). */
export type OrderEvent = "paid" | "refunded" | "canceled";

/**
 * Queues `ecommerce.order.{event}` for each order in the transaction that moved it, so a
 * rolled-back payment or refund sends nothing. The data is the order as its readers see it
 * (its repository's record: no hidden field).
 */
export async function queueOrderEvents(
  webhooks: FastifyInstance["webhooks"],
  repository: RepositoryLookup,
  trx: ModelQueries,
  orderIds: string[],
  events: OrderEvent[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const orders = await repository("ecommerce/orders").listByIds(orderIds);
  for (const order of orders)
    for (const event of events) await webhooks.enqueue(trx, { type: `ecommerce.order.${event}`, data: order });
}
