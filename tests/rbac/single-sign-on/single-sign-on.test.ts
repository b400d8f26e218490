import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { multipart, urlencoded } from "../../helpers/bodies.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { AUTH, PASSWORD, bearer, register } from "../helpers.js";
import { signInAtProvider, startTestProvider, type TestProvider } from "./oidc-test-provider.js";
import { PUBLIC_URL, REDIRECT_URI, SSO, callback, cookieSet, settingsFor, ssoSignIn } from "./sso-flow.js";

let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URI);
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    oidc: settingsFor(provider, {
      roles: {
        claim: "groups",
        map: new Map([
          ["admins", "admin"],
          ["support", "support"],
        ]),
      },
    }),
  });
  await t.app.repositories
    .get("rbac/roles")!
    .create({ title: "Support", uid: "support", availableOnRegistration: false });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const me = (jwt: string) => t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(jwt) });
const roleUids = async (jwt: string) => ((await me(jwt)).body.data.roles as { uid: string }[]).map((r) => r.uid);

describe("single sign-on with OpenID Connect", () => {
  test("the pages learn whether it is set up and the button's name", async () => {
    const answer = await t.request({ method: "GET", url: SSO, key: null });
    expect(answer).toEqual({ status: 200, body: { data: { enabled: true, name: "Test SSO" } } });
  });

  test("start sends the browser to the provider with PKCE (S256), state and nonce, and a binding cookie", async () => {
    const response = await t.app.inject({ method: "GET", url: `${SSO}/start?returnTo=/en/account` });
    expect(response.statusCode).toBe(302);
    const url = new URL(String(response.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "sps-test-client",
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    const cookie = [response.headers["set-cookie"]].flat().find((c) => c?.startsWith("rbac.sso="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/rbac\/subjects\/authentication\/openid-connect\/callback/);
  });

  test("a first sign-in makes a subject with the issuer's sub; the next one finds the same subject", async () => {
    provider.accounts.set("alice-sub", { email: "Alice@Example.com", email_verified: true, name: "Alice" });
    const first = await ssoSignIn(t, "alice-sub", "/en/account?tab=orders");
    expect(first.response.statusCode).toBe(302);
    expect(first.response.headers.location).toBe("/en/account?tab=orders");
    expect(cookieSet(first.response.headers, "rbac.subject.refresh")).toBeTruthy();
    const { body } = await me(first.jwt!);
    expect(body.data.identities).toEqual([
      expect.objectContaining({
        provider: "openid_connect",
        issuer: provider.issuer,
        account: "alice-sub",
        email: "alice@example.com",
      }),
    ]);
    expect(body.data.roles.map((r: { uid: string }) => r.uid)).toEqual(["user"]);

    const second = await ssoSignIn(t, "alice-sub");
    expect(second.response.statusCode).toBe(302);
    expect(second.subjectId).toBe(first.subjectId);
    // Each sign-in is recorded with its device, as the other sign-ins are (the signed-in devices list).
    const devices = await t.database.db
      .selectFrom("rbac_refresh_tokens")
      .select(["userAgent", "signedInAt"])
      .where("subjectId", "=", first.subjectId!)
      .execute();
    expect(devices.length).toBeGreaterThanOrEqual(2);
    for (const device of devices) expect(device.userAgent).toBe("lightMyRequest");
  });

  test("the same email from another sub is another person: a new subject, never the first one's", async () => {
    provider.accounts.set("bob-sub", { email: "bob@example.com", email_verified: true });
    const bob = await ssoSignIn(t, "bob-sub");
    provider.accounts.set("bob-sub-2", { email: "bob@example.com", email_verified: false });
    const other = await ssoSignIn(t, "bob-sub-2");
    expect(other.response.statusCode).toBe(403);
    expect(other.subjectId).toBeUndefined();
    expect(bob.subjectId).toBeTruthy();
  });

  test("the role claim grants mapped roles and takes them away when the provider stops sending them", async () => {
    provider.accounts.set("carol-sub", {
      email: "carol@example.com",
      email_verified: true,
      groups: ["admins", "support", "x"],
    });
    const first = await ssoSignIn(t, "carol-sub");
    expect(await roleUids(first.jwt!)).toEqual(["admin", "support", "user"]);

    provider.accounts.set("carol-sub", { email: "carol@example.com", email_verified: true, groups: ["support"] });
    const second = await ssoSignIn(t, "carol-sub");
    expect(await roleUids(second.jwt!)).toEqual(["support", "user"]);

    provider.accounts.set("carol-sub", { email: "carol@example.com", email_verified: true });
    const third = await ssoSignIn(t, "carol-sub");
    // A role outside OIDC_ROLE_MAP (the sign-up role) stays whatever the claim says.
    expect(await roleUids(third.jwt!)).toEqual(["user"]);
  });

  test("a verified email of an existing account is refused too (sign-up never verified it): link from the account", async () => {
    await register(t, "dora@example.com");
    provider.accounts.set("dora-sub", { email: "dora@example.com", email_verified: true });
    const attempt = await ssoSignIn(t, "dora-sub");
    expect(attempt.response.statusCode).toBe(409);
    expect(attempt.response.json().message).toMatch(/already exists: sign in to it, then link Test SSO/);
  });

  test("a signed-in subject links single sign-on with its password, then signs in with it", async () => {
    const eve = await register(t, "eve@example.com");
    const link = (payload: Record<string, unknown>) =>
      t.request({ method: "POST", url: `${SSO}/link`, key: null, headers: bearer(eve.jwt), payload });
    expect((await link({ currentPassword: "wrong password" })).status).toBe(400);
    expect((await link({ currentPassword: PASSWORD, returnTo: "https://evil.example/" })).status).toBe(400);
    const started = await t.app.inject({
      method: "POST",
      url: `${SSO}/link`,
      headers: bearer(eve.jwt),
      payload: { currentPassword: PASSWORD, returnTo: "/account" },
    });
    expect(started.statusCode).toBe(200);
    provider.accounts.set("eve-sub", { email: "eve@corp.example", email_verified: true });
    const back = await signInAtProvider(started.json().data.url, "eve-sub");
    const linked = await callback(t, back, cookieSet(started.headers, "rbac.sso"));
    expect(linked.statusCode).toBe(302);
    expect(linked.headers.location).toBe("/account");
    const identities = (await me(eve.jwt)).body.data.identities;
    expect(identities).toContainEqual(expect.objectContaining({ provider: "openid_connect", account: "eve-sub" }));
    expect((await ssoSignIn(t, "eve-sub")).subjectId).toBe(eve.subjectId);
  });

  test("a sub already signing in to one account cannot be linked to another", async () => {
    const frank = await register(t, "frank@example.com");
    const started = await t.app.inject({
      method: "POST",
      url: `${SSO}/link`,
      headers: bearer(frank.jwt),
      payload: { currentPassword: PASSWORD },
    });
    const back = await signInAtProvider(started.json().data.url, "alice-sub");
    const refused = await callback(t, back, cookieSet(started.headers, "rbac.sso"));
    expect(refused.statusCode).toBe(409);
    expect((await me(frank.jwt)).body.data.identities).toHaveLength(1);
  });

  test("link reads its body in the three forms alike (JSON `data`, urlencoded, multipart)", async () => {
    const grace = await register(t, "grace@example.com");
    const forms = async (data: unknown) => [{ payload: { data } }, urlencoded(data), await multipart(data)];
    const link = (body: { payload: unknown; headers?: Record<string, string> }) =>
      t.request({
        method: "POST",
        url: `${SSO}/link`,
        key: null,
        payload: body.payload as string,
        headers: { ...body.headers, ...bearer(grace.jwt) },
      });
    for (const body of await forms({ currentPassword: PASSWORD, returnTo: "/account" })) {
      const answer = await link(body);
      expect(answer.status).toBe(200);
      expect(new URL(answer.body.data.url).origin).toBe(provider.issuer);
    }
    for (const body of await forms({ currentPassword: "not the password" }))
      expect((await link(body)).status).toBe(400);
  });

  test("linking needs a signed-in subject", async () => {
    const anonymous = await t.request({ method: "POST", url: `${SSO}/link`, key: null, payload: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe("without OIDC_ISSUER", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off?.close());

  test("the pages are told it is off and its routes are a 404", async () => {
    expect((await off.request({ method: "GET", url: SSO, key: null })).body).toEqual({
      data: { enabled: false, name: null },
    });
    const start = await off.request({ method: "GET", url: `${SSO}/start`, key: null });
    expect(start.status).toBe(404);
    expect(start.body.message).toMatch(/OIDC_ISSUER/);
    expect((await off.request({ method: "GET", url: `${SSO}/callback?state=x&code=y`, key: null })).status).toBe(404);
  });
});
