import type { ModelQueries } from "../../../engine/query/model-tables.js";

/** An event to send: its type (`ecommerce.order.paid`) and the record as its readers see it. */
export interface WebhookEvent {
  type: string;
  data: unknown;
}

/**
 * What another module needs of webhooks (`app.webhooks`, docs/webhooks.md): queue an event in its
 * own transaction. Said here, importing nothing of the service, so a module that queues events
 * does not import the admin module's routes (and through them, itself).
 */
export interface WebhookQueue {
  enqueue(trx: ModelQueries, event: WebhookEvent): Promise<unknown>;
}
