import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { AUTH, bearer, register } from "../helpers.js";
import { signInAtProvider, startTestProvider, type TestProvider } from "./oidc-test-provider.js";
import { PUBLIC_URL, REDIRECT_URI, SSO, begin, callback, cookieSet, settingsFor, ssoSignIn } from "./sso-flow.js";

let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URI);
  t = await createTestApp({ publicUrl: PUBLIC_URL, oidc: settingsFor(provider) });
  provider.accounts.set("mallory-sub", { email: "mallory@example.com", email_verified: true });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const signedIn = (response: { headers: Record<string, unknown> }) => cookieSet(response.headers, "rbac.subject.jwt");
const ssoIdentities = () =>
  t.database.db.selectFrom("rbac_identities").select(["account"]).where("provider", "=", "openid_connect").execute();

describe("single sign-on refuses", () => {
  test("a callback whose state is not the flow's", async () => {
    const flow = await begin(t);
    const back = await signInAtProvider(flow.authorizationUrl, "mallory-sub");
    back.searchParams.set("state", `${flow.state}x`);
    const answer = await callback(t, back, flow.binding);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toMatch(/unknown, already used, expired or was begun in another browser/);
    expect(signedIn(answer)).toBeUndefined();
  });

  test("a callback from a browser that did not begin the flow (no binding cookie, or another's)", async () => {
    const flow = await begin(t);
    const back = await signInAtProvider(flow.authorizationUrl, "mallory-sub");
    expect((await callback(t, back, undefined)).statusCode).toBe(401);
    const other = await begin(t);
    expect((await callback(t, back, other.binding)).statusCode).toBe(401);
    // Those tries did not spend it: the browser that began it still can.
    expect((await callback(t, back, flow.binding)).statusCode).toBe(302);
  });

  test("a replayed callback, and a spent code under a fresh flow", async () => {
    const first = await ssoSignIn(t, "mallory-sub");
    expect(first.response.statusCode).toBe(302);
    const replay = await callback(t, first.back, first.flow.binding);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/already used/);
    expect(signedIn(replay)).toBeUndefined();

    const fresh = await begin(t);
    const spentCode = new URL(first.back);
    spentCode.searchParams.set("state", fresh.state);
    const answer = await callback(t, spentCode, fresh.binding);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toMatch(/refused the sign-in code \(invalid_grant\)/);
    expect(signedIn(answer)).toBeUndefined();
  });

  test("an ID token whose nonce is not the flow's", async () => {
    const flow = await begin(t);
    const back = await signInAtProvider(flow.authorizationUrl, "mallory-sub");
    await t.database.db
      .updateTable("rbac_openid_connect_flows")
      .set({ nonce: "a-nonce-this-server-never-sent" })
      .where("state", "=", flow.state)
      .execute();
    const answer = await callback(t, back, flow.binding);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toMatch(/nonce/);
    expect(signedIn(answer)).toBeUndefined();
  });

  test("a code sent with another PKCE verifier", async () => {
    const flow = await begin(t);
    const back = await signInAtProvider(flow.authorizationUrl, "mallory-sub");
    await t.database.db
      .updateTable("rbac_openid_connect_flows")
      .set({ codeVerifier: "a".repeat(43) })
      .where("state", "=", flow.state)
      .execute();
    const answer = await callback(t, back, flow.binding);
    expect(answer.statusCode).toBe(401);
    expect(signedIn(answer)).toBeUndefined();
  });

  test("an expired flow", async () => {
    const flow = await begin(t);
    const back = await signInAtProvider(flow.authorizationUrl, "mallory-sub");
    await t.database.db
      .updateTable("rbac_openid_connect_flows")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("state", "=", flow.state)
      .execute();
    expect((await callback(t, back, flow.binding)).statusCode).toBe(401);
  });

  test("an unverified email that an account has: refused, and the account is left as it was", async () => {
    const owner = await register(t, "owner@example.com");
    provider.accounts.set("intruder-sub", { email: "OWNER@example.com", email_verified: false });
    const before = await ssoIdentities();
    const attempt = await ssoSignIn(t, "intruder-sub");
    expect(attempt.response.statusCode).toBe(403);
    expect(attempt.response.json().message).toMatch(/has not verified your email, which an account here already uses/);
    expect(signedIn(attempt.response)).toBeUndefined();
    expect(await ssoIdentities()).toEqual(before);
    const me = await t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(owner.jwt) });
    expect(me.body.data.identities).toEqual([
      expect.objectContaining({ provider: "email_and_password", email: "owner@example.com" }),
    ]);
  });

  test.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative address", "//evil.example/account"],
    ["a backslash path", "/\\evil.example"],
    ["a script", "javascript:alert(1)"],
  ])("a return path to %s", async (_what, returnTo) => {
    const answer = await t.request({
      method: "GET",
      url: `${SSO}/start?returnTo=${encodeURIComponent(returnTo)}`,
      key: null,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/returnTo must be a path of this site/);
  });

  test("a callback without a state is a 400, with a flow's state but an error from the provider a 401", async () => {
    expect((await t.request({ method: "GET", url: `${SSO}/callback?code=abc`, key: null })).status).toBe(400);
    const flow = await begin(t);
    const denied = new URL(REDIRECT_URI);
    denied.searchParams.set("error", "access_denied");
    denied.searchParams.set("state", flow.state);
    denied.searchParams.set("iss", provider.issuer);
    const answer = await callback(t, denied, flow.binding);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toMatch(/access_denied/);
  });
});

