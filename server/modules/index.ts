import { site } from "../site/index.js";
import { admin, webhookRoutes, webhooks } from "./admin/index.js";
import { billing } from "./billing/index.js";
import { crm } from "./crm/index.js";
import { ecommerce } from "./ecommerce/index.js";
import { fileStorage } from "./file-storage/index.js";
import { host } from "../site/host/index.js";
import type { Module } from "./module.js";
import { notification, notificationRoutes } from "./notification/index.js";
import { rbac } from "./rbac/index.js";
import { search } from "../search/index.js";

/**
 * Every module, in the order buildApp registers them. Each one's dependencies must be above it:
 * Fastify checks this as it registers each module and stops start-up naming both.
 * A new module is its folder's index.ts and one line here (docs/extending.md, "Adding a module").
 */
export const modules: readonly Module[] = [
  notification,
  webhooks,
  rbac,
  notificationRoutes,
  webhookRoutes,
  fileStorage,
  admin,
  crm,
  billing,
  ecommerce,
  site,
  host,
  search,
];
