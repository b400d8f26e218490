import { sql } from "kysely";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { checkUrl, type Resolver } from "../../file-storage/index.js";
import { queueJobIn } from "../../notification/index.js";
import { DELIVERY_JOB } from "./webhook-outbox.js";
import { sendWebhook, type AttemptOutcome } from "./send-webhook.js";
import { signature, type WebhookSecretBox } from "./webhook-secrets.js";
import type { WebhookSettings } from "./webhook-settings.js";
import { allowListFor } from "./target-url.js";

/** What an attempt needs of the service: settings, secrets, the clock and DNS (both replaceable in tests), and its transactions. */
export interface AttemptContext {
  db: ModelQueries;
  box: WebhookSecretBox;
  settings: WebhookSettings;
  now: () => number;
  resolver: Resolver;
  transaction<T>(work: (repository: RepositoryLookup, trx: ModelQueries) => Promise<T>): Promise<T>;
  /** A failed attempt's bookkeeping: whether the webhook has failed long enough to be turned off (failing-webhooks.ts). */
  failed(trx: ModelQueries, repository: RepositoryLookup, webhookId: string, error: string): Promise<boolean>;
  succeeded(trx: ModelQueries, webhookId: string): Promise<void>;
}

/**
 * One delivery attempt, run by the jobs queue (a job per attempt, so attempts of many deliveries
 * interleave and each waits in the database, not in memory). A delivery already settled (the job
 * ran twice) is left alone; a webhook turned off meanwhile fails it without sending.
 */
export async function attemptDelivery(context: AttemptContext, deliveryId: string): Promise<void> {
  const { db } = context;
  const delivery = await db
    .selectFrom("admin/webhook-deliveries")
    .selectAll()
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  if (delivery?.state !== "pending") return;
  const webhook = await db
    .selectFrom("admin/webhooks")
    .selectAll()
    .where("id", "=", delivery.webhookId)
    .executeTakeFirst();
  if (!webhook) return;
  const outcome = webhook.active
    ? await send(context, webhook, delivery.messageId, delivery.payload)
    : { ok: false, durationMs: 0, error: "the webhook is turned off" };
  await context.transaction((repository, trx) => settle(context, trx, repository, delivery, outcome, webhook.active));
}

type Webhook = {
  url: string;
  secret: string | null;
  previousSecret: string | null;
  previousSecretUntil: Date | string | null;
};

/** Signs with the secret, and the previous one while a roll overlaps (24 h), and sends. */
async function send(context: AttemptContext, webhook: Webhook, id: string, payload: unknown): Promise<AttemptOutcome> {
  const { box, settings, now, resolver } = context;
  const allowList = allowListFor(settings.allowPrivate);
  try {
    // An IP literal never asks DNS, so the connection's guarded lookup would not see it: checked here.
    checkUrl(webhook.url, allowList);
  } catch (error) {
    return { ok: false, durationMs: 0, error: `refused: ${(error as Error).message}` };
  }
  const current = box.open(webhook.secret);
  if (!current) return { ok: false, durationMs: 0, error: "the signing secret cannot be read: roll it" };
  const until = webhook.previousSecretUntil ? new Date(webhook.previousSecretUntil).getTime() : 0;
  const previous = until > now() ? box.open(webhook.previousSecret) : undefined;
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "sps-platform webhooks",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature(previous ? [current, previous] : [current], id, timestamp, body),
  };
  return sendWebhook({ url: webhook.url, headers, body }, { allowList, resolver, timeoutMs: settings.timeoutMs });
}

type Delivery = { id: string; webhookId: string; attempts: number; attemptLog: unknown };

/**
 * Writes the attempt's outcome: succeeded; or pending with the next attempt queued after the
 * schedule's wait; or failed when the schedule is spent or the webhook is (now) turned off.
 */
async function settle(
  context: AttemptContext,
  trx: ModelQueries,
  repository: RepositoryLookup,
  delivery: Delivery,
  outcome: AttemptOutcome,
  active: boolean,
) {
  const attempts = delivery.attempts + 1;
  const at = new Date();
  let state: "succeeded" | "pending" | "failed" = "succeeded";
  let nextAttemptAt: Date | null = null;
  if (outcome.ok) await context.succeeded(trx, delivery.webhookId);
  else {
    const why = outcome.error ?? `answered ${outcome.statusCode}`;
    const turnedOff = !active || (await context.failed(trx, repository, delivery.webhookId, why));
    const wait = context.settings.retryScheduleMs[attempts - 1];
    state = turnedOff || wait === undefined ? "failed" : "pending";
    if (state === "pending") {
      nextAttemptAt = new Date(at.getTime() + wait!);
      await queueJobIn(trx, DELIVERY_JOB, { deliveryId: delivery.id }, nextAttemptAt);
    }
  }
  const entry = {
    at: at.toISOString(),
    statusCode: outcome.statusCode ?? null,
    durationMs: outcome.durationMs,
    error: outcome.error ?? null,
  };
  const log = [...(Array.isArray(delivery.attemptLog) ? delivery.attemptLog : []), entry].slice(-20);
  await trx
    .updateTable("admin/webhook-deliveries")
    .set({
      state,
      attempts,
      nextAttemptAt,
      lastAttemptAt: at,
      statusCode: outcome.statusCode ?? null,
      durationMs: outcome.durationMs,
      response: outcome.response ?? null,
      error: outcome.ok ? null : (outcome.error ?? `answered ${outcome.statusCode}`),
      // Raw: JSON text cast to jsonb, one form the pg and PGlite drivers both take alike.
      attemptLog: sql<unknown[]>`${JSON.stringify(log)}::jsonb`,
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", delivery.id)
    .execute();
}
