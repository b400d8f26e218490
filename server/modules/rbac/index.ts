import type { Module } from "../module.js";
import { registerRbacModule } from "./rbac-module.js";

/**
 * Accounts, sessions and permissions (`app.rbac`), and the authorization hook: it guards the /api
 * routes registered after it, so every module with /api routes lists "rbac" in its dependsOn.
 */
export const rbac: Module = {
  name: "rbac",
  dependsOn: ["notification"],
  register: (app, { config }) => registerRbacModule(app, config),
};
