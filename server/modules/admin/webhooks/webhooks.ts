import type { AuditTrail } from "../../../../engine/audit/audit-trail.js";
import { HIDDEN_MARK } from "../../../../engine/audit/audit-changes.js";
import { AppError, notFound } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { systemResolver, type Resolver } from "../../file-storage/index.js";
import { eventTypes, TEST_EVENT } from "./event-types.js";
import { allowListFor, checkTargetUrl } from "./target-url.js";
import { enqueueEvent, writeDeliveries, type WebhookEvent } from "./webhook-outbox.js";
import type { RecordEvents } from "./record-events.js";
import { newSecret, type WebhookSecretBox } from "./webhook-secrets.js";
import type { WebhookSettings } from "./webhook-settings.js";
import type { WebhookQueue } from "../webhook-queue.js";

/** How long the secret before a roll still signs (docs/webhooks.md "Rolling the secret"). */
export const ROLL_OVERLAP_MS = 24 * 3_600_000;

/**
 * The webhooks service (`app.webhooks`): what other modules call to queue an event in their
 * transaction, and what the admin routes do. `now` and `resolver` are the clock and DNS, which
 * tests replace (a clock five days on; a name that resolves elsewhere at delivery).
 */
export class Webhooks implements WebhookQueue {
  now: () => number = Date.now;
  resolver: Resolver = systemResolver;
  /** The audit log: a rolled secret is recorded in its transaction (index.ts sets it). */
  audit?: AuditTrail;
  /** Record events: which models' writes are listened to (index.ts sets it). */
  records?: RecordEvents;

  constructor(
    private readonly db: ModelQueries,
    private readonly registry: Registry,
    readonly box: WebhookSecretBox,
    readonly settings: WebhookSettings,
    private readonly wakeQueue: () => void,
  ) {}

  /**
   * Queues `event` to every active webhook subscribed to its type, in the caller's transaction
   * (one outbox row each): nothing is sent if it rolls back. The caller wakes the queue after the
   * commit (`wake`), or the queue's next poll finds the rows.
   */
  enqueue(trx: ModelQueries, event: WebhookEvent): Promise<string[]> {
    return enqueueEvent(trx, event);
  }

  /** Look for due deliveries now (after a commit that queued some). */
  wake(): void {
    this.wakeQueue();
  }

  /** Every event type a webhook may subscribe to. */
  eventTypes(): string[] {
    return eventTypes(this.registry);
  }

  /** The URL as it may be saved, or a 400 naming `/url` (the SSRF guard, after resolving the host). */
  checkUrl(raw: unknown): Promise<string> {
    return checkTargetUrl(raw, allowListFor(this.settings.allowPrivate), this.resolver);
  }

  /** A new sealed secret: the plain one, shown once, and what the row keeps. */
  makeSecret(): { plain: string; sealed: string } {
    const plain = newSecret();
    return { plain, sealed: this.box.seal(plain) };
  }

  /** A new secret; the one before signs too for 24 hours, so receivers can switch without losing messages. */
  async rollSecret(webhookId: string): Promise<string> {
    const webhook = await this.find(webhookId);
    const { plain, sealed } = this.makeSecret();
    const previousSecretUntil = new Date(this.now() + ROLL_OVERLAP_MS);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("admin/webhooks")
        .set({ secret: sealed, previousSecret: webhook.secret, previousSecretUntil })
        .where("id", "=", webhookId)
        .execute();
      await this.audit?.record(trx, [
        {
          model: "admin/webhooks",
          recordId: webhookId,
          action: "roll-secret",
          changes: {
            secret: [HIDDEN_MARK, HIDDEN_MARK],
            previousSecretUntil: [null, previousSecretUntil.toISOString()],
          },
        },
      ]);
    });
    return plain;
  }

  /** Queues `webhook.test` to this webhook alone; 409 when it is turned off. */
  async sendTest(webhookId: string): Promise<string> {
    await this.activeOne(webhookId);
    const data = { webhookId, message: "A test event from the admin" };
    const [id] = await this.db
      .transaction()
      .execute((trx) => writeDeliveries(trx, [webhookId], { type: TEST_EVENT, data }));
    this.wake();
    return id!;
  }

  /** Sends a delivery's message again, as a new delivery with the same webhook-id; 409 when the webhook is off. */
  async redeliver(webhookId: string, deliveryId: string): Promise<string> {
    await this.activeOne(webhookId);
    const delivery = await this.db
      .selectFrom("admin/webhook-deliveries")
      .select(["messageId", "eventType", "payload"])
      .where("id", "=", deliveryId)
      .where("webhookId", "=", webhookId)
      .executeTakeFirst();
    if (!delivery) throw notFound(`Webhook delivery ${deliveryId} was not found`);
    const message = { id: delivery.messageId, payload: delivery.payload as Record<string, unknown> };
    const event = { type: delivery.eventType, data: null };
    const [id] = await this.db.transaction().execute((trx) => writeDeliveries(trx, [webhookId], event, message));
    this.wake();
    return id!;
  }

  private async find(webhookId: string) {
    const webhook = await this.db
      .selectFrom("admin/webhooks")
      .selectAll()
      .where("id", "=", webhookId)
      .executeTakeFirst();
    if (!webhook) throw notFound(`Webhook ${webhookId} was not found`);
    return webhook;
  }

  private async activeOne(webhookId: string) {
    const webhook = await this.find(webhookId);
    if (!webhook.active) throw new AppError("CONFLICT", "the webhook is turned off: turn it on first");
    return webhook;
  }
}
