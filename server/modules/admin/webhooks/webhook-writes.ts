import { validationError } from "../../../../engine/errors.js";
import { modelQueries } from "../../../../engine/query/model-tables.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { unknownPatterns } from "./event-types.js";
import type { Webhooks } from "./webhooks.js";

/**
 * Every write of a webhook, by whichever route (create, PATCH, bulk, import), is checked in its
 * transaction, so none saves what the delivery would refuse: the URL passes the SSRF guard, the
 * events are a non-empty list of patterns that each match some event. A row made without a
 * secret (bulk, import) gets one, which no one sees until it is rolled.
 */
export function checkWebhookWrites(repository: Repository, registry: Registry, webhooks: Webhooks) {
  repository.onWrite(async (db, { action, ids }) => {
    // A write that found no row (a PATCH of a deleted webhook) has nothing to check, nor a delete.
    if (ids.length === 0 || action === "delete") return;
    const trx = modelQueries(db, registry);
    const rows = await trx.selectFrom("admin/webhooks").selectAll().where("id", "in", ids).execute();
    for (const row of rows) {
      await webhooks.checkUrl(row.url);
      const events = row.events as unknown;
      if (!Array.isArray(events) || events.length === 0)
        throw validationError("/events must name at least one event", [
          { path: "/events", message: "must name at least one event" },
        ]);
      const unknown = unknownPatterns(events as string[], webhooks.eventTypes());
      if (unknown.length > 0) {
        const message = `${unknown.join(", ")} matches no event`;
        throw validationError(`/events: ${message}`, [{ path: "/events", message }]);
      }
      if (!row.secret)
        await trx
          .updateTable("admin/webhooks")
          .set({ secret: webhooks.makeSecret().sealed })
          .where("id", "=", row.id)
          .execute();
    }
  });
}
