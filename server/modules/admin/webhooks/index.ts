import { EVERYTHING } from "../../../../engine/query/change-feed.js";
import type { FastifyInstance } from "fastify";
import { modelQueries } from "../../../../engine/query/model-tables.js";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { registerBodyParsers } from "../../../plugins/request-data.js";
import { defineModule } from "../../module.js";
import { signingSecrets } from "../../rbac/index.js";
import { registerDeliveryLogRoutes } from "./delivery-log-routes.js";
import { FailingWebhooks } from "./failing-webhooks.js";
import { activePatterns, RecordEvents } from "./record-events.js";
import { attemptDelivery } from "./webhook-attempts.js";
import { DELIVERY_JOB } from "./webhook-outbox.js";
import { registerWebhookRoutes } from "./webhook-routes.js";
import { WebhookSecretBox } from "./webhook-secrets.js";
import { webhookSettingsFromEnv } from "./webhook-settings.js";
import { checkWebhookWrites } from "./webhook-writes.js";
import { Webhooks } from "./webhooks.js";

export type { Webhooks } from "./webhooks.js";
export type { WebhookEvent } from "./webhook-outbox.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Signed webhooks (docs/webhooks.md): `enqueue(trx, { type, data })` in the transaction that made the event. */
    webhooks: Webhooks;
  }
}

/**
 * The webhooks service, before rbac so every module (rbac's registration too) may queue events;
 * deliveries run in the notification module's jobs queue. The routes are `webhookRoutes`, after
 * rbac, whose hook guards them.
 */
export const webhooks = defineModule("webhooks", ["notification"], async (app, config) => {
  const db = modelQueries(app.database.db, app.registry);
  // The secrets are sealed with a key derived from the server secret that signs sessions.
  const serverSecret = await signingSecrets(app.repositories)(config.jwtSecret, config.production);
  const settings = webhookSettingsFromEnv(config.environment);
  const service = new Webhooks(db, app.registry, new WebhookSecretBox(serverSecret), settings, () =>
    app.notifications.wake(),
  );
  const failing = new FailingWebhooks(app.ownerMail, settings.disableAfterMs, () => service.now(), app.audit);
  service.audit = app.audit;
  app.decorate("webhooks", service);
  checkWebhookWrites(app.repositories.get("admin/webhooks")!, app.registry, service);
  await listenForRecordEvents(app, service);
  app.notifications.jobs.handle(DELIVERY_JOB, (payload) =>
    attemptDelivery(
      {
        db,
        box: service.box,
        settings,
        now: () => service.now(),
        resolver: (host) => service.resolver(host),
        transaction: (work) => runTransaction(app.database, app.repositories, work),
        failed: (trx, repository, webhookId, error) => failing.failed(trx, repository, webhookId, error),
        succeeded: (trx, webhookId) => failing.succeeded(trx, webhookId),
      },
      String(payload.deliveryId),
    ),
  );
});

/** The admin routes of webhooks: create (answering the secret once), roll, test, the delivery log. */
export const webhookRoutes = defineModule("webhook-routes", ["webhooks", "rbac"], async (app) => {
  const db = modelQueries(app.database.db, app.registry);
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    registerWebhookRoutes(routes, app.webhooks);
    registerDeliveryLogRoutes(routes, db, app.webhooks);
  });
});

/**
 * Record events (record-events.ts): the listeners follow the active webhooks' patterns, read at
 * start and again after each committed change of admin/webhooks, here or on another instance; a
 * webhook's own write widens them in its transaction, so its subscription holds at once here.
 */
async function listenForRecordEvents(app: FastifyInstance, service: Webhooks) {
  const records = new RecordEvents(
    app.registry,
    app.repositories,
    app.publishedRepositories,
    app.database.db,
    () => app.notifications.wake(),
    (err) => app.log.error({ err }, "reading the webhooks' subscriptions failed"),
  );
  service.records = records;
  app.repositories.get("admin/webhooks")!.onWrite(async (_db, { action, rows }) => {
    if (action !== "delete") records.widen(activePatterns(rows));
  });
  app.drafts.onPublication((trx, { action, model, id }) => records.publication(trx, action, model, id));
  app.changes.subscribe(
    (modelId) => {
      if (modelId === "admin/webhooks" || modelId === EVERYTHING) void records.refresh();
      records.committed();
    },
    ["admin/webhooks"],
  );
  app.addHook("onClose", () => records.idle());
  await records.refresh();
}
