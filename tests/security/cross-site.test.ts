import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, urlencoded } from "../helpers/bodies.js";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, signIn, type SignedIn } from "../rbac/helpers.js";

// A request authenticated by a cookie (the session's or the secret key's)
// that another site made the browser send is refused when it changes something: any unsafe
// method, and the GET routes the original client calls as GET that change state (authentication/init,
// revalidation). The browser says where a request comes from with Origin and Sec-Fetch-Site; a
// bearer token or the secret key in a header cannot be sent by another site, so those pass.
const SELF = "http://localhost"; // inject's Host is localhost:80
const EVIL = "https://evil.example";

type From =
  | "cross-site Origin"
  | "cross-site Sec-Fetch-Site"
  | "same-site Sec-Fetch-Site"
  | "null Origin"
  | "same origin"
  | "no browser headers";
const fromHeaders: Record<From, Record<string, string>> = {
  "cross-site Origin": { origin: EVIL },
  "cross-site Sec-Fetch-Site": { "sec-fetch-site": "cross-site" },
  "same-site Sec-Fetch-Site": { "sec-fetch-site": "same-site" },
  "null Origin": { origin: "null" },
  "same origin": { origin: SELF, "sec-fetch-site": "same-origin" },
  "no browser headers": {},
};
const refused: From[] = ["cross-site Origin", "cross-site Sec-Fetch-Site", "same-site Sec-Fetch-Site", "null Origin"];

describe(`cross-site requests, on ${testDialect}`, () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: PASSWORD });
    admin = await signIn(t, "admin@example.com");
  });
  afterAll(() => t.close());

  const sessionCookie = () => ({ cookie: `rbac.subject.jwt=${admin.jwt}` });
  const articles = async () =>
    (await t.request({ method: "GET", url: "/api/blog/articles/count" })).body.data as number;
  let n = 0;
  const bodyIn = async (form: "json" | "urlencoded" | "multipart") => {
    const data = { slug: `article-${++n}` };
    if (form === "json") return { payload: { data } };
    return form === "urlencoded" ? urlencoded(data) : multipart(data);
  };

  describe.each(["json", "urlencoded", "multipart"] as const)("an admin's cookie on a %s POST", (form) => {
    it.each(refused)("from %s: 403, nothing written", async (from) => {
      const before = await articles();
      const body = await bodyIn(form);
      const response = await t.request({
        method: "POST",
        url: "/api/blog/articles",
        key: null,
        ...body,
        headers: { ...sessionCookie(), ...fromHeaders[from], ...("headers" in body ? body.headers : {}) },
      });
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/^Permission error: a cross-site request/);
      expect(await articles()).toBe(before);
    });

    it.each(["same origin", "no browser headers"] as From[])("from %s: written", async (from) => {
      const body = await bodyIn(form);
      const response = await t.request({
        method: "POST",
        url: "/api/blog/articles",
        key: null,
        ...body,
        headers: { ...sessionCookie(), ...fromHeaders[from], ...("headers" in body ? body.headers : {}) },
      });
      expect(response.status).toBe(201);
    });
  });

  it.each([
    ["PATCH", "/api/blog/articles/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "/api/blog/articles/00000000-0000-4000-8000-000000000000"],
    ["POST", `${AUTH}/logout`],
    ["PATCH", "/api/rbac/identity/00000000-0000-4000-8000-000000000000/change-password"],
  ] as const)("%s %s with the session cookie from another site: 403", async (method, url) => {
    const response = await t.request({
      method,
      url,
      key: null,
      payload: { data: {} },
      headers: { ...sessionCookie(), origin: EVIL },
    });
    expect(response.status).toBe(403);
  });

  it("the secret key as a cookie from another site: 403; as a header (no site can send it): written", async () => {
    const cookie = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      key: null,
      payload: { data: { slug: "by-cookie-key" } },
      headers: { cookie: `rbac.secret-key=${SECRET}`, origin: EVIL },
    });
    expect(cookie.status).toBe(403);
    const header = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { slug: "by-header-key" } },
      headers: { origin: EVIL },
    });
    expect(header.status).toBe(201);
  });

  it("a bearer token is not a cookie: another origin's request with it is not a forgery", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      key: null,
      payload: { data: { slug: "by-bearer" } },
      headers: { authorization: `Bearer ${admin.jwt}`, ...sessionCookie(), origin: EVIL },
    });
    expect(response.status).toBe(201);
  });

  it("PUBLIC_URL's origin counts as this site's (behind a proxy the Host may differ)", async () => {
    const behind = await createTestApp({
      adminEmail: "admin@example.com",
      adminPassword: PASSWORD,
      publicUrl: "https://shop.example",
    });
    try {
      const session = await signIn(behind, "admin@example.com");
      const post = (origin: string) =>
        behind.request({
          method: "POST",
          url: "/api/blog/articles",
          key: null,
          payload: { data: { slug: `p-${origin.length}` } },
          headers: { cookie: `rbac.subject.jwt=${session.jwt}`, origin },
        });
      expect((await post("https://shop.example")).status).toBe(201);
      expect((await post("https://shop.example.evil.example")).status).toBe(403);
    } finally {
      await behind.close();
    }
  });

  describe("state-changing GET routes", () => {
    it.each(refused)("authentication/init from %s: 403, no subject made", async (from) => {
      const subjects = async () => (await t.request({ method: "GET", url: "/api/rbac/subjects/count" })).body.data;
      const before = await subjects();
      const response = await t.request({ method: "GET", url: `${AUTH}/init`, key: null, headers: fromHeaders[from] });
      expect(response.status).toBe(403);
      expect(await subjects()).toBe(before);
    });

    it("authentication/init from this site works", async () => {
      expect(
        (await t.request({ method: "GET", url: `${AUTH}/init`, key: null, headers: fromHeaders["same origin"] }))
          .status,
      ).toBe(200);
    });

    it.each(["/api/revalidation/revalidate?path=/", "/api/revalidate?path=/"])(
      "%s with the admin's cookie from another site: 403; from this site: 200",
      async (url) => {
        expect(
          (
            await t.request({
              method: "GET",
              url,
              key: null,
              headers: { ...sessionCookie(), "sec-fetch-site": "cross-site" },
            })
          ).status,
        ).toBe(403);
        expect(
          (
            await t.request({
              method: "GET",
              url,
              key: null,
              headers: { ...sessionCookie(), "sec-fetch-site": "same-origin" },
            })
          ).status,
        ).toBe(200);
      },
    );

    it("ordinary reads from another site are not refused (links and images work)", async () => {
      expect(
        (
          await t.request({
            method: "GET",
            url: "/api/blog/articles",
            key: null,
            headers: { ...sessionCookie(), "sec-fetch-site": "cross-site" },
          })
        ).status,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: "GET", url: "/", headers: { "sec-fetch-site": "cross-site" } })).statusCode,
      ).not.toBe(403);
    });
  });

  it("signing in from another site's form is refused too (login forgery)", async () => {
    const response = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      ...urlencoded({ login: "admin@example.com", password: PASSWORD }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: EVIL },
    });
    expect(response.status).toBe(403);
  });

  it("a payment provider's webhook (a server, no browser headers) still arrives", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/billing/payment-intents/dummy/webhook",
      key: null,
      payload: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).not.toBe(403);
  });
});
