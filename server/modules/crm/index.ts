import type { Module } from "../module.js";
import { registerCrmModule } from "./form-requests-route.js";

/** Form submissions (POST /api/crm/forms/{id}/requests) and the Subject API's form requests. */
export const crm: Module = {
  name: "crm",
  dependsOn: ["rbac"],
  register: (app, { config }) => registerCrmModule(app, config),
};
