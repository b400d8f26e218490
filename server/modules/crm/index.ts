import { defineModule } from "../module.js";
import { registerCrmModule } from "./form-requests-route.js";

/** Form submissions (POST /api/crm/forms/{id}/requests) and the Subject API's form requests. */
export const crm = defineModule("crm", ["rbac"], (app, config) => registerCrmModule(app, config));
