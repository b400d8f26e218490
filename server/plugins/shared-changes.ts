import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { EVERYTHING } from "../../engine/query/change-feed.js";

/**
 * Several instances over one PostgreSQL server: each announces its writes to watched models with
 * NOTIFY and hears the others' with LISTEN, so per-process caches (permissions, roles) drop stale
 * entries everywhere. PGlite is one process: nothing to do.
 */
export async function shareChangesBetweenInstances(app: FastifyInstance) {
  const notifications = app.database.notifications;
  if (!notifications) return;
  const origin = randomUUID();
  const stop = await notifications.listen(
    (payload) => {
      try {
        const message = JSON.parse(payload) as { origin?: string; model?: string };
        if (message.origin !== origin && typeof message.model === "string") app.changes.publish(message.model, "elsewhere");
      } catch {
        app.log.warn({ payload }, "ignored a malformed change notification");
      }
    },
    () => app.changes.publish(EVERYTHING, "elsewhere"),
  );
  app.changes.connect({
    send: (model) => void notifications.notify(JSON.stringify({ origin, model })).catch((err) => app.log.error({ err }, "change notification failed")),
  });
  app.addHook("onClose", stop);
}
