import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { totpAt } from "../../../server/modules/rbac/two-factor/totp.js";
import { AUTH, PASSWORD, as, register, signIn, type SignedIn } from "../helpers.js";
import { testClock, twoFactorUrl, type TestClock } from "./helpers.js";

const ADMIN = "boss@example.com";
let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  t = await createTestApp({ twoFactorRequiredRoles: ["admin"], adminEmail: ADMIN, adminPassword: PASSWORD });
  clock = testClock(t);
});
afterAll(() => t.close());

const scopeOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).scp;

describe("TWO_FACTOR_REQUIRED_ROLES=admin", () => {
  let narrow: SignedIn;
  beforeAll(async () => {
    narrow = await signIn(t, ADMIN);
  });

  test("an admin without TOTP gets a session that is enrolment-only", () => {
    expect(scopeOf(narrow.jwt)).toBe("two-factor-enrolment");
  });

  test.each([
    ["an admin route", "GET", "/api/rbac/roles", 403],
    ["its own subject record", "GET", "/api/rbac/subjects/{self}", 403],
    ["its identities", "GET", "/api/rbac/subjects/{self}/identities", 403],
    ["a write anyone signed in may make", "POST", "/api/rbac/subjects/{self}/ecommerce-module/orders", 403],
    ["public content, as a visitor", "GET", "/api/ecommerce/products", 200],
    ["who it is", "GET", `${AUTH}/me`, 200],
    ["its two-factor state", "GET", "/api/rbac/subjects/{self}/two-factor", 200],
  ])("reaches %s: %s %s → %i", async (_name, method, path, status) => {
    const answer = await as(t, narrow)({ method: method as "GET", url: path.replace("{self}", narrow.subjectId) });
    expect(answer.status).toBe(status);
    if (status === 403) expect(answer.body.message).toMatch(/turn on two-factor sign-in first/);
  });

  test("who it is says the session is enrolment-only (a full session does not)", async () => {
    const me = await as(t, narrow)({ method: "GET", url: `${AUTH}/me` });
    expect(me.body.session).toEqual({ expiresAt: expect.any(String), twoFactorEnrolment: true });
  });

  test("the account screen is told it is required; refreshing keeps the session narrow", async () => {
    const state = await as(t, narrow)({ method: "GET", url: twoFactorUrl(narrow.subjectId) });
    expect(state.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });
    const refreshed = await t.request({
      method: "POST",
      url: `${AUTH}/refresh`,
      key: null,
      payload: { refresh: narrow.refresh },
    });
    expect(scopeOf(refreshed.body.data.jwt)).toBe("two-factor-enrolment");
    narrow = { ...narrow, jwt: refreshed.body.data.jwt, refresh: refreshed.body.data.refresh };
  });

  test("a subject without the role is not touched", async () => {
    const user = await register(t, "user@example.com");
    expect(scopeOf(user.jwt)).toBeUndefined();
    expect((await as(t, user)({ method: "GET", url: `/api/rbac/subjects/${user.subjectId}` })).status).toBe(200);
  });

  test("confirming TOTP swaps the narrow session for a full one; the narrow one ends; it cannot be turned off", async () => {
    const call = as(t, narrow);
    const begun = await call({
      method: "POST",
      url: `${twoFactorUrl(narrow.subjectId)}/totp`,
      payload: { data: { password: PASSWORD } },
    });
    expect(begun.status).toBe(200);
    const confirmed = await t.app.inject({
      method: "POST",
      url: `${twoFactorUrl(narrow.subjectId)}/totp/confirm`,
      headers: { authorization: `Bearer ${narrow.jwt}` },
      payload: { data: { code: totpAt(begun.body.data.secret, clock.tick()) } },
    });
    expect(confirmed.statusCode).toBe(200);
    const { jwt, refresh, recoveryCodes } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(scopeOf(jwt)).toBeUndefined();
    expect(String(confirmed.headers["set-cookie"])).toMatch(/rbac\.subject\.jwt=/);
    const full = { subjectId: narrow.subjectId, jwt, refresh };
    expect((await as(t, full)({ method: "GET", url: "/api/rbac/roles" })).status).toBe(200);
    expect((await as(t, full)({ method: "GET", url: `${AUTH}/me` })).body.session).toEqual({
      expiresAt: expect.any(String),
    });
    // The narrow session's sign-in was revoked: its token is signed out now.
    expect((await as(t, narrow)({ method: "GET", url: twoFactorUrl(narrow.subjectId) })).status).toBe(401);
    const off = await as(
      t,
      full,
    )({
      method: "DELETE",
      url: `${twoFactorUrl(narrow.subjectId)}/totp`,
      payload: { data: { password: PASSWORD, code: totpAt(begun.body.data.secret, clock.tick()) } },
    });
    expect(off.status).toBe(409);
  });

  test("signing in again asks for the code, and the code's session is a full one", async () => {
    const first = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      payload: { login: ADMIN, password: PASSWORD },
    });
    expect(first.body.data.twoFactor.required).toBe(true);
    expect(first.body.data.jwt).toBeUndefined();
  });
});
