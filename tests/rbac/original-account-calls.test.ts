import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, lastMail, register, resetCodeIn, signIn, type SignedIn } from "./helpers.js";

// The original client's account settings and its newer is-authorized
// form. It changes a password through PATCH {subjects}/{id}/identities/{identityId} with
// { password, newPassword }, an email there with { email } alone right after signing in, calls
// the plural /api/rbac/identities/… paths, and asks is-authorized with action[…].
const SUBJECTS = "/api/rbac/subjects";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe(`the original client's account calls, on ${testDialect}`, () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const newAccount = async () => {
    const email = `user${++n}@example.com`;
    const session = await register(t, email);
    const [identity] = (await as(t, session)({ method: "GET", url: `${SUBJECTS}/${session.subjectId}/identities` }))
      .body.data;
    return { email, session, identityId: identity.id as string };
  };
  /** The session's sign-in began twenty minutes ago (its token refreshed since, say). */
  const age = (session: SignedIn) =>
    t.database.db
      .updateTable("rbac_refresh_tokens")
      .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where("subjectId", "=", session.subjectId)
      .execute();
  const emailOf = async (session: SignedIn) =>
    (await as(t, session)({ method: "GET", url: `${SUBJECTS}/${session.subjectId}/identities` })).body.data[0].email;
  const patchIdentity = (session: SignedIn, identityId: string, payload: object) =>
    as(t, session)({ method: "PATCH", url: `${SUBJECTS}/${session.subjectId}/identities/${identityId}`, payload });

  describe("password change through PATCH {subjects}/{id}/identities/{identityId}", () => {
    test.each([
      ["in data", (body: object) => ({ data: body })],
      ["bare", (body: object) => body],
    ])(
      "with { password, newPassword } %s: changed, other sessions end, the caller gets a fresh session",
      async (_, form) => {
        const { email, session, identityId } = await newAccount();
        const other = await signIn(t, email);
        const response = await patchIdentity(
          session,
          identityId,
          form({ password: PASSWORD, newPassword: "a brand new password" }),
        );
        expect(response).toMatchObject({
          status: 200,
          body: { data: { message: "Password changed", jwt: expect.any(String), refresh: expect.any(String) } },
        });
        expect((await as(t, other)({ method: "GET", url: `${AUTH}/me` })).status).toBe(401);
        expect(
          (await as(t, { ...session, jwt: response.body.data.jwt })({ method: "GET", url: `${AUTH}/me` })).status,
        ).toBe(200);
        await signIn(t, email, "a brand new password");
      },
    );

    test.each([
      [
        "a wrong current password",
        { password: "not the password", newPassword: "a brand new password" },
        "Validation error: /password is not the current password",
      ],
      [
        "a short new password",
        { password: PASSWORD, newPassword: "short" },
        "Validation error: /newPassword must be 8 to 256 characters",
      ],
      ["no new password", { password: PASSWORD }, "Validation error: newPassword is required"],
      [
        "an email beside it",
        { password: PASSWORD, newPassword: "a brand new password", email: "x@example.com" },
        "Validation error: /email is not accepted",
      ],
    ])("%s is a 400 and changes nothing", async (_, body, message) => {
      const { email, session, identityId } = await newAccount();
      expect(await patchIdentity(session, identityId, { data: body })).toMatchObject({
        status: 400,
        body: { message },
      });
      await signIn(t, email);
    });

    test("another subject's identity is the unknown id's 404", async () => {
      const ann = await newAccount();
      const bob = await newAccount();
      const foreign = await patchIdentity(ann.session, bob.identityId, {
        password: PASSWORD,
        newPassword: "stolen password",
      });
      const unknown = await patchIdentity(ann.session, UNKNOWN, { password: PASSWORD, newPassword: "stolen password" });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message.replace(bob.identityId, "{id}")).toBe(unknown.body.message.replace(UNKNOWN, "{id}"));
      await signIn(t, bob.email);
    });
  });

  describe("email change with { email } alone", () => {
    test("right after signing in (within ten minutes): changed once the link mailed to the new address is opened", async () => {
      const { email, session, identityId } = await newAccount();
      expect((await patchIdentity(session, identityId, { data: { email: `renamed-${n}@example.com` } })).status).toBe(
        200,
      );
      expect(await emailOf(session)).toBe(email);
      const code = resetCodeIn((await lastMail(t, `renamed-${n}@example.com`))!.text)!;
      const confirm = `${AUTH}/email-and-password/confirm-email`;
      expect((await t.request({ method: "POST", url: confirm, key: null, payload: { code } })).status).toBe(200);
      expect(await emailOf(session)).toBe(`renamed-${n}@example.com`);
    });

    test("with a sign-in older than ten minutes: currentPassword is still required, and a right one works", async () => {
      const { email, session, identityId } = await newAccount();
      await age(session);
      expect(await patchIdentity(session, identityId, { data: { email: "thief@example.com" } })).toMatchObject({
        status: 400,
        body: { message: "Validation error: currentPassword is required" },
      });
      expect(await emailOf(session)).toBe(email);
      expect(
        (
          await patchIdentity(session, identityId, {
            data: { email: `moved-${n}@example.com`, currentPassword: PASSWORD },
          })
        ).status,
      ).toBe(200);
    });

    test("a current password that is sent is checked, however recent the sign-in", async () => {
      const { email, session, identityId } = await newAccount();
      const response = await patchIdentity(session, identityId, {
        data: { email: "thief@example.com", currentPassword: "not the password" },
      });
      expect(response.body.cause).toEqual([{ path: "/currentPassword", message: "is not the current password" }]);
      expect(await emailOf(session)).toBe(email);
    });

    test("a refreshed session keeps its sign-in's age: refreshing does not make it recent again", async () => {
      const { email, session, identityId } = await newAccount();
      await age(session);
      const next = (
        await t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { refresh: session.refresh } })
      ).body.data;
      expect(
        (await patchIdentity({ ...session, ...next }, identityId, { data: { email: "thief@example.com" } })).status,
      ).toBe(400);
      expect(await emailOf(session)).not.toBe("thief@example.com");
      expect(await emailOf({ ...session, ...next })).toBe(email);
    });
  });

  describe("the plural paths", () => {
    test("PATCH /api/rbac/identities/{id}/change-password changes one's own password; another's is a 404", async () => {
      const { email, session, identityId } = await newAccount();
      const bob = await newAccount();
      const foreign = await as(
        t,
        session,
      )({
        method: "PATCH",
        url: `/api/rbac/identities/${bob.identityId}/change-password`,
        payload: { password: PASSWORD, newPassword: "stolen password" },
      });
      expect(foreign.status).toBe(404);
      const own = await as(
        t,
        session,
      )({
        method: "PATCH",
        url: `/api/rbac/identities/${identityId}/change-password`,
        payload: { password: PASSWORD, newPassword: "a brand new password" },
      });
      expect(own.status).toBe(200);
      await signIn(t, email, "a brand new password");
      await signIn(t, bob.email);
    });

    test("POST /api/rbac/identities/email-and-password adds an identity with the current password, never without", async () => {
      const { session } = await newAccount();
      const url = "/api/rbac/identities/email-and-password";
      const without = await as(
        t,
        session,
      )({ method: "POST", url, payload: { data: { email: `second-${n}@example.com`, password: "second password" } } });
      expect(without).toMatchObject({
        status: 400,
        body: { message: "Validation error: currentPassword is required" },
      });
      const withIt = await as(
        t,
        session,
      )({
        method: "POST",
        url,
        payload: { data: { email: `second-${n}@example.com`, password: "second password", currentPassword: PASSWORD } },
      });
      expect(withIt.status).toBe(201);
      expect(
        (
          await t.request({
            method: "POST",
            url,
            key: null,
            payload: { data: { email: "anon@example.com", password: "anon password" } },
          })
        ).status,
      ).toBe(401);
    });

    test("the generic identity routes stay closed to a subject", async () => {
      const { session, identityId } = await newAccount();
      expect(
        (
          await as(
            t,
            session,
          )({
            method: "PATCH",
            url: `/api/rbac/identities/${identityId}`,
            payload: { data: { email: "x@example.com" } },
          })
        ).status,
      ).toBe(403);
    });
  });

  describe("is-authorized with action[…] (the July 2025 client)", () => {
    const ask = (session: SignedIn | undefined, query: string) =>
      as(t, session)({ method: "GET", url: `${AUTH}/is-authorized?${query}` });

    test("answers { ok: true } where the caller may, 403 where it may not, as permission[…] does", async () => {
      const { session } = await newAccount();
      const own = `action[route]=${encodeURIComponent(`${SUBJECTS}/${session.subjectId}/identities`)}&action[method]=GET&action[type]=HTTP`;
      expect(await ask(session, own)).toMatchObject({ status: 200, body: { data: { ok: true } } });
      const roles = "action[route]=/api/rbac/roles&action[method]=DELETE";
      expect(await ask(session, roles)).toMatchObject({
        status: 403,
        body: { message: "Permission error: not authorized" },
      });
      expect((await ask(undefined, own)).status).toBe(403);
      expect((await ask(undefined, roles.replaceAll("action", "permission"))).status).toBe(403);
    });

    test.each([
      ["without a method", "action[route]=/api/blog/articles", "Validation error: action/method is required"],
      [
        "with another type",
        "action[route]=/api&action[method]=GET&action[type]=WS",
        "Validation error: /action/type must be HTTP",
      ],
      [
        "with an unknown key",
        "action[route]=/api&action[method]=GET&action[verb]=x",
        "Validation error: /action/verb is not accepted",
      ],
    ])("%s is a 400", async (_, query, message) => {
      expect(await ask(undefined, query)).toMatchObject({ status: 400, body: { message } });
    });
  });
});
