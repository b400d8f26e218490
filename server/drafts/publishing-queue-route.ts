import type { FastifyInstance } from "fastify";
import type { PublishingQueue } from "../../common/admin/publishing-queue.js";
import { PAGE_MODEL, PRODUCT_MODEL } from "../../common/admin/record-screens.js";
import { AppError } from "../../engine/errors.js";
import type { Model } from "../../engine/schema/model.js";
import { inputSchema } from "../modules/input.js";
import { defineRoute } from "../modules/route.js";
import { mayEdit } from "./draft-reads.js";
import { scheduledIn, waitingIn } from "./waiting-records.js";

/**
 * The records an editor knows by title and opens on a screen of their own (the composer, the
 * product editor): the blocks, items and prices below them show up as their page's or product's
 * state, not one by one.
 */
const QUEUE_MODELS = [PAGE_MODEL, PRODUCT_MODEL];
const LIMIT_DEFAULT = 5;

const query = inputSchema<{ limit?: string }>({
  properties: {
    limit: { type: "string", pattern: "^([1-9]|1[0-9]|20)$", "x-message": "must be a whole number from 1 to 20" },
  },
});

/**
 * GET /api/admin/publishing (docs/drafts.md, "What waits to be published"): the pages and products
 * with unpublished changes, and those with a publish or unpublish scheduled, `limit` of each with
 * their numbers, for the admin's dashboard. Admins by default, like every /api/admin route; and
 * only the models the caller may edit (may read the working copies of, as `draft=true`): a role
 * that may edit products sees products only, one that may edit neither gets a 403. A fixed number
 * of statements whatever the number of records (waiting-records.ts).
 */
export function registerPublishingQueueRoute(app: FastifyInstance) {
  const candidates = QUEUE_MODELS.map((id) => app.registry.find(id)).filter((m): m is Model => Boolean(m?.published));
  const db = app.database.db;
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/admin/publishing",
      tag: "admin",
      summary:
        "What waits to be published: pages and products with unpublished changes (`drafts`, newest edit first) and with a publish or unpublish scheduled (`scheduled`, soonest first), `limit` (1–20, default 5) of each with their `total`; only the models the caller may edit (`models`), 403 when none",
      query,
    },
    async ({ query: { limit } }, request): Promise<{ data: PublishingQueue }> => {
      const allowed = await Promise.all(candidates.map((model) => mayEdit(app, request, model)));
      const models = candidates.filter((_, i) => allowed[i]);
      if (models.length === 0)
        throw new AppError(
          "PERMISSION_ERROR",
          "what waits to be published is shown to those who may edit pages or products",
        );
      const count = Number(limit ?? LIMIT_DEFAULT);
      const [lists, scheduled] = await Promise.all([
        Promise.all(models.map((model) => waitingIn(db, app.drafts, model, count))),
        scheduledIn(db, app.registry, models, count),
      ]);
      const records = lists
        .flatMap((list) => list.records)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, count);
      const total = lists.reduce((sum, list) => sum + list.total, 0);
      return { data: { models: models.map((m) => m.id), drafts: { total, records }, scheduled } };
    },
  );
}
