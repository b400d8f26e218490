import type { Module } from "../module.js";
import { registerAdminModule } from "./admin-module.js";

/** GET /api/admin/models; the admin's file inputs need file-storage's uploads. */
export const admin: Module = {
  name: "admin",
  dependsOn: ["rbac", "file-storage"],
  register: (app) => registerAdminModule(app),
};
