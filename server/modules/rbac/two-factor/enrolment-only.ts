import { AUTH_PATH } from "./paths.js";

/**
 * What a session made while two-factor enrolment is pending (TWO_FACTOR_REQUIRED_ROLES) may
 * reach as its subject: its own two-factor routes, who it is, refreshing and signing out.
 * Anything else it reaches only as a visitor would (public pages, the sign-in routes), so a
 * password alone opens nothing of the account until an authenticator app is confirmed.
 */
export function enrolmentOnlyAllows(subjectId: string, method: string, path: string): boolean {
  if (
    path === `/api/rbac/subjects/${subjectId}/two-factor` ||
    path.startsWith(`/api/rbac/subjects/${subjectId}/two-factor/`)
  )
    return true;
  if (method === "GET" && path === `${AUTH_PATH}/me`) return true;
  return method === "POST" && (path === `${AUTH_PATH}/logout` || path === `${AUTH_PATH}/refresh`);
}
