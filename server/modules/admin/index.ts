import { defineModule } from "../module.js";
import { registerAdminModule } from "./admin-module.js";

/** GET /api/admin/models; the admin's file inputs need file-storage's uploads. */
export const admin = defineModule("admin", ["rbac", "file-storage"], async (app) => {
  // Routes only: in their own context, as no other module needs anything of them.
  await app.register(async (routes) => registerAdminModule(routes));
});
