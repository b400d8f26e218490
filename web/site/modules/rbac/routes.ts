/** The original client's page routes the rbac screens link to (without the language prefix). */
export const HOME = "/";
export const SELECT_METHOD = "/rbac/subject/authentication/select-method";
export const REGISTRATION = "/rbac/subject/authentication/email-and-password/registration";
export const FORGOT_PASSWORD = "/rbac/subject/authentication/email-and-password/forgot-password";
export const SETTINGS = "/rbac/subjects/settings";
export const SUBJECTS = "/rbac/subjects";

/** The Subject API routes these screens call (docs/security.md "Accounts and permissions"). */
export const AUTH_API = "/api/rbac/subjects/authentication";
export const EMAIL_API = `${AUTH_API}/email-and-password`;
export const EVM_API = `${AUTH_API}/ethereum-virtual-machine`;
export const subjectApi = (subjectId: string) => `/api/rbac/subjects/${subjectId}`;
export const identityPasswordApi = (identityId: string) => `/api/rbac/identity/${identityId}/change-password`;

/** Full page loads: the target is a server-rendered page. */
export function goTo(url: string) {
  window.location.assign(url);
}
