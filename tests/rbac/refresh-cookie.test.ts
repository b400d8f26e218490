import { parseSetCookie } from "cookie";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, register } from "./helpers.js";

// The admin keeps a working day's session with the refresh token in an HttpOnly cookie sent only
// to the authentication routes (docs/security.md "Sessions in the admin").
const DEFAULTS = configFromEnv({});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await register(t, "cookie@example.com");
});
afterAll(() => t.close());

type Jar = Record<string, string>;

/** A request with the jar's cookies; the answer's Set-Cookie headers are kept in the jar. */
async function send(jar: Jar, method: "GET" | "POST", url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      cookie: Object.entries(jar)
        .map(([name, value]) => `${name}=${value}`)
        .join("; "),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, string> }),
  });
  const cookies = [response.headers["set-cookie"] ?? []].flat().map((line) => parseSetCookie(String(line)));
  for (const cookie of cookies) {
    if (cookie.value && !(cookie.expires && cookie.expires.getTime() <= Date.now())) jar[cookie.name] = cookie.value;
    else delete jar[cookie.name];
  }
  return { status: response.statusCode, body: response.json(), cookies };
}

async function signedIn(): Promise<Jar> {
  const jar: Jar = {};
  const answer = await send(jar, "POST", `${AUTH}/email-and-password/authentication`, {
    login: "cookie@example.com",
    password: PASSWORD,
  });
  expect(answer.status).toBe(200);
  return jar;
}

describe("the refresh cookie", () => {
  test("sign-in sets it HttpOnly, SameSite=Strict, only for the authentication routes, living as the refresh token", async () => {
    const jar: Jar = {};
    const answer = await send(jar, "POST", `${AUTH}/email-and-password/authentication`, {
      login: "cookie@example.com",
      password: PASSWORD,
    });
    const cookie = answer.cookies.find((c) => c.name === "rbac.subject.refresh");
    expect(cookie).toMatchObject({
      value: answer.body.data.refresh,
      path: AUTH,
      httpOnly: true,
      sameSite: "strict",
      maxAge: DEFAULTS.refreshTokenTtlSeconds,
    });
  });

  test("refresh with no body spends the cookie's token: a new session and new cookies", async () => {
    const jar = await signedIn();
    const before = jar["rbac.subject.refresh"];
    delete jar["rbac.subject.jwt"]; // the session cookie expired
    expect((await send(jar, "GET", `${AUTH}/me`)).status).toBe(401);
    const renewed = await send(jar, "POST", `${AUTH}/refresh`);
    expect(renewed.status).toBe(200);
    expect(jar["rbac.subject.refresh"]).toBe(renewed.body.data.refresh);
    expect(jar["rbac.subject.refresh"]).not.toBe(before);
    expect((await send(jar, "GET", `${AUTH}/me`)).status).toBe(200);
  });

  test("a spent cookie presented again ends that sign-in", async () => {
    const jar = await signedIn();
    const spent = jar["rbac.subject.refresh"]!;
    expect((await send(jar, "POST", `${AUTH}/refresh`)).status).toBe(200);
    expect((await send({ "rbac.subject.refresh": spent }, "POST", `${AUTH}/refresh`)).status).toBe(401);
    expect((await send(jar, "POST", `${AUTH}/refresh`)).status).toBe(401);
  });

  test("refresh with neither body nor cookie is a 401 with the error body", async () => {
    const answer = await send({}, "POST", `${AUTH}/refresh`);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: "AUTHENTICATION_ERROR", message: expect.stringMatching(/sign in/) });
  });

  test("logout revokes the cookie's sign-in and clears both cookies", async () => {
    const jar = await signedIn();
    const refresh = jar["rbac.subject.refresh"]!;
    delete jar["rbac.subject.jwt"];
    const out = await send(jar, "POST", `${AUTH}/logout`);
    expect(out.status).toBe(200);
    expect(jar).toEqual({});
    expect((await send({ "rbac.subject.refresh": refresh }, "POST", `${AUTH}/refresh`)).status).toBe(401);
  });

  test("me says when the session token expires, beside data", async () => {
    const jar = await signedIn();
    const answer = await send(jar, "GET", `${AUTH}/me`);
    const expiresAt = Date.parse(answer.body.session.expiresAt);
    const ttl = DEFAULTS.accessTokenTtlSeconds * 1000;
    expect(expiresAt).toBeGreaterThan(Date.now() + ttl - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + ttl);
    expect(answer.body.data.identities[0].email).toBe("cookie@example.com");
  });
});
