import { expect } from "vitest";
import { modelQueries } from "../../engine/query/model-tables.js";
import { eventually } from "../helpers/eventually.js";
import type { TestApp } from "../helpers/test-app.js";

export const WEBHOOKS = "/api/admin/webhooks";

/** Creates a webhook with the secret key; answers the record with its one-time `secret`. */
export async function createWebhook(t: TestApp, data: Record<string, unknown>): Promise<any> {
  const answer = await t.request({ method: "POST", url: WEBHOOKS, payload: { data } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

export async function deliveriesOf(t: TestApp, webhookId: string): Promise<any[]> {
  const answer = await t.request({ method: "GET", url: `${WEBHOOKS}/${webhookId}/deliveries` });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** Runs the queue until no delivery of the webhook is pending (retries wait their shortened backoff). */
export function settled(t: TestApp, webhookId: string): Promise<any[]> {
  return eventually(`the deliveries of ${webhookId} to settle`, async () => {
    await t.app.notifications.flush();
    const rows = await deliveriesOf(t, webhookId);
    return rows.length > 0 && rows.every((row) => row.state !== "pending") && rows;
  });
}

/** The app's queries, typed by model id, for a transaction a test opens itself. */
export const queriesOf = (t: TestApp) => modelQueries(t.app.database.db, t.app.registry);
