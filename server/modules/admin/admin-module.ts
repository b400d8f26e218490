import type { FastifyInstance } from "fastify";
import { adminModels } from "../../../engine/admin/admin-model.js";
import { defineRoute } from "../route.js";
import { registerGlobalSearchRoute } from "./global-search-route.js";
import { registerLabelsRoute } from "./labels-route.js";
import { registerAuditRoutes } from "./audit/audit-routes.js";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../../engine/schema/languages.js";

/**
 * The back office's server side: GET /api/admin/models describes every exposed model (fields,
 * naming field, embedded relation sub-tables) so the admin at /admin generates its screens from
 * the registry. Like every /api route it passes the rbac hook: admins (`* /**`) only. File
 * uploads come from the file-storage module, listed before it.
 */
export function registerAdminModule(app: FastifyInstance) {
  // With DRAFTS=off every save publishes: the admin shows no draft states or publish buttons.
  const drafts = app.hasDecorator("drafts") ? app.drafts.drafts : false;
  // The site's variants are read per answer: a plug-in may register one after start-up.
  const variants = () => app.web.variants();
  const summary =
    "Every exposed model as the admin generates its screens from it (fields, naming field, embedded relations), and the site's languages";
  // The site's languages beside the models: the admin applies them (table columns, cells) as the
  // browser bundle has no list of its own.
  const languages = { list: [...LANGUAGES], default: DEFAULT_LANGUAGE };
  defineRoute(app, { method: "GET", url: "/api/admin/models", tag: "admin", summary }, async () => ({
    data: adminModels(app.registry, { drafts, variants: variants() }),
    languages,
  }));
  // Records named as a person recognises them, for tables, pickers and the delete dialog.
  registerLabelsRoute(app);
  // Any record of any model, for the admin's Ctrl/Cmd+K.
  registerGlobalSearchRoute(app);
  // Who changed what: the audit log and its CSV (docs/audit.md), and its daily purge.
  registerAuditRoutes(app);
}
