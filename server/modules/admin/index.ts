import { defineModule } from "../module.js";
import { registerAdminModule } from "./admin-module.js";
import { registerAuditRetention } from "./audit/audit-retention.js";
import { registerLiveRoutes } from "./live/live-routes.js";
import { registerBodyParsers } from "../../plugins/request-data.js";

// What other modules may use of admin: the webhooks service, to queue an event in their transaction.
export { webhookRoutes, webhooks, type WebhookEvent, type Webhooks } from "./webhooks/index.js";

/** GET /api/admin/models, labels and the live stream; the admin's file inputs need file-storage's uploads. */
export const admin = defineModule("admin", ["rbac", "file-storage"], async (app, config) => {
  // The audit log's daily purge (AUDIT_RETENTION_DAYS) on the jobs queue.
  await registerAuditRetention(app, config.auditRetentionDays);
  // Routes only: in their own context, as no other module needs anything of them.
  await app.register(async (routes) => registerAdminModule(routes));
  // Who else has a record open, and saves by others, over one event stream per admin tab; the
  // heartbeat has a body, so this context reads bodies (the models and labels routes need not).
  await app.register(async (live) => {
    await registerBodyParsers(live);
    registerLiveRoutes(live);
  });
});
