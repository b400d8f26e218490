import type { TestApp } from "../../helpers/test-app.js";
import type { OidcSettings } from "../../../server/modules/rbac/single-sign-on/settings.js";
import { AUTH, subjectOf } from "../helpers.js";
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, type TestProvider } from "./oidc-test-provider.js";

export const SSO = `${AUTH}/openid-connect`;
export const PUBLIC_URL = "http://127.0.0.1:3999";
export const REDIRECT_URI = `${PUBLIC_URL}${SSO}/callback`;

export const settingsFor = (provider: TestProvider, extra: Partial<OidcSettings> = {}): OidcSettings => ({
  issuer: provider.issuer,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  name: "Test SSO",
  scopes: "openid email profile",
  ...extra,
});

/** The value of a cookie the answer sets, if it sets it. */
export function cookieSet(headers: Record<string, unknown>, name: string): string | undefined {
  const cookies = [headers["set-cookie"] ?? []].flat() as string[];
  const cookie = cookies.find((c) => c.startsWith(`${name}=`));
  return cookie?.slice(name.length + 1).split(";")[0] || undefined;
}

export interface Begun {
  /** The provider's authorization URL the start route redirected to. */
  authorizationUrl: string;
  state: string;
  /** The binding cookie the browser keeps. */
  binding: string;
}

/** GET start (returnTo): the redirect to the provider and the binding cookie. */
export async function begin(t: TestApp, returnTo = "/account"): Promise<Begun> {
  const response = await t.app.inject({ method: "GET", url: `${SSO}/start?returnTo=${encodeURIComponent(returnTo)}` });
  if (response.statusCode !== 302) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  const authorizationUrl = String(response.headers.location);
  return {
    authorizationUrl,
    state: new URL(authorizationUrl).searchParams.get("state")!,
    binding: cookieSet(response.headers, "rbac.sso")!,
  };
}

/** The browser comes back to the callback: with its binding cookie (and a session cookie, when given). */
export function callback(t: TestApp, back: URL, binding: string | undefined, cookies: string[] = []) {
  const cookie = [...(binding ? [`rbac.sso=${binding}`] : []), ...cookies].join("; ");
  return t.app.inject({ method: "GET", url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });
}

/** A whole sign-in of `accountId`: start, the provider's login, the callback. */
export async function ssoSignIn(t: TestApp, accountId: string, returnTo = "/account") {
  const flow = await begin(t, returnTo);
  const back = await signInAtProvider(flow.authorizationUrl, accountId);
  const response = await callback(t, back, flow.binding);
  const jwt = cookieSet(response.headers, "rbac.subject.jwt");
  return { response, back, flow, jwt, subjectId: jwt ? subjectOf(jwt) : undefined };
}
