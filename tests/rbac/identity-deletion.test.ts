import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { multipart, urlencoded } from "../helpers/bodies.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, register, signIn, subjectOf, type SignedIn } from "./helpers.js";

// Account takeover from a stolen session. Deleting an identity needed no
// password, and a subject left with none counted as "no identity yet", so whoever held the
// session could delete the owner's identity, add their own email without proof and keep the
// account. Now a delete needs the same proof as a change, the last identity stays, and a subject
// that ever had an identity is never "new" again.

let t: TestApp;
let admin: SignedIn;
const SUBJECTS = "/api/rbac/subjects";
const LAST = "Conflict error: the last sign-in method of a subject cannot be deleted: add another one first";

beforeAll(async () => {
  t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
  admin = await signIn(t, "admin@example.com", "admin password");
});
afterAll(() => t.close());

const identitiesOf = async (session: SignedIn) =>
  (await as(t, session)({ method: "GET", url: `${SUBJECTS}/${session.subjectId}/identities` })).body.data as any[];
const identityUrl = (session: SignedIn, identityId: string) =>
  `${SUBJECTS}/${session.subjectId}/identities/${identityId}`;
const addIdentity = (session: SignedIn, email: string, proof: Record<string, string> = { currentPassword: PASSWORD }) =>
  as(
    t,
    session,
  )({
    method: "POST",
    url: `${SUBJECTS}/${session.subjectId}/identities`,
    payload: { data: { email, password: PASSWORD, ...proof } },
  });
let made = 0;
/** A fresh email for each subject a test registers. */
const unique = (prefix: string) => `${prefix}-${++made}@example.com`;
const signInStatus = async (login: string) =>
  (
    await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      payload: { login, password: PASSWORD },
    })
  ).status;

