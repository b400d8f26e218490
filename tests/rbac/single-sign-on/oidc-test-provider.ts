import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const CLIENT_ID = "sps-test-client";
export const CLIENT_SECRET = "sps-test-client-secret-0123456789";

/** What the provider says of a person: their claims besides `sub` (the account id). */
export type Claims = Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  /** The provider's people by account id (its `sub`); tests add and change them. */
  accounts: Map<string, Claims>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1: one confidential client whose redirect URI
 * is `redirectUri`, PKCE required, people from `accounts`, consent given by itself (the grant
 * made at once), and its development login page: any account id, any password.
 */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const accounts = new Map<string, Claims>();
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    cookies: { keys: ["sps-test-provider-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      return claims && { accountId: id, claims: async () => ({ ...claims, sub: id }) };
    },
    // Consent is not what these tests are about: every sign-in is granted what it asks.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name", "groups"]);
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Signs `accountId` in at the provider the way a browser would: follows the authorization URL to
 * the login page, posts the login form, and follows the provider's redirects (keeping its
 * cookies) until it sends the browser to the redirect URI: that URL, with the code, is answered.
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await response.arrayBuffer();
    return response;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    const response = await send(url);
    const location = response.headers.get("location");
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
    const next = new URL(location, url);
    if (next.origin !== new URL(authorizationUrl).origin) return next;
    if (next.pathname.startsWith("/interaction/")) {
      const submitted = await send(next.toString(), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login: accountId, password: "any" }).toString(),
      });
      url = new URL(submitted.headers.get("location")!, next).toString();
    } else url = next.toString();
  }
  throw new Error("the provider never sent the browser back");
}