describe("a refused sign-in in a browser (Accept: text/html) goes back to its screen, which says why", () => {
  const SIGN_IN = "/rbac/subject/authentication/select-method?sso=done&reason=checkout";
  /** start as a browser would: the binding and the return path come back as cookies. */
  async function browserBegin(returnTo: string) {
    const started = await t.app.inject({ method: "GET", url: `${SSO}/start?returnTo=${encodeURIComponent(returnTo)}` });
    const state = new URL(String(started.headers.location)).searchParams.get("state")!;
    const binding = cookieSet(started.headers, "rbac.sso")!;
    const kept = cookieSet(started.headers, "rbac.sso-return");
    return { authorizationUrl: String(started.headers.location), state, binding, kept };
  }
  const navigate = (back: URL, cookies: string[]) =>
    t.app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookies.join("; "), accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });

  test("start keeps the return path in a cookie sent only to the callback", async () => {
    const started = await t.app.inject({ method: "GET", url: `${SSO}/start?returnTo=${encodeURIComponent(SIGN_IN)}` });
    const cookie = [started.headers["set-cookie"]].flat().find((c) => String(c).startsWith("rbac.sso-return="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/rbac\/subjects\/authentication\/openid-connect\/callback/);
    expect(decodeURIComponent(cookieSet(started.headers, "rbac.sso-return")!)).toBe(SIGN_IN);
  });

  test.each([
    ["a state that is not the flow's", "failed", "mallory-sub", "x"],
    ["an unverified email an account has", "unverified", "stranger-sub", ""],
  ])("%s → 303 to the sign-in card with sso-error=%s", async (_what, refusal, account, stateSuffix) => {
    await register(t, "taken@example.com").catch(() => undefined);
    provider.accounts.set("stranger-sub", { email: "taken@example.com", email_verified: false });
    const flow = await browserBegin(SIGN_IN);
    const back = await signInAtProvider(flow.authorizationUrl, account);
    back.searchParams.set("state", `${flow.state}${stateSuffix}`);
    const answer = await navigate(back, [`rbac.sso=${flow.binding}`, `rbac.sso-return=${flow.kept}`]);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(
      `/rbac/subject/authentication/select-method?reason=checkout&sso-error=${refusal}`,
    );
    expect(signedIn(answer)).toBeUndefined();
  });

  test.each([
    ["no return cookie", []],
    ["a return cookie naming another site", [`rbac.sso-return=${encodeURIComponent("//evil.example/x")}`]],
  ])("%s → back to the home page", async (_what, cookies) => {
    const flow = await browserBegin("/account");
    const back = await signInAtProvider(flow.authorizationUrl, "mallory-sub");
    back.searchParams.set("state", "not-a-flow");
    const answer = await navigate(back, [`rbac.sso=${flow.binding}`, ...cookies]);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("/?sso-error=failed");
  });
});
