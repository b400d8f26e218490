import type { Module } from "../module.js";
import { registerBillingModule } from "./billing-module.js";

/**
 * Payment providers and payments (`app.payments`), the webhook and providers routes. The dummy
 * invoice route reads `app.shop` when it answers, not while registering: no dependency on ecommerce.
 */
export const billing: Module = {
  name: "billing",
  dependsOn: ["rbac"],
  register: async (app, { config }) => {
    await registerBillingModule(app, config);
  },
};
