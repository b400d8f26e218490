import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SessionTokens } from "../../server/modules/rbac/session-tokens.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, as, bearer, register, signIn, type SignedIn } from "./helpers.js";

let t: TestApp;
let ann: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t, "ann@example.com");
});
afterAll(() => t.close());

const refresh = (token: string) =>
  t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { refresh: token } });
const me = (jwt: string) => t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(jwt) });

describe("session tokens", () => {
  test("the JWT names the subject, its roles and its sign-in, and lives ACCESS_TOKEN_TTL_SECONDS", async () => {
    const claims = JSON.parse(Buffer.from(ann.jwt.split(".")[1]!, "base64url").toString());
    expect(claims).toMatchObject({ sub: ann.subjectId, roles: ["user"], iss: "sps" });
    expect(claims.exp - claims.iat).toBe(900);
    expect(JSON.parse(Buffer.from(ann.jwt.split(".")[0]!, "base64url").toString()).alg).toBe("HS256");
  });

  test("an expired token counts as signed out", async () => {
    const secret = (await t.database.db.selectFrom("rbac_signing_keys").select("secret").executeTakeFirstOrThrow())
      .secret;
    const tokens = new SessionTokens(secret, 60);
    const expired = await tokens.sign(
      { subjectId: ann.subjectId, roles: [], familyId: crypto.randomUUID() },
      Date.now() - 61_000,
    );
    const fresh = await tokens.sign({ subjectId: ann.subjectId, roles: [], familyId: crypto.randomUUID() });
    expect((await me(fresh)).status).toBe(200);
    expect((await me(expired)).status).toBe(401);
  });

  test("a token signed with another key, or altered, counts as signed out", async () => {
    const forged = await new SessionTokens("x".repeat(48), 900).sign({
      subjectId: ann.subjectId,
      roles: ["admin"],
      familyId: crypto.randomUUID(),
    });
    expect((await me(forged)).status).toBe(401);
    const [h, p, s] = ann.jwt.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...payload, roles: ["admin"] })).toString("base64url")}.${s}`;
    expect((await me(altered)).status).toBe(401);
    expect((await as(t, { ...ann, jwt: altered })({ method: "GET", url: "/api/rbac/roles" })).status).toBe(401);
  });

  test("the roles in the token are not what authorizes: the server reads the subject's roles", async () => {
    const secret = (await t.database.db.selectFrom("rbac_signing_keys").select("secret").executeTakeFirstOrThrow())
      .secret;
    const claimsAdmin = await new SessionTokens(secret, 60).sign({
      subjectId: ann.subjectId,
      roles: ["admin"],
      familyId: crypto.randomUUID(),
    });
    expect(
      (await t.request({ method: "GET", url: "/api/rbac/roles", key: null, headers: bearer(claimsAdmin) })).status,
    ).toBe(403);
  });
});

describe("refresh tokens", () => {
  test("a refresh gives a new JWT and a new refresh token; the old one is spent", async () => {
    const session = await signIn(t, "ann@example.com");
    const first = await refresh(session.refresh);
    expect(first.status).toBe(200);
    expect(first.body.data.refresh).not.toBe(session.refresh);
    expect((await me(first.body.data.jwt)).status).toBe(200);
    const second = await refresh(first.body.data.refresh);
    expect(second.status).toBe(200);
  });

  test("reusing a rotated token revokes the whole family", async () => {
    const session = await signIn(t, "ann@example.com");
    const next = (await refresh(session.refresh)).body.data;
    const replay = await refresh(session.refresh);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("Authentication error: the refresh token is invalid, expired or revoked");
    // The thief's replay also kills the legitimate successor.
    expect((await refresh(next.refresh)).status).toBe(401);
    // Other sign-ins of the same subject are untouched.
    const other = await signIn(t, "ann@example.com");
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  test("two refreshes with one token at once: one wins", async () => {
    const session = await signIn(t, "ann@example.com");
    const results = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  test("an expired refresh token is refused", async () => {
    const session = await signIn(t, "ann@example.com");
    await t.database.db
      .updateTable("rbac_refresh_tokens")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("revokedAt", "is", null)
      .where("usedAt", "is", null)
      .execute();
    expect((await refresh(session.refresh)).status).toBe(401);
  });

  test.each([
    // No body and no refresh cookie: nothing to spend (the cookie's case: tests/rbac/refresh-cookie.test.ts).
    ["no body", undefined, 401],
    ["an empty token", { refresh: "" }, 400],
    ["an unknown token", { refresh: "not-a-token" }, 401],
  ])("refuses %s", async (_, payload, status) => {
    const response = await t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: payload as any });
    expect(response.status).toBe(status);
  });

  test("refresh tokens are stored only as hashes", async () => {
    const session = await signIn(t, "ann@example.com");
    const rows = await t.database.db.selectFrom("rbac_refresh_tokens").select("tokenHash").execute();
    expect(rows.some((r) => r.tokenHash === session.refresh)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe("logout", () => {
  test("revokes the session's refresh tokens and clears the cookie", async () => {
    const session = await signIn(t, "ann@example.com");
    const response = await t.app.inject({
      method: "POST",
      url: `${AUTH}/logout`,
      headers: bearer(session.jwt),
      payload: { refresh: session.refresh },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { redirectTo: "/" } });
    expect(String(response.headers["set-cookie"])).toMatch(/rbac\.subject\.jwt=;.*Expires=Thu, 01 Jan 1970/);
    expect((await refresh(session.refresh)).status).toBe(401);
  });

  test("the JWT's own family is revoked even without the refresh token in the body", async () => {
    const session = await signIn(t, "ann@example.com");
    await t.request({ method: "POST", url: `${AUTH}/logout`, key: null, headers: bearer(session.jwt) });
    expect((await refresh(session.refresh)).status).toBe(401);
  });

  test("signed out already: still fine, and never redirects off-site", async () => {
    const response = await t.request({
      method: "POST",
      url: `${AUTH}/logout`,
      key: null,
      payload: { redirectTo: "//evil.example" },
    });
    expect(response).toMatchObject({ status: 200, body: { data: { redirectTo: "/" } } });
  });
});

describe("init", () => {
  test("makes a subject with no identity and a session for it", async () => {
    const response = await t.request({ method: "GET", url: `${AUTH}/init`, key: null });
    expect(response.status).toBe(200);
    const { jwt, refresh: token } = response.body.data;
    const who = await me(jwt);
    expect(who.body.data.identities).toEqual([]);
    expect((await refresh(token)).status).toBe(200);
  });
});
