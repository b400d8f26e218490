import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { EVERYTHING } from "../../engine/query/change-feed.js";
import { API_KEYS } from "../modules/rbac/api-keys/key-cache.js";
import { REFRESH_TOKENS } from "../modules/rbac/revoked-sessions.js";
import { PeerInbox } from "./peer-messages.js";

/**
 * Several instances over one PostgreSQL server: each announces its writes to watched models with
 * NOTIFY and hears the others' with LISTEN, so per-process caches (permissions, roles) drop stale
 * entries everywhere. PGlite is one process: nothing to do.
 */
/**
 * How long writes are gathered before one NOTIFY announces them; other instances hear of a change
 * this much later at most. Content (what pages and lists show) waits longer than access: a NOTIFY
 * is a round trip here and a wake-up on every other instance, and at 10 ms a stream of creates
 * paid one every few requests (measured with bench:crud).
 */
const CONTENT_WINDOW_MS = 100;
const ACCESS_WINDOW_MS = 10;
/**
 * Writes that decide who may do what (a revoked sign-in or API key, a role's permissions, a
 * subject's roles) and which writes webhooks hear of.
 */
const ACCESS_MODELS = new Set([
  REFRESH_TOKENS,
  API_KEYS,
  "rbac/roles",
  "rbac/permissions",
  "rbac/roles-to-permissions",
  "rbac/subjects-to-roles",
  "rbac/subjects",
  // Which models' writes send record events to webhooks (admin/webhooks/record-events.ts).
  "admin/webhooks",
]);

export async function shareChangesBetweenInstances(app: FastifyInstance) {
  const notifications = app.database.notifications;
  if (!notifications) {
    app.decorate("peers", new PeerInbox(() => {}));
    return;
  }
  const origin = randomUUID();
  const peers = new PeerInbox((kind, body) => {
    void notifications
      .notify(JSON.stringify({ origin, kind, body }))
      .catch((err) => app.log.error({ err, kind }, "message to the other instances failed"));
  });
  app.decorate("peers", peers);
  const stop = await notifications.listen(
    (payload) => {
      try {
        const message = JSON.parse(payload) as { origin?: string; models?: unknown; kind?: unknown; body?: unknown };
        if (message.origin === origin) return;
        if (typeof message.kind === "string") return peers.receive(message.kind, message.body);
        if (!Array.isArray(message.models)) return;
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
      peers.gap();
    },
  );
  // Writes within one short window share one NOTIFY naming every model they touched: a NOTIFY
  // per write would be a second round trip on every create (bench:crud saw create drop to 0.69).
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** Whether the flush under way is due in ACCESS_WINDOW_MS. */
  let soon = false;
  const flush = () => {
    timer = undefined;
    soon = false;
    const models = [...pending];
    pending.clear();
    if (models.length === 0) return;
    void notifications
      .notify(JSON.stringify({ origin, models }))
      .catch((err) => app.log.error({ err }, "change notification failed"));
  };
  app.changes.connect({
    send: (model) => {
      pending.add(model);
      if (soon || (timer && !ACCESS_MODELS.has(model))) return;
      clearTimeout(timer);
      soon = ACCESS_MODELS.has(model);
      timer = setTimeout(flush, soon ? ACCESS_WINDOW_MS : CONTENT_WINDOW_MS);
    },
  });
  app.addHook("onClose", async () => {
    if (timer) clearTimeout(timer);
    flush();
    await stop();
  });
}
