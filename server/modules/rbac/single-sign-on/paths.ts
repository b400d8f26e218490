/**
 * The single sign-on routes' paths, under the Subject API's authentication (the AUTH of
 * routes/authentication-routes.ts, written out: the services read the callback's path for the
 * redirect URI, and importing the routes from the services would make an import cycle).
 */
export const SSO_BASE = "/api/rbac/subjects/authentication/openid-connect";
/** Where the provider sends the browser back: the redirect URI registered with the provider is PUBLIC_URL + this. */
export const SSO_CALLBACK = `${SSO_BASE}/callback`;
