import { defineModule } from "../module.js";
import { registerRbacModule } from "./rbac-module.js";

// What other modules may use of rbac: who may do what (the authorizer decides for a caller).
export type { Authorizer, Caller } from "./permissions/authorizer.js";
export type { HandoverListener } from "./accounts/guest-handover.js";
export { callerOfRequest } from "./authorization-hook.js";
export { ADMIN_ROLE } from "./permissions/default-permissions.js";
// Whose the shop's orders are (rbac's links): subqueries the shop joins into its statements, and the links' writes.
export {
  isSubjectsOrder,
  linkOrderToSubject,
  moveOrderLinks,
  orderAccountEmails,
  orderSubjectLanguages,
  orderSubjects,
  ordersOfSubject,
  subjectOrderLink,
} from "./accounts/subject-orders.js";
// How the admin names a person's account (its email).
export { accountLabelled, subjectEmails } from "./accounts/admin-labels.js";
// Whether a subject is an administrator by its role (the audit log is theirs alone).
export { isAdministrator } from "./accounts/admin-emails.js";
export { signingSecrets, type SecretPurpose, type SigningSecrets } from "./signing-secrets.js";

/**
 * Accounts, sessions and permissions (`app.rbac`), and the authorization hook: it guards the /api
 * routes registered after it, so every module with /api routes lists "rbac" in its dependsOn.
 */
export const rbac = defineModule("rbac", ["notification", "webhooks"], (app, config) =>
  registerRbacModule(app, config),
);
