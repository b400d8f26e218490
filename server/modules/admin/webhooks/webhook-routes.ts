import type { FastifyInstance } from "fastify";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { inputSchema, objectInput, UUID } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { Webhooks } from "./webhooks.js";

const TAG = "admin";
const BASE = "/api/admin/webhooks";
const idParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
// Any fields, as the generic create takes them: the model's own checks (and webhook-writes.ts) judge them.
const createBody = objectInput(
  inputSchema<Record<string, unknown>>({
    // No types of its own: a stricter body here than the model's would refuse what the generic create takes (a null title).
    type: "object",
    additionalProperties: true,
  }),
);

/**
 * The webhooks' own routes beside the generic ones (docs/webhooks.md): the create that answers the
 * new signing secret once, rolling it, the event types, and a test event. Admins only (no
 * `access`: the default), as every /api/admin route.
 */
export function registerWebhookRoutes(app: FastifyInstance, webhooks: Webhooks) {
  defineRoute(
    app,
    {
      tag: TAG,
      method: "POST",
      url: BASE,
      body: createBody,
      status: 201,
      summary:
        "Create a webhook (url, events, active, title); the answer's data.secret is its signing secret (whsec_…), shown this once and never readable later",
    },
    async ({ body }, _request, reply) => {
      const { plain, sealed } = webhooks.makeSecret();
      const record = await runTransaction(app.database, app.repositories, async (repository, trx) => {
        // Through the repository as the generic create does: hidden fields refused, every field
        // checked, and the URL and events (webhook-writes.ts); then the secret, in the same transaction.
        const created = await repository("admin/webhooks").create(body);
        await trx.updateTable("admin/webhooks").set({ secret: sealed }).where("id", "=", created.id).execute();
        return created;
      });
      return reply.status(201).send({ data: { ...record, secret: plain } });
    },
  );

  defineRoute(
    app,
    {
      tag: TAG,
      method: "POST",
      url: `${BASE}/:id/roll-secret`,
      params: idParams,
      summary:
        "A new signing secret for the webhook, answered once as data.secret; the previous one also signs for 24 hours (two v1 signatures), so receivers can switch",
    },
    async ({ params: { id } }) => {
      const secret = await webhooks.rollSecret(id);
      return { data: { secret } };
    },
  );

  defineRoute(
    app,
    { tag: TAG, method: "GET", url: `${BASE}/event-types`, summary: "Every event type a webhook may subscribe to" },
    async () => ({ data: webhooks.eventTypes() }),
  );

  defineRoute(
    app,
    {
      tag: TAG,
      method: "POST",
      url: `${BASE}/:id/test`,
      params: idParams,
      status: 201,
      summary: "Queue a webhook.test event to this webhook (whatever its events); 409 when it is turned off",
    },
    async ({ params: { id } }, _request, reply) => {
      const deliveryId = await webhooks.sendTest(id);
      return reply.status(201).send({ data: { deliveryId } });
    },
  );
}
