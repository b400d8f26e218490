import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, bearer, register, signIn, subjectOf } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: "POST", url: `${AUTH}/email-and-password/${path}`, key: null, payload: payload as any, headers });

describe("registration", () => {
  test("creates a subject with the email identity and the roles open to sign-up, and starts a session", async () => {
    const response = await post("registration", { login: "Ann@Example.com", password: PASSWORD });
    expect(response.status).toBe(201);
    const { jwt, refresh } = response.body.data;
    expect(jwt.split(".")).toHaveLength(3);
    expect(refresh.length).toBeGreaterThanOrEqual(40);
    const me = await as(t, { jwt, refresh, subjectId: subjectOf(jwt) })({ method: "GET", url: `${AUTH}/me` });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(subjectOf(jwt));
    expect(me.body.data.identities).toEqual([
      expect.objectContaining({ provider: "email_and_password", email: "ann@example.com" }),
    ]);
    expect(me.body.data.roles.map((r: any) => r.uid)).toEqual(["user"]);
    expect(JSON.stringify(me.body)).not.toMatch(/"password"|"salt"|"code"/);
  });

  test("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      payload: { login: "cookie@example.com", password: PASSWORD },
    });
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/^rbac\.subject\.jwt=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The cookie alone signs the subject in.
    const jwt = /rbac\.subject\.jwt=([^;]+)/.exec(cookie)![1]!;
    const me = await t.request({
      method: "GET",
      url: `${AUTH}/me`,
      key: null,
      headers: { cookie: `rbac.subject.jwt=${jwt}` },
    });
    expect(me.body.data.identities[0].email).toBe("cookie@example.com");
  });

  test("accepts the data-wrapped form bodies too", async () => {
    const urlencoded = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      key: null,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `data=${encodeURIComponent(JSON.stringify({ login: "form@example.com", password: PASSWORD }))}`,
    });
    expect(urlencoded.status).toBe(201);
  });

  test.each([
    ["no body", undefined, "Validation error: No data"],
    ["an empty object", {}, "Validation error: No data"],
    [
      "a login that is not an email",
      { login: "not-an-email", password: PASSWORD },
      "Validation error: /login must be a valid email",
    ],
    [
      "a short password",
      { login: "short@example.com", password: "1234567" },
      "Validation error: /password must be 8 to 256 characters",
    ],
    ["no password", { login: "nopass@example.com" }, "Validation error: password is required"],
    [
      "roles in the body (mass assignment)",
      { login: "mass@example.com", password: PASSWORD, roles: ["admin"] },
      "Validation error: /roles is not accepted",
    ],
    [
      "an id in the body",
      { login: "id@example.com", password: PASSWORD, id: "00000000-0000-4000-8000-000000000000" },
      "Validation error: /id is not accepted",
    ],
  ])("refuses %s", async (_, payload, message) => {
    const response = await post("registration", payload);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: "VALIDATION_ERROR", message });
    expect(response.body.requestId).toBeTruthy();
  });

  test("an email is taken once per provider, whatever its case", async () => {
    await register(t, "twice@example.com");
    const again = await post("registration", { login: "TWICE@example.com", password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "CONFLICT", message: "Conflict error: /login is already taken" });
  });

  test("two sign-ups with one email at once make one account", async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => post("registration", { login: "race@example.com", password: PASSWORD })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const count = await t.database.db
      .selectFrom("rbac_identities")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", "race@example.com")
      .executeTakeFirst();
    expect(Number(count!.n)).toBe(1);
  });

  test("a subject made by init becomes the account at sign-up", async () => {
    const init = await t.request({ method: "GET", url: `${AUTH}/init`, key: null });
    expect(init.status).toBe(200);
    const subjectId = subjectOf(init.body.data.jwt);
    const response = await post(
      "registration",
      { login: "after-init@example.com", password: PASSWORD },
      bearer(init.body.data.jwt),
    );
    expect(response.status).toBe(201);
    expect(subjectOf(response.body.data.jwt)).toBe(subjectId);
  });
});

describe("authentication", () => {
  beforeAll(async () => {
    await register(t, "bob@example.com");
  });

  test("signs in with the right password, any letter case of the email", async () => {
    const session = await signIn(t, "Bob@Example.com");
    const me = await as(t, session)({ method: "GET", url: `${AUTH}/me` });
    expect(me.body.data.identities[0].email).toBe("bob@example.com");
  });

  test("a wrong password and an unknown email get the same answer", async () => {
    const wrong = await post("authentication", { login: "bob@example.com", password: "wrong password" });
    const unknown = await post("authentication", { login: "nobody@example.com", password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        code: "AUTHENTICATION_ERROR",
        message: "Authentication error: wrong login or password",
      });
    }
  });

  test("validates like registration", async () => {
    expect((await post("authentication", { login: "bob", password: PASSWORD })).body.message).toBe(
      "Validation error: /login must be a valid email",
    );
    expect((await post("authentication", { login: "bob@example.com", password: "short" })).status).toBe(400);
  });

  test("me without a session is an Authentication error", async () => {
    const response = await t.request({ method: "GET", url: `${AUTH}/me`, key: null });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("AUTHENTICATION_ERROR");
  });

  test("the password is stored as a salted scrypt hash, never as given", async () => {
    const row = await t.database.db
      .selectFrom("rbac_identities")
      .select(["password", "salt"])
      .where("email", "=", "bob@example.com")
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^scrypt\$N=32768,r=8,p=3\$/);
    expect(row.password).not.toContain(PASSWORD);
    const other = await t.database.db
      .selectFrom("rbac_identities")
      .select("salt")
      .where("email", "=", "ann@example.com")
      .executeTakeFirstOrThrow();
    expect(row.salt).not.toBe(other.salt);
  });
});
