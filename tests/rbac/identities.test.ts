import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { PASSWORD, as, lastMail, register, resetCodeIn, signIn, type SignedIn } from "./helpers.js";

let t: TestApp;
let ann: SignedIn;
let bob: SignedIn;
let admin: SignedIn;
const SUBJECTS = "/api/rbac/subjects";

beforeAll(async () => {
  t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
  ann = await register(t, "ann@example.com");
  bob = await register(t, "bob@example.com");
  admin = await signIn(t, "admin@example.com", "admin password");
});
afterAll(() => t.close());

const identitiesOf = async (session: SignedIn) =>
  (await as(t, session)({ method: "GET", url: `${SUBJECTS}/${session.subjectId}/identities` })).body.data;

describe("a subject's identities", () => {
  test("lists its own identities, without hidden fields", async () => {
    const list = await identitiesOf(ann);
    expect(list).toEqual([expect.objectContaining({ email: "ann@example.com", provider: "email_and_password" })]);
    for (const identity of list)
      for (const hidden of ["password", "salt", "code", "codeExpiresAt"]) expect(identity).not.toHaveProperty(hidden);
  });

  test("adds, renames and deletes an identity", async () => {
    const created = await as(
      t,
      ann,
    )({
      method: "POST",
      url: `${SUBJECTS}/${ann.subjectId}/identities`,
      payload: { data: { email: "ann.work@example.com", password: PASSWORD, currentPassword: PASSWORD } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: "ann.work@example.com", provider: "email_and_password" });
    expect(created.body.data).not.toHaveProperty("password");
    await signIn(t, "ann.work@example.com");

    const id = created.body.data.id;
    const renamed = await as(
      t,
      ann,
    )({
      method: "PATCH",
      url: `${SUBJECTS}/${ann.subjectId}/identities/${id}`,
      payload: { data: { email: "Ann.Office@example.com", currentPassword: PASSWORD } },
    });
    // The subject's own change waits for the link mailed to the new address (email-change-verified.test.ts).
    expect(renamed).toMatchObject({
      status: 200,
      body: { data: { id, email: "ann.work@example.com", pendingEmail: "ann.office@example.com" } },
    });
    const code = resetCodeIn((await lastMail(t, "ann.office@example.com"))!.text)!;
    const confirmed = await t.request({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/confirm-email",
      key: null,
      payload: { code },
    });
    expect(confirmed.status).toBe(200);
    await signIn(t, "ann.office@example.com");

    const deleted = await as(
      t,
      ann,
    )({
      method: "DELETE",
      url: `${SUBJECTS}/${ann.subjectId}/identities/${id}`,
      payload: { data: { currentPassword: PASSWORD } },
    });
    expect(deleted.status).toBe(200);
    expect((await identitiesOf(ann)).map((i: any) => i.email)).toEqual(["ann@example.com"]);
  });

  test.each([
    [
      "an email taken by another subject",
      "POST",
      () => ({ data: { email: "bob@example.com", password: PASSWORD, currentPassword: PASSWORD } }),
      409,
      "Conflict error: /login is already taken",
    ],
    [
      "a bad email",
      "POST",
      () => ({ data: { email: "nope", password: PASSWORD } }),
      400,
      "Validation error: /email must be a valid email",
    ],
    [
      "another provider",
      "POST",
      () => ({ data: { email: "x@example.com", password: PASSWORD, provider: "telegram" } }),
      400,
      "Validation error: /provider Invalid provider",
    ],
    [
      "a hidden field",
      "POST",
      () => ({ data: { email: "y@example.com", password: PASSWORD, salt: "x" } }),
      400,
      "Validation error: /salt is not accepted",
    ],
    ["no data", "POST", () => undefined, 400, "Validation error: No data"],
  ])("refuses %s", async (_, method, payload, status, message) => {
    const response = await as(
      t,
      ann,
    )({ method: method as "POST", url: `${SUBJECTS}/${ann.subjectId}/identities`, payload: payload() as any });
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
  });

  test("renaming to a taken email is a 409 naming the field", async () => {
    const [own] = await identitiesOf(ann);
    const response = await as(
      t,
      ann,
    )({
      method: "PATCH",
      url: `${SUBJECTS}/${ann.subjectId}/identities/${own.id}`,
      payload: { data: { email: "bob@example.com", currentPassword: PASSWORD } },
    });
    expect(response).toMatchObject({ status: 409, body: { message: "Conflict error: /email is already taken" } });
  });

  test("another subject's identity is not reachable through one's own subject id", async () => {
    const [bobs] = await identitiesOf(bob);
    const response = await as(t, ann)({ method: "DELETE", url: `${SUBJECTS}/${ann.subjectId}/identities/${bobs.id}` });
    expect(response.status).toBe(404);
    expect(await identitiesOf(bob)).toHaveLength(1);
  });

  test.each([
    ["GET", "identities"],
    ["POST", "identities"],
    ["PATCH", "identities/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "identities/00000000-0000-4000-8000-000000000000"],
    ["PATCH", "change-password"],
  ])("%s another subject's %s is a Permission error (no IDOR)", async (method, rest) => {
    const response = await as(
      t,
      ann,
    )({
      method: method as any,
      url: `${SUBJECTS}/${bob.subjectId}/${rest}`,
      payload: { data: { email: "z@example.com", password: PASSWORD, newPassword: PASSWORD } },
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("PERMISSION_ERROR");
  });

  test("an admin may manage any subject's identities", async () => {
    const response = await as(t, admin)({ method: "GET", url: `${SUBJECTS}/${bob.subjectId}/identities` });
    expect(response.status).toBe(200);
    expect(response.body.data[0].email).toBe("bob@example.com");
  });
});

describe("passwords", () => {
  test("identity change-password checks the current password and signs other sessions out", async () => {
    const carol = await register(t, "carol@example.com");
    const [identity] = await identitiesOf(carol);
    const url = `/api/rbac/identity/${identity.id}/change-password`;
    const wrong = await as(
      t,
      carol,
    )({ method: "PATCH", url, payload: { password: "not my password", newPassword: "carol's new one" } });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: "Validation error: /password is not the current password" },
    });
    const short = await as(t, carol)({ method: "PATCH", url, payload: { password: PASSWORD, newPassword: "short" } });
    expect(short.body.message).toBe("Validation error: /newPassword must be 8 to 256 characters");

    const ok = await as(
      t,
      carol,
    )({ method: "PATCH", url, payload: { password: PASSWORD, newPassword: "carol's new one" } });
    expect(ok.status).toBe(200);
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/rbac/subjects/authentication/refresh",
          key: null,
          payload: { refresh: carol.refresh },
        })
      ).status,
    ).toBe(401);
    await signIn(t, "carol@example.com", "carol's new one");
  });

  // Someone else's identity answered 403 where an unknown id answered 404,
  // so ids could be tried for existence. Both are now the same 404, word for word.
  test.each([
    [
      "identity change-password",
      "PATCH",
      (id: string) => `/api/rbac/identity/${id}/change-password`,
      { password: PASSWORD, newPassword: "stolen password" },
    ],
    [
      "DELETE through one's own subject",
      "DELETE",
      (id: string) => `${SUBJECTS}/${ann.subjectId}/identities/${id}`,
      { data: { currentPassword: PASSWORD } },
    ],
    [
      "PATCH through one's own subject",
      "PATCH",
      (id: string) => `${SUBJECTS}/${ann.subjectId}/identities/${id}`,
      { data: { email: "moved@example.com", currentPassword: PASSWORD } },
    ],
  ])("%s: someone else's identity is the unknown id's 404", async (_, method, url, payload) => {
    const [bobs] = await identitiesOf(bob);
    const unknownId = "00000000-0000-4000-8000-000000000000";
    const foreign = await as(t, ann)({ method: method as any, url: url(bobs.id), payload });
    const unknown = await as(t, ann)({ method: method as any, url: url(unknownId), payload });
    expect(foreign.status).toBe(404);
    // Word for word but for the id asked about (and the request's own id).
    const answer = (r: { status: number; body: any }, id: string) => ({
      status: r.status,
      body: JSON.stringify({ ...r.body, requestId: undefined }).replaceAll(id, "{id}"),
    });
    expect(answer(foreign, bobs.id)).toEqual(answer(unknown, unknownId));
    await signIn(t, "bob@example.com");
  });

  test("subject change-password changes the email identity's password", async () => {
    const dan = await register(t, "dan@example.com");
    const response = await as(
      t,
      dan,
    )({
      method: "PATCH",
      url: `${SUBJECTS}/${dan.subjectId}/change-password`,
      payload: { data: { password: PASSWORD, newPassword: "dan's new password" } },
    });
    expect(response.status).toBe(200);
    await signIn(t, "dan@example.com", "dan's new password");
  });

  // A subject made by authentication/init has no identity, so no account to take: no password asked.
  test("create-by-email adds an email identity to the signed-in subject", async () => {
    const init = await t.request({ method: "GET", url: "/api/rbac/subjects/authentication/init", key: null });
    const session = { jwt: init.body.data.jwt, refresh: init.body.data.refresh, subjectId: "" };
    const created = await as(
      t,
      session,
    )({
      method: "POST",
      url: "/api/rbac/identity/email-and-password",
      payload: { data: { email: "eve@example.com", password: PASSWORD } },
    });
    expect(created.status).toBe(201);
    expect((await signIn(t, "eve@example.com")).subjectId).toBe(
      JSON.parse(Buffer.from(session.jwt.split(".")[1], "base64url").toString()).sub,
    );
    const anonymous = await t.request({
      method: "POST",
      url: "/api/rbac/identity/email-and-password",
      key: null,
      payload: { data: { email: "x@example.com", password: PASSWORD } },
    });
    expect(anonymous.status).toBe(401);
  });
});
