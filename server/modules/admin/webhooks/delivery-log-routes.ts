import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { notFound, validationError } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { inputSchema, UUID } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { Webhooks } from "./webhooks.js";

const BASE = "/api/admin/webhooks/:id/deliveries";
const idParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const redeliverParams = inputSchema<{ id: string; deliveryId: string }>({
  properties: { id: UUID, deliveryId: UUID },
  required: ["id", "deliveryId"],
});
// A query string's values are text: the page size is digits, 1 to 100.
const listQuery = inputSchema<{ limit?: string; after?: string }>({
  properties: {
    limit: { type: "string", pattern: "^(100|[1-9][0-9]?)$", "x-message": "must be a whole number from 1 to 100" },
    after: { type: "string", maxLength: 200 },
  },
});

/** What the log shows of a delivery: never the payload's secrets (it has none) nor other webhooks' rows. */
const COLUMNS = [
  "id",
  "createdAt",
  "messageId",
  "eventType",
  "state",
  "attempts",
  "statusCode",
  "durationMs",
  "response",
  "error",
  "nextAttemptAt",
  "lastAttemptAt",
  "attemptLog",
] as const;

/** The `after` cursor: the last row's time and id, so a page follows the one before even as new rows arrive. */
const cursorOf = (row: { at: string; id: string }) =>
  Buffer.from(JSON.stringify([row.at, row.id])).toString("base64url");

function readCursor(after: string): [string, string] {
  try {
    const [at, id] = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
    if (
      typeof at === "string" &&
      /^[0-9 :.+-]{19,40}$/.test(at) &&
      typeof id === "string" &&
      /^[0-9a-f-]{36}$/.test(id)
    )
      return [at, id];
  } catch {}
  throw validationError("/after is not a cursor of this list", [
    { path: "/after", message: "is not a cursor of this list" },
  ]);
}

/**
 * A webhook's delivery log (docs/webhooks.md "Delivery log"), newest first, paged like the lists
 * (`{ data, next }`, `after=<next>`), and redelivering one of them.
 */
export function registerDeliveryLogRoutes(app: FastifyInstance, db: ModelQueries, webhooks: Webhooks) {
  defineRoute(
    app,
    {
      tag: "admin",
      method: "GET",
      url: BASE,
      params: idParams,
      query: listQuery,
      summary:
        "A webhook's deliveries, newest first: event type, state (pending, succeeded, failed), attempts, the last status code, duration and the answer's first 2 KB, the next attempt; `next` pages on",
    },
    async ({ params: { id }, query }) => {
      const webhook = await db.selectFrom("admin/webhooks").select("id").where("id", "=", id).executeTakeFirst();
      if (!webhook) throw notFound(`Webhook ${id} was not found`);
      const limit = Number(query.limit ?? 20);
      // The time as the database's text, to the microsecond: a JavaScript date would round it to the millisecond.
      let rows = db
        .selectFrom("admin/webhook-deliveries")
        .select([...COLUMNS, sql<string>`"createdAt"::text`.as("at")])
        .where("webhookId", "=", id);
      if (query.after) {
        const [at, last] = readCursor(query.after);
        rows = rows.where(sql<boolean>`("createdAt", "id") < (${at}::timestamptz, ${last}::uuid)`);
      }
      const found = await rows.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
      const data = found.map(({ at: _at, ...row }) => row);
      const last = found[found.length - 1];
      return found.length === limit && last ? { data, next: cursorOf(last) } : { data };
    },
  );

  defineRoute(
    app,
    {
      tag: "admin",
      method: "POST",
      url: `${BASE}/:deliveryId/redeliver`,
      params: redeliverParams,
      status: 201,
      summary:
        "Send a delivery's message again (the same webhook-id and body, signed anew) as a new delivery; 409 when the webhook is turned off",
    },
    async ({ params: { id, deliveryId } }, _request, reply) => {
      const created = await webhooks.redeliver(id, deliveryId);
      return reply.status(201).send({ data: { deliveryId: created } });
    },
  );
}
