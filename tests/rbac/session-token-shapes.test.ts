import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SessionTokens } from "../../server/modules/rbac/session-tokens.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, bearer, register, type SignedIn } from "./helpers.js";

// The original client decodes the signed-in subject from the JWT's `subject`
// claim and decides when to refresh from the refresh token's `exp`, so the refresh token is a
// signed JWT carrying the stored token's secret. Rotation, reuse detection and revocation stay
// the stored token's; the envelope adds no way in.
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe(`session and refresh tokens the original client can read, on ${testDialect}`, () => {
  let t: TestApp;
  let ann: SignedIn;
  let signingSecret: string;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await register(t, "ann@example.com");
    signingSecret = (await t.database.db.selectFrom("rbac_signing_keys").select("secret").executeTakeFirstOrThrow())
      .secret;
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { refresh: token } });
  const me = (jwt: string) => t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(jwt) });

  test("the JWT carries `subject` with the subject's id and slug beside sub, roles and sid", async () => {
    const subject = (await me(ann.jwt)).body.data;
    expect(subject.slug).toEqual(expect.any(String));
    expect(claimsOf(ann.jwt)).toMatchObject({
      sub: ann.subjectId,
      roles: ["user"],
      sid: expect.any(String),
      subject: { id: ann.subjectId, slug: subject.slug },
    });
    // A refreshed session says the same.
    const next = (await refresh(ann.refresh)).body.data;
    ann = { ...ann, ...next };
    expect(claimsOf(next.jwt).subject).toEqual({ id: ann.subjectId, slug: subject.slug });
  });

  test("the refresh token is a JWT of this server whose exp is the stored token's expiry (REFRESH_TOKEN_TTL_SECONDS)", async () => {
    const before = Date.now();
    const session = await register(t, "bob@example.com");
    const claims = claimsOf(session.refresh);
    expect(claims).toMatchObject({ typ: "refresh", iss: "sps", secret: expect.any(String) });
    expect(claims.exp - claims.iat).toBe(30 * 24 * 3600);
    const stored = await t.database.db
      .selectFrom("rbac_refresh_tokens")
      .select("expiresAt")
      .where("tokenHash", "=", sha256(claims.secret))
      .executeTakeFirstOrThrow();
    expect(Math.abs(new Date(stored.expiresAt).getTime() / 1000 - claims.exp)).toBeLessThanOrEqual(1);
    expect(claims.exp * 1000).toBeGreaterThan(before);
    // Neither the envelope nor the secret inside is stored, only the secret's hash.
    const hashes = (await t.database.db.selectFrom("rbac_refresh_tokens").select("tokenHash").execute()).map(
      (r) => r.tokenHash,
    );
    expect(hashes).not.toContain(session.refresh);
    expect(hashes).not.toContain(claims.secret);
  });

  test("rotation and reuse detection hold for the JWT form: a spent one revokes its whole sign-in", async () => {
    const session = await register(t, "carol@example.com");
    const next = (await refresh(session.refresh)).body.data;
    expect(claimsOf(next.refresh).secret).not.toBe(claimsOf(session.refresh).secret);
    expect((await refresh(session.refresh)).status).toBe(401);
    expect((await refresh(next.refresh)).status).toBe(401);
    expect((await me(next.jwt)).status).toBe(401);
  });

  test("logout with the JWT form ends that sign-in", async () => {
    const session = await register(t, "dan@example.com");
    expect(
      (await t.request({ method: "POST", url: `${AUTH}/logout`, key: null, payload: { refresh: session.refresh } }))
        .status,
    ).toBe(200);
    expect((await me(session.jwt)).status).toBe(401);
    expect((await refresh(session.refresh)).status).toBe(401);
  });

  test.each([
    ["a session JWT", async (s: SignedIn) => s.jwt],
    [
      "an envelope signed with another key around a live secret",
      async (s: SignedIn) =>
        new SessionTokens("x".repeat(48), 900).signRefresh(claimsOf(s.refresh).secret, Date.now() + 60_000),
    ],
    [
      "an expired envelope around a live secret",
      async (s: SignedIn) =>
        new SessionTokens(signingSecret, 900).signRefresh(claimsOf(s.refresh).secret, Date.now() - 1000),
    ],
    [
      "an altered envelope",
      async (s: SignedIn) => {
        const [h, , sig] = s.refresh.split(".");
        return `${h}.${Buffer.from(JSON.stringify({ ...claimsOf(s.refresh), exp: 9_999_999_999 })).toString("base64url")}.${sig}`;
      },
    ],
  ])("%s is not a refresh token (401), and the real one still works after", async (_, make) => {
    const session = await register(t, `e-${Math.random()}@example.com`);
    const response = await refresh(await make(session));
    expect(response).toMatchObject({
      status: 401,
      body: { message: "Authentication error: the refresh token is invalid, expired or revoked" },
    });
    expect((await refresh(session.refresh)).status).toBe(200);
  });

  test("a refresh token is not a session token: as a bearer or cookie it signs no one in", async () => {
    const session = await register(t, "fay@example.com");
    expect((await me(session.refresh)).status).toBe(401);
    expect(
      (
        await t.request({
          method: "GET",
          url: `${AUTH}/me`,
          key: null,
          headers: { cookie: `rbac.subject.jwt=${session.refresh}` },
        })
      ).status,
    ).toBe(401);
  });

  test("a refresh token of the old opaque form (handed out before the upgrade) is still spent once, for the new form", async () => {
    const issued = await t.app.rbac.sessions.refreshTokens.issue(ann.subjectId);
    expect(issued.token).not.toContain(".");
    const response = await refresh(issued.token);
    expect(response.status).toBe(200);
    expect(claimsOf(response.body.data.refresh).typ).toBe("refresh");
    expect((await refresh(issued.token)).status).toBe(401);
  });
});

describe(`SESSION_COOKIE_HTTP_ONLY, on ${testDialect}`, () => {
  // One app per setting, made in the hooks (a start takes long on a busy machine).
  const apps: Record<string, TestApp> = {};
  beforeAll(async () => {
    [apps.default, apps.readable] = await Promise.all([
      createTestApp(),
      createTestApp({ sessionCookieHttpOnly: false }),
    ]);
  });
  afterAll(() => Promise.all(Object.values(apps).map((app) => app.close())));

  test.each([
    ["unset (the default)", "default", true],
    ["false (the original frontend reads it)", "readable", false],
  ])("%s: the session cookie is HttpOnly: %s", async (_, which, httpOnly) => {
    const response = await apps[which]!.app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      payload: { login: "gus@example.com", password: "correct horse battery" },
    });
    const cookie = [response.headers["set-cookie"]].flat().find((c) => c?.startsWith("rbac.subject.jwt="))!;
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(/;\s*HttpOnly/i.test(cookie)).toBe(httpOnly);
  });
});
