import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, register, type SignedIn } from "../rbac/helpers.js";

// The original frontend runs on another origin than the API. CORS_ORIGINS
// names those origins: they, and no other, get preflight answers and Access-Control-Allow-Origin
// with credentials, and the cross-site write check admits them. Empty (the default): no CORS at
// all, and the cross-site check refuses every other origin as before.
const FRONTEND = "http://127.0.0.1:4100";
const OTHER = "http://127.0.0.1:4200";
const EVIL = "https://evil.example";

const preflight = (
  t: TestApp,
  origin: string,
  url = "/api/rbac/subjects/authentication/email-and-password/authentication",
) =>
  t.app.inject({
    method: "OPTIONS",
    url,
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type,x-rbac-secret-key",
    },
  });

describe("CORS_ORIGINS is read strictly at start-up", () => {
  it.each([
    ["unset", undefined, []],
    ["empty", "", []],
    [
      "two origins, spaces and a trailing slash",
      " https://shop.example.com/, http://localhost:3001 ",
      ["https://shop.example.com", "http://localhost:3001"],
    ],
    ["upper case", "https://Shop.Example.com", ["https://shop.example.com"]],
  ])("%s: %j", (_, value, origins) => {
    expect(configFromEnv({ CORS_ORIGINS: value }).corsOrigins).toEqual(origins);
  });

  it.each([
    ["*"],
    ["shop.example.com"],
    ["https://shop.example.com/app"],
    ["ftp://shop.example.com"],
    ["https://shop.example.com?x=1"],
    ["null"],
  ])("%j is a start-up error naming it", (value) => {
    expect(() => configFromEnv({ CORS_ORIGINS: `https://ok.example.com,${value}` })).toThrow(
      `CORS_ORIGINS: ${JSON.stringify(value)} is not an origin`,
    );
  });

  it.each([["SESSION_COOKIE_HTTP_ONLY"], ["EVM_TIMESTAMP_MESSAGES"]])("%s takes true or false only", (name) => {
    expect(() => configFromEnv({ [name]: "yes" })).toThrow(`${name} must be true or false, not "yes"`);
    expect(configFromEnv({}).sessionCookieHttpOnly).toBe(true);
    expect(configFromEnv({}).evmTimestampMessages).toBe(false);
  });
});

describe(`CORS, on ${testDialect}`, () => {
  describe("with CORS_ORIGINS unset (the default)", () => {
    let t: TestApp;
    beforeAll(async () => void (t = await createTestApp()));
    afterAll(() => t.close());

    it("no answer carries a CORS header and a preflight is a 404", async () => {
      const response = await preflight(t, FRONTEND);
      expect(response.statusCode).toBe(404);
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
      const read = await t.app.inject({ method: "GET", url: "/api/blog/articles", headers: { origin: FRONTEND } });
      expect(read.statusCode).toBe(200);
      expect(read.headers["access-control-allow-origin"]).toBeUndefined();
      expect(read.headers["access-control-allow-credentials"]).toBeUndefined();
    });

    it("sign-in from another origin is refused by the cross-site check", async () => {
      await register(t, "ann@example.com");
      const response = await t.app.inject({
        method: "POST",
        url: `${AUTH}/email-and-password/authentication`,
        headers: { origin: FRONTEND },
        payload: { login: "ann@example.com", password: PASSWORD },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe("with CORS_ORIGINS naming the frontend", () => {
    let t: TestApp;
    let ann: SignedIn;
    beforeAll(async () => {
      t = await createTestApp({ corsOrigins: [FRONTEND] });
      ann = await register(t, "ann@example.com");
    });
    afterAll(() => t.close());

    it("a preflight from it is answered: its origin, credentials, the methods and the headers it asked for", async () => {
      const response = await preflight(t, FRONTEND);
      expect(response.statusCode).toBe(204);
      expect(response.headers).toMatchObject({
        "access-control-allow-origin": FRONTEND,
        "access-control-allow-credentials": "true",
        "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
        "access-control-allow-headers": "authorization,content-type,x-rbac-secret-key",
      });
      expect(String(response.headers.vary)).toMatch(/Origin/);
    });

    it.each([
      ["another port", OTHER],
      ["another site", EVIL],
      ["null", "null"],
    ])("a preflight from %s is a 404 with no CORS header", async (_, origin) => {
      const response = await preflight(t, origin);
      expect(response.statusCode).toBe(404);
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    });

    it("its answers carry Access-Control-Allow-Origin with credentials; another origin's do not, and every answer varies on Origin", async () => {
      const own = await t.app.inject({ method: "GET", url: "/api/blog/articles", headers: { origin: FRONTEND } });
      expect(own.headers).toMatchObject({
        "access-control-allow-origin": FRONTEND,
        "access-control-allow-credentials": "true",
      });
      const other = await t.app.inject({ method: "GET", url: "/api/blog/articles", headers: { origin: OTHER } });
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
      const none = await t.app.inject({ method: "GET", url: "/api/blog/articles" });
      expect(String(none.headers.vary)).toMatch(/Origin/);
    });

    it("the cross-site check admits exactly that origin: sign-in, and a cookie-authenticated write", async () => {
      const signIn = (origin: string) =>
        t.app.inject({
          method: "POST",
          url: `${AUTH}/email-and-password/authentication`,
          headers: { origin },
          payload: { login: "ann@example.com", password: PASSWORD },
        });
      expect((await signIn(FRONTEND)).statusCode).toBe(200);
      for (const origin of [OTHER, EVIL, `${FRONTEND}/`, "null"]) expect((await signIn(origin)).statusCode).toBe(403);

      const logout = (origin: string) =>
        t.app.inject({
          method: "POST",
          url: `${AUTH}/logout`,
          headers: { origin, cookie: `rbac.subject.jwt=${ann.jwt}` },
          payload: {},
        });
      expect((await logout(OTHER)).statusCode).toBe(403);
      expect((await logout(FRONTEND)).statusCode).toBe(200);
    });

    it("sign-in by a page with no Origin but Sec-Fetch-Site: cross-site is still refused", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: `${AUTH}/email-and-password/authentication`,
        headers: { "sec-fetch-site": "cross-site" },
        payload: { login: "ann@example.com", password: PASSWORD },
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
