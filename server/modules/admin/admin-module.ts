import type { FastifyInstance } from "fastify";
import { adminModels } from "../../../engine/admin/admin-model.js";
import type { Config } from "../../config.js";
import { registerFileStorageModule } from "../file-storage/file-storage-module.js";

/**
 * The back office's server side: GET /api/admin/models describes every exposed model (fields,
 * naming field, embedded relation sub-tables) so the admin at /admin generates its screens from
 * the registry. Like every /api route it passes the rbac hook: admins (`* /**`) only. File
 * uploads come with it, since the admin's file inputs need them.
 */
export async function registerAdminModule(app: FastifyInstance, config: Config) {
  await registerFileStorageModule(app, config);
  const models = adminModels(app.registry);
  const docs = { tag: "admin", summary: "Every exposed model as the admin generates its screens from it (fields, naming field, embedded relations)" };
  app.get("/api/admin/models", { config: { docs } }, async () => ({ data: models }));
}
