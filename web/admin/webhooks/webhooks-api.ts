import type { AdminWebhookDeliveries, AdminWebhooks } from "../../../engine/generated/models.js";
import { api } from "../../api/client.js";
import { ifMatchHeader } from "../form/guarded-save.js";

/** A webhook as the routes answer it (docs/webhooks.md): never its secret, which is hidden. */
export type Webhook = AdminWebhooks;

/** One attempt of a delivery, as its attempt log keeps it. */
export interface DeliveryAttempt {
  at: string;
  statusCode?: number | null;
  durationMs?: number | null;
  error?: string | null;
}

/** A row of a webhook's delivery log (GET …/deliveries): what the log route answers, never the payload. */
export type Delivery = Omit<
  AdminWebhookDeliveries,
  "payload" | "webhookId" | "variant" | "className" | "updatedAt" | "attemptLog"
> & {
  attemptLog: DeliveryAttempt[] | null;
};

export const WEBHOOKS_MODEL = "admin/webhooks";
const BASE = "/api/admin/webhooks";

/** The event types a webhook may subscribe to. */
export const loadEventTypes = (signal?: AbortSignal) => api<string[]>(`${BASE}/event-types`, { signal });

export const loadWebhook = (id: string, signal?: AbortSignal) => api<Webhook>(`${BASE}/${id}`, { signal });

/**
 * A new webhook, whose answer carries its signing secret this once (`secret`), or the fields of one
 * sent with If-Match (the state its form was read in: someone else's save since is a 412).
 */
export const saveWebhook = (id: string | undefined, data: Record<string, unknown>, etag?: string) =>
  id
    ? api<Webhook>(`${BASE}/${id}`, { method: "PATCH", body: data, headers: ifMatchHeader(etag) })
    : api<Webhook & { secret: string }>(BASE, { method: "POST", body: data });

export const deleteWebhook = (id: string) => api(`${BASE}/${id}`, { method: "DELETE" });

/** A new signing secret, answered once; the old one signs beside it for 24 hours. */
export const rollSecret = (id: string) =>
  api<{ secret: string }>(`${BASE}/${id}/roll-secret`, { method: "POST" }).then((d) => d.secret);

/** Queues a webhook.test event to this webhook: the new delivery's id, to follow it in the log. */
export const sendTestEvent = (id: string) =>
  api<{ deliveryId: string }>(`${BASE}/${id}/test`, { method: "POST" }).then((d) => d.deliveryId);

/** A page of the log, newest first; `next` is the cursor of the page after a full one. */
export const loadDeliveries = (id: string, limit: number, after?: string, signal?: AbortSignal) =>
  api<{ data: Delivery[]; next?: string }>(`${BASE}/${id}/deliveries`, {
    query: { limit, after },
    signal,
    envelope: true,
  });

/** Sends a delivery's message again as a new delivery (the same webhook-id). */
export const redeliver = (id: string, deliveryId: string) =>
  api<{ deliveryId: string }>(`${BASE}/${id}/deliveries/${deliveryId}/redeliver`, { method: "POST" }).then(
    (d) => d.deliveryId,
  );
