import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { queueJobIn } from "../../notification/index.js";
import { matches } from "./event-types.js";

/** The job kind that makes one delivery attempt (webhook-attempts.ts). */
export const DELIVERY_JOB = "webhook-delivery";

import type { WebhookEvent } from "../webhook-queue.js";

export type { WebhookEvent } from "../webhook-queue.js";

/** A Standard Webhooks message id: the same for every attempt and redelivery of one message. */
const messageId = () => `msg_${randomUUID().replace(/-/g, "")}`;

// Raw: JSON text cast to jsonb, one form the pg and PGlite drivers both take alike.
const jsonb = (value: unknown) => sql<Record<string, unknown>>`${JSON.stringify(value)}::jsonb`;

/**
 * Writes the outbox: one delivery row per webhook, and the job that sends it, in `trx`. So a
 * rolled-back write sends nothing, and a committed one is sent even if this instance stops
 * right after the commit (the jobs queue survives restarts, any instance takes the job).
 */
export async function writeDeliveries(
  trx: ModelQueries,
  webhookIds: string[],
  event: WebhookEvent,
  message: { id: string; payload: Record<string, unknown> } = {
    id: messageId(),
    payload: { type: event.type, timestamp: new Date().toISOString(), data: event.data ?? null },
  },
): Promise<string[]> {
  const ids: string[] = [];
  for (const webhookId of webhookIds) {
    const { id } = await trx
      .insertInto("admin/webhook-deliveries")
      .values({
        webhookId,
        messageId: message.id,
        eventType: event.type,
        payload: jsonb(message.payload),
        state: "pending",
        attempts: 0,
        attemptLog: sql<unknown[]>`${"[]"}::jsonb`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await queueJobIn(trx, DELIVERY_JOB, { deliveryId: id });
    ids.push(id);
  }
  return ids;
}

/** The active webhooks whose patterns take this event type. */
export async function subscribers(trx: ModelQueries, type: string): Promise<string[]> {
  const rows = await trx.selectFrom("admin/webhooks").select(["id", "events"]).where("active", "=", true).execute();
  return rows
    .filter(
      (row) =>
        Array.isArray(row.events) && (row.events as unknown[]).some((p) => typeof p === "string" && matches(p, type)),
    )
    .map((row) => row.id);
}

/** Queues `event` to every active webhook that subscribes to it, in the caller's transaction; answers the deliveries' ids. */
export async function enqueueEvent(trx: ModelQueries, event: WebhookEvent): Promise<string[]> {
  const webhookIds = await subscribers(trx, event.type);
  return webhookIds.length ? writeDeliveries(trx, webhookIds, event) : [];
}
