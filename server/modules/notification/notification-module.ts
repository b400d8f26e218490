import type { FastifyInstance } from "fastify";
import { modelQueries } from "../../../engine/query/model-tables.js";
import type { Config } from "../../config.js";
import { Mailer } from "../../mail/mailer.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { NotificationDelivery } from "./delivery.js";
import { JobRunner } from "./job-runner.js";
import { Notifications } from "./notifications.js";
import { OwnerMail } from "./owner-mail.js";
import { registerNotifyRoute } from "./notify-route.js";
import { Templates } from "./templates.js";
import { Worker } from "./worker.js";

declare module "fastify" {
  interface FastifyInstance {
    notifications: Notifications;
    /** Mail to the shop's owner: a paid order, a form submission (owner-mail.ts). */
    ownerMail: OwnerMail;
  }
}

/**
 * Notifications (docs/notifications.md: templates, notifications with status and sendAfter) delivered by email
 * from a queue in the database, and the background jobs queue beside it; POST {subjects}/{id}/notify.
 * The worker starts when the app is ready and stops (finishing what it is doing) when it closes.
 * The services come before the rbac module (its password reset mail uses them); the route after
 * it, so the authorization hook guards it like every /api route.
 */
export function registerNotificationServices(app: FastifyInstance, config: Config) {
  const { repositories, registry } = app;
  const db = modelQueries(app.database.db, registry);
  const mailer = new Mailer(
    repositories.get("notification/outbox-messages")!,
    config.smtpUrl,
    config.mailFrom,
    app.log,
  );
  if (!config.smtpUrl && config.production)
    app.log.warn("SMTP_URL is not set: emails are kept in the outbox table, not sent");
  const templates = new Templates(repositories.get("notification/templates")!);
  const delivery = new NotificationDelivery(db, mailer, templates, config.notifications, config.publicUrl, app.log);
  const jobs = new JobRunner(db, config.notifications, app.log);
  const worker = new Worker([() => jobs.run(), () => delivery.run()], config.notifications.pollMs, app.log);
  const notifications = new Notifications(repositories.get("notification/notifications")!, jobs, worker);
  app.decorate("notifications", notifications);
  app.decorate("ownerMail", new OwnerMail(db, notifications, config.shopOwner, config.publicUrl));
  // An admin resending a notification (status back to new) or queuing a job: look at once, here and on the other instances.
  app.changes.subscribe(
    (model) => model === "notification/notifications" && worker.wake(),
    ["notification/notifications"],
  );
  if (config.notifications.worker) app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => {
    await worker.stop();
    mailer.close();
  });
}

export async function registerNotificationRoutes(app: FastifyInstance) {
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    registerNotifyRoute(routes, app.notifications);
  });
}