describe("deleting an identity", () => {
  test("the attack replayed: the thief's session cannot delete the owner's identity, so cannot add its own email without proof", async () => {
    const victim = await register(t, "victim@example.com");
    const [identity] = await identitiesOf(victim);
    const deleted = await as(t, victim)({ method: "DELETE", url: identityUrl(victim, identity.id) });
    expect(deleted.body.message).toBe("Validation error: currentPassword is required");
    const added = await addIdentity(victim, "thief@example.com", {});
    expect(added.body.message).toBe("Validation error: currentPassword is required");
    expect(await signInStatus("thief@example.com")).toBe(401);
    expect((await signIn(t, "victim@example.com")).subjectId).toBe(victim.subjectId);
  });

  test.each([
    ["no proof", undefined, 400, "Validation error: currentPassword is required"],
    ["an empty body", {}, 400, "Validation error: currentPassword is required"],
    [
      "a wrong password",
      { data: { currentPassword: "not the password" } },
      400,
      "Validation error: /currentPassword is not the current password",
    ],
    ["the right password, but it is the last identity", { data: { currentPassword: PASSWORD } }, 409, LAST],
    [
      "an unknown field",
      { data: { currentPassword: PASSWORD, email: "x@example.com" } },
      400,
      "Validation error: /email is not accepted",
    ],
  ])("the subject's only identity with %s is refused, and it stays", async (_, payload, status, message) => {
    const owner = await register(t, unique("only"));
    const [identity] = await identitiesOf(owner);
    const response = await as(
      t,
      owner,
    )({ method: "DELETE", url: identityUrl(owner, identity.id), payload: payload as any });
    expect(response).toMatchObject({ status, body: { message } });
    expect(await identitiesOf(owner)).toHaveLength(1);
  });

  test.each([
    ["JSON data", (data: object) => ({ payload: { data } })],
    ["a plain JSON object", (data: object) => ({ payload: data })],
    ["urlencoded data", (data: object) => urlencoded(data)],
    ["a multipart data part", (data: object) => multipart(data)],
  ])(
    "with a second identity and the password in %s: 200, and the deleted email no longer signs in",
    async (form, body) => {
      const slug = form.replace(/\W+/g, "-").toLowerCase();
      const owner = await register(t, `two-${slug}@example.com`);
      const second = await addIdentity(owner, `second-${slug}@example.com`);
      expect(second.status).toBe(201);
      const response = await as(
        t,
        owner,
      )({
        method: "DELETE",
        url: identityUrl(owner, second.body.data.id),
        ...(await body({ currentPassword: PASSWORD })),
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: second.body.data.id, email: `second-${slug}@example.com` });
      expect(response.body.data).not.toHaveProperty("password");
      expect((await identitiesOf(owner)).map((i) => i.email)).toEqual([`two-${slug}@example.com`]);
      expect(await signInStatus(`second-${slug}@example.com`)).toBe(401);
    },
  );

  test("two deletes at once of the last two identities: one passes, the other is the 409", async () => {
    const owner = await register(t, "race@example.com");
    await addIdentity(owner, "race-2@example.com");
    const ids = (await identitiesOf(owner)).map((i) => i.id);
    const responses = await Promise.all(
      ids.map((id) =>
        as(
          t,
          owner,
        )({ method: "DELETE", url: identityUrl(owner, id), payload: { data: { currentPassword: PASSWORD } } }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await identitiesOf(owner)).toHaveLength(1);
  });

  test("an administrator needs no proof, but cannot delete the last identity either", async () => {
    const owner = await register(t, "managed@example.com");
    await addIdentity(owner, "managed-2@example.com");
    const [first, second] = await identitiesOf(owner);
    const url = (id: string) => `${SUBJECTS}/${owner.subjectId}/identities/${id}`;
    expect((await as(t, admin)({ method: "DELETE", url: url(second.id) })).status).toBe(200);
    expect(await as(t, admin)({ method: "DELETE", url: url(first.id) })).toMatchObject({
      status: 409,
      body: { code: "CONFLICT", message: LAST },
    });
    expect(await t.request({ method: "DELETE", url: url(first.id) })).toMatchObject({
      status: 409,
      body: { message: LAST },
    });
  });

  // The generic routes are not the subject's: its default permissions name only
  // /api/rbac/subjects/{self}/…, so the proof there cannot be gone around.
  test.each([
    ["DELETE", "identities", (ids: Ids) => ids.identity],
    ["PATCH", "identities", (ids: Ids) => ids.identity],
    ["DELETE", "subjects-to-identities", (ids: Ids) => ids.link],
    ["PATCH", "subjects-to-identities", (ids: Ids) => ids.link],
  ])("%s /api/rbac/%s/{its own} is a 403 for the subject", async (method, entity, pick) => {
    const owner = await register(t, unique("generic"));
    const [identity] = await identitiesOf(owner);
    const link = (
      await t.request({
        method: "GET",
        url: `/api/rbac/subjects-to-identities?filters[and][0][column]=identityId&filters[and][0][method]=eq&filters[and][0][value]=${identity.id}`,
      })
    ).body.data[0];
    const response = await as(
      t,
      owner,
    )({
      method: method as any,
      url: `/api/rbac/${entity}/${pick({ identity: identity.id, link: link.id })}`,
      payload: { data: { subjectId: owner.subjectId } },
    });
    expect(response.status).toBe(403);
    expect(await identitiesOf(owner)).toHaveLength(1);
  });
});

type Ids = { identity: string; link: string };

describe("a subject that lost its identities is not a new subject", () => {
  // An administrator deleted the last identity through the generic route; the owner's (or a
  // thief's) session still names the subject.
  async function bereft(email: string) {
    const owner = await register(t, email);
    const [identity] = await identitiesOf(owner);
    expect((await t.request({ method: "DELETE", url: `/api/rbac/identities/${identity.id}` })).status).toBe(200);
    expect(await identitiesOf(owner)).toEqual([]);
    return owner;
  }

  test.each([
    ["POST {id}/identities", (s: SignedIn) => `${SUBJECTS}/${s.subjectId}/identities`],
    ["create-by-email", () => "/api/rbac/identity/email-and-password"],
  ])("%s without proof is a 403, and the email does not sign in", async (_, url) => {
    const owner = await bereft(unique("bereft"));
    const email = unique("taker");
    const response = await as(
      t,
      owner,
    )({ method: "POST", url: url(owner), payload: { data: { email, password: PASSWORD } } });
    expect(response).toMatchObject({
      status: 403,
      body: {
        code: "PERMISSION_ERROR",
        message:
          "Permission error: this account has no sign-in method left to prove it is yours: an administrator must restore one",
      },
    });
    expect(await signInStatus(email)).toBe(401);
  });

  test("sign-up with its session makes a new subject instead of adopting it", async () => {
    const owner = await bereft("adopted@example.com");
    const response = await as(
      t,
      owner,
    )({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      payload: { login: "newcomer@example.com", password: PASSWORD },
    });
    expect(response.status).toBe(201);
    expect(subjectOf(response.body.data.jwt)).not.toBe(owner.subjectId);
    expect((await signIn(t, "newcomer@example.com")).subjectId).not.toBe(owner.subjectId);
  });

  test("a subject made by init, that never had one, still adds its first identity without proof, and then needs it", async () => {
    const init = await t.request({ method: "GET", url: `${AUTH}/init`, key: null });
    const session = {
      jwt: init.body.data.jwt,
      refresh: init.body.data.refresh,
      subjectId: subjectOf(init.body.data.jwt),
    };
    expect((await addIdentity(session, "first@example.com", {})).status).toBe(201);
    expect((await addIdentity(session, "second@example.com", {})).body.message).toBe(
      "Validation error: currentPassword is required",
    );
  });
});
