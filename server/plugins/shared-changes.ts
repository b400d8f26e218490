import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { EVERYTHING } from "../../engine/query/change-feed.js";

/**
 * Several instances over one PostgreSQL server: each announces its writes to watched models with
 * NOTIFY and hears the others' with LISTEN, so per-process caches (permissions, roles) drop stale
 * entries everywhere. PGlite is one process: nothing to do.
 */
/** How long writes are gathered before one NOTIFY announces them; other instances hear of a change this much later at most. */
const NOTIFY_WINDOW_MS = 10;

export async function shareChangesBetweenInstances(app: FastifyInstance) {
  const notifications = app.database.notifications;
  if (!notifications) return;
  const origin = randomUUID();
  const stop = await notifications.listen(
    (payload) => {
      try {
        const message = JSON.parse(payload) as { origin?: string; models?: unknown };
        if (message.origin === origin || !Array.isArray(message.models)) return;
        for (const model of message.models) if (typeof model === "string") app.changes.publish(model, "elsewhere");
      } catch {
        app.log.warn({ payload }, "ignored a malformed change notification");
      }
    },
    // Back after a drop (a database restart, a failover): what was announced meanwhile is lost,
    // so every cache drops everything it holds.
    () => {
      app.log.warn("change notifications reconnected; cached data dropped");
      app.changes.publish(EVERYTHING, "elsewhere");
    },
  );
  // Writes within one short window share one NOTIFY naming every model they touched: a NOTIFY
  // per write would be a second round trip on every create (bench:crud saw create drop to 0.69).
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const models = [...pending];
    pending.clear();
    if (models.length === 0) return;
    void notifications.notify(JSON.stringify({ origin, models })).catch((err) => app.log.error({ err }, "change notification failed"));
  };
  app.changes.connect({
    send: (model) => {
      pending.add(model);
      timer ??= setTimeout(flush, NOTIFY_WINDOW_MS);
    },
  });
  app.addHook("onClose", async () => {
    if (timer) clearTimeout(timer);
    flush();
    await stop();
  });
}
