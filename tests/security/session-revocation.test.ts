import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, bearer, lastMail, register, resetCodeIn, signIn, type SignedIn } from "../rbac/helpers.js";

// A session token stops working at once when its sign-in ends (logout,
// a refresh token replayed), when the password changes or is reset; and a stolen token cannot
// add a sign-in method or change the login email, which need the current password.
describe(`session tokens end with their sign-in, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const me = (jwt: string) => t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(jwt) });
  const meByCookie = (jwt: string) =>
    t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: { cookie: `rbac.subject.jwt=${jwt}` } });
  const refresh = (token: string) =>
    t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { refresh: token } });
  let n = 0;
  const newAccount = async () => {
    const email = `user${++n}@example.com`;
    return { email, first: await register(t, email) };
  };

  it("logout: that sign-in's token is refused at once, by header and by cookie; other sign-ins go on", async () => {
    const { email, first } = await newAccount();
    const other = await signIn(t, email);
    expect((await me(first.jwt)).status).toBe(200);
    const out = await t.request({
      method: "POST",
      url: `${AUTH}/logout`,
      key: null,
      headers: bearer(first.jwt),
      payload: {},
    });
    expect(out.status).toBe(200);
    expect((await me(first.jwt)).status).toBe(401);
    expect((await meByCookie(first.jwt)).status).toBe(401);
    expect((await me(other.jwt)).status).toBe(200);
  });

  it("logout by refresh token alone (the cookie already gone) ends that sign-in's token too", async () => {
    const { first } = await newAccount();
    await t.request({ method: "POST", url: `${AUTH}/logout`, key: null, payload: { refresh: first.refresh } });
    expect((await me(first.jwt)).status).toBe(401);
  });

  it.each(["subject route", "identity route"])(
    "a password change (%s) ends every token of the subject, and answers the caller a fresh session",
    async (route) => {
      const { email, first } = await newAccount();
      const other = await signIn(t, email);
      const identityId = (await me(first.jwt)).body.data.identities[0].id;
      const url =
        route === "subject route"
          ? `/api/rbac/subjects/${first.subjectId}/change-password`
          : `/api/rbac/identity/${identityId}/change-password`;
      const changed = await t.app.inject({
        method: "PATCH",
        url,
        headers: bearer(first.jwt),
        payload: { password: PASSWORD, newPassword: "a brand new password" },
      });
      expect(changed.statusCode).toBe(200);
      expect((await me(first.jwt)).status).toBe(401);
      expect((await me(other.jwt)).status).toBe(401);
      expect((await refresh(first.refresh)).status).toBe(401);
      expect((await refresh(other.refresh)).status).toBe(401);
      // The caller proved the password in this request: it stays signed in with the new session
      // (body and cookie), which is not revoked with the old ones and refreshes like any other.
      const fresh = changed.json().data;
      expect(fresh).toMatchObject({
        message: "Password changed",
        jwt: expect.any(String),
        refresh: expect.any(String),
      });
      expect((await me(fresh.jwt)).body.data.id).toBe(first.subjectId);
      const cookie = String(changed.headers["set-cookie"]);
      expect(cookie).toContain(`rbac.subject.jwt=${fresh.jwt}`);
      expect(cookie).toMatch(/HttpOnly/i);
      expect((await meByCookie(fresh.jwt)).status).toBe(200);
      const next = await refresh(fresh.refresh);
      expect(next.status).toBe(200);
      expect((await me(next.body.data.jwt)).status).toBe(200);
      expect((await me((await signIn(t, email, "a brand new password")).jwt)).status).toBe(200);
    },
  );

  it.each(["subject route", "identity route"])(
    "an administrator changing someone's password (%s) gets no session of theirs",
    async (route) => {
      const { email, first } = await newAccount();
      const identityId = (await me(first.jwt)).body.data.identities[0].id;
      const url =
        route === "subject route"
          ? `/api/rbac/subjects/${first.subjectId}/change-password`
          : `/api/rbac/identity/${identityId}/change-password`;
      const changed = await t.app.inject({
        method: "PATCH",
        url,
        headers: { "x-rbac-secret-key": SECRET },
        payload: { password: PASSWORD, newPassword: "set by the admin" },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toEqual({ message: "Password changed" });
      expect(changed.headers["set-cookie"]).toBeUndefined();
      expect((await me(first.jwt)).status).toBe(401);
      expect((await me((await signIn(t, email, "set by the admin")).jwt)).status).toBe(200);
    },
  );

  it("a wrong current password changes nothing and gives no session", async () => {
    const { first } = await newAccount();
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/rbac/subjects/${first.subjectId}/change-password`,
      headers: bearer(first.jwt),
      payload: { password: "not the password", newPassword: "a brand new password" },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.headers["set-cookie"]).toBeUndefined();
    expect((await me(first.jwt)).status).toBe(200);
  });

  it("a password reset ends every token of the subject", async () => {
    const { email, first } = await newAccount();
    await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/forgot-password`,
      key: null,
      payload: { email },
    });
    const code = resetCodeIn((await lastMail(t, email))!.text)!;
    const reset = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/reset-password`,
      key: null,
      payload: { password: "reset password 1", passwordConfirmation: "reset password 1", code },
    });
    expect(reset.status).toBe(200);
    expect((await me(first.jwt)).status).toBe(401);
  });

  it("a replayed refresh token ends the tokens of its whole sign-in: the thief's and the owner's", async () => {
    const { first } = await newAccount();
    const next = (await refresh(first.refresh)).body.data;
    expect((await me(next.jwt)).status).toBe(200);
    expect((await refresh(first.refresh)).status).toBe(401);
    expect((await me(next.jwt)).status).toBe(401);
    expect((await me(first.jwt)).status).toBe(401);
  });

  it("checking a token costs no database query (revocations are kept in memory)", async () => {
    const { first } = await newAccount();
    const url = `${AUTH}/is-authorized?route=/api/blog/articles&method=GET`;
    await as(t, first)({ method: "GET", url });
    const before = t.database.queryCount();
    for (let i = 0; i < 20; i++) expect((await as(t, first)({ method: "GET", url })).body.data).toBe(true);
    expect(t.database.queryCount() - before).toBe(0);
  });

  describe("a stolen token cannot take over the account", () => {
    let victim: SignedIn;
    let email: string;
    // A token stolen after the first ten minutes of its sign-in: right after a sign-in an email
    // change needs no password (the original client sends none; tests/rbac/original-account-calls.test.ts).
    beforeAll(async () => {
      ({ email, first: victim } = await newAccount());
      const ago = new Date(Date.now() - 20 * 60_000).toISOString();
      await t.database.db
        .updateTable("rbac_refresh_tokens")
        .set({ createdAt: ago })
        .where("subjectId", "=", victim.subjectId)
        .execute();
    });

    const addIdentity = (payload: object) =>
      as(
        t,
        victim,
      )({ method: "POST", url: `/api/rbac/subjects/${victim.subjectId}/identities`, payload: { data: payload } });
    const createByEmail = (payload: object) =>
      as(t, victim)({ method: "POST", url: "/api/rbac/identity/email-and-password", payload: { data: payload } });
    const changeEmail = async (payload: object) => {
      const identityId = (await me(victim.jwt)).body.data.identities[0].id;
      return as(
        t,
        victim,
      )({
        method: "PATCH",
        url: `/api/rbac/subjects/${victim.subjectId}/identities/${identityId}`,
        payload: { data: payload },
      });
    };

    it.each([
      ["adding an identity", () => addIdentity({ email: "thief1@example.com", password: "thief password" })],
      ["create-by-email", () => createByEmail({ email: "thief2@example.com", password: "thief password" })],
      ["changing the login email", () => changeEmail({ email: "thief3@example.com" })],
    ])("%s without the current password is a 400", async (_name, call) => {
      const response = await call();
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Validation error: currentPassword is required");
    });

    it.each([
      [
        "adding an identity",
        () =>
          addIdentity({ email: "thief1@example.com", password: "thief password", currentPassword: "not the password" }),
      ],
      [
        "create-by-email",
        () =>
          createByEmail({
            email: "thief2@example.com",
            password: "thief password",
            currentPassword: "not the password",
          }),
      ],
      [
        "changing the login email",
        () => changeEmail({ email: "thief3@example.com", currentPassword: "not the password" }),
      ],
    ])("%s with a wrong current password is a 400 and changes nothing", async (_name, call) => {
      const response = await call();
      expect(response.status).toBe(400);
      expect(response.body.cause).toEqual([{ path: "/currentPassword", message: "is not the current password" }]);
      expect((await me(victim.jwt)).body.data.identities.map((i: any) => i.email)).toEqual([email]);
    });

    it("with the current password, the owner adds an identity and changes the email", async () => {
      expect(
        (await addIdentity({ email: `second-${email}`, password: "second password", currentPassword: PASSWORD }))
          .status,
      ).toBe(201);
      expect((await changeEmail({ email: `renamed-${email}`, currentPassword: PASSWORD })).status).toBe(200);
      // The change is made from the link mailed to the new address (tests/rbac/email-change-verified.test.ts).
      const code = resetCodeIn((await lastMail(t, `renamed-${email}`))!.text)!;
      const confirm = `${AUTH}/email-and-password/confirm-email`;
      expect((await t.request({ method: "POST", url: confirm, key: null, payload: { code } })).status).toBe(200);
      const emails = (await me(victim.jwt)).body.data.identities.map((i: any) => i.email).sort();
      expect(emails).toEqual([`renamed-${email}`, `second-${email}`].sort());
    });
  });
});

describe(`identity routes are rate limited like sign-in, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp({ authRateLimit: 3 })));
  afterAll(() => t.close());

  it.each([
    ["POST", (s: SignedIn) => `/api/rbac/subjects/${s.subjectId}/identities`],
    ["POST", () => "/api/rbac/identity/email-and-password"],
    ["PATCH", (s: SignedIn) => `/api/rbac/subjects/${s.subjectId}/identities/00000000-0000-4000-8000-000000000000`],
  ] as const)("%s %s: the request past the limit is a 429", async (method, url) => {
    // The limit is per client address and per route; registering costs the registration route's budget only.
    const s = await register(t, `${method.toLowerCase()}-${Math.random()}@example.com`);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await as(
            t,
            s,
          )({
            method,
            url: url(s),
            payload: { data: { email: "x@example.com", password: "whatever 1", currentPassword: "wrong one" } },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});
