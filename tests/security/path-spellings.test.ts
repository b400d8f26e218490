import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlencoded } from "../helpers/bodies.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, register, signIn, type SignedIn } from "../rbac/helpers.js";

// The router decodes percent escapes, so "/%61pi/…" runs the route
// "/api/…"; the cross-site check read the raw URL and let such a request through (a cross-site
// sign-in answered 200 with Set-Cookie, a cookie-authenticated admin POST 201). Every check that
// depends on the path now reads the route the router matched (server/security/routed-path.ts).
// The table: spellings of one path, each either routed to the same route as the plain path
// ("same route") or to none of the API's ("no API route": a 404, never the route's answer).
const EVIL = "https://evil.example";

const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
const HEX = (c: string) => hex(c).toUpperCase();
/** Rewrites the path's `index`-th segment (0 is "api") with `spell`. */
const segment = (index: number, spell: (s: string) => string) => (path: string) =>
  path
    .split("/")
    .map((s, i) => (i === index + 1 ? spell(s) : s))
    .join("/");

type Spelling = { name: string; spell: (path: string) => string; routes: boolean };
const spellings: Spelling[] = [
  { name: "plain", spell: (p) => p, routes: true },
  { name: "/%61pi/…", spell: segment(0, (s) => hex(s[0]!) + s.slice(1)), routes: true },
  { name: "/%61%70%69/… (every letter)", spell: segment(0, (s) => [...s].map(hex).join("")), routes: true },
  { name: "/%61%70%69/… (upper-case hex)", spell: segment(0, (s) => [...s].map(HEX).join("")), routes: true },
  { name: "/api/%XXmodule/…", spell: segment(1, (s) => hex(s[0]!) + s.slice(1)), routes: true },
  { name: "/api/module/%XXentity/…", spell: segment(2, (s) => HEX(s[0]!) + s.slice(1)), routes: true },
  {
    name: "/%2561pi/… (escaped twice)",
    spell: segment(0, (s) => `%25${hex(s[0]!).slice(1)}${s.slice(1)}`),
    routes: false,
  },
  { name: "//api/…", spell: (p) => `/${p}`, routes: false },
  { name: "/API/…", spell: segment(0, (s) => s.toUpperCase()), routes: false },
  { name: "/api//module/…", spell: (p) => p.replace(/^\/api\//, "/api//"), routes: false },
];

describe(`one route however its path is spelled, on ${testDialect}`, () => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: PASSWORD });
    admin = await signIn(t, "admin@example.com");
    member = await register(t, "member@example.com");
    other = await register(t, "other@example.com");
  });
  afterAll(() => t.close());

  const articles = async () =>
    (await t.request({ method: "GET", url: "/api/blog/articles/count" })).body.data as number;
  const subjects = async () =>
    (await t.request({ method: "GET", url: "/api/rbac/subjects/count" })).body.data as number;

  describe.each(spellings)("$name", ({ spell, routes }) => {
    it("a cross-site sign-in form: refused, no session cookie", async () => {
      const url = spell(`${AUTH}/email-and-password/authentication`);
      const response = await t.app.inject({
        method: "POST",
        url,
        ...urlencoded({ login: "admin@example.com", password: PASSWORD }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: EVIL },
      });
      expect(response.statusCode, url).toBe(routes ? 403 : 404);
      expect(response.headers["set-cookie"], url).toBeUndefined();
    });

    it("a cross-site GET of authentication/init: refused, no subject made", async () => {
      const url = spell(`${AUTH}/init`);
      const before = await subjects();
      const response = await t.app.inject({ method: "GET", url, headers: { "sec-fetch-site": "cross-site" } });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.headers["set-cookie"], url).toBeUndefined();
      expect(await subjects()).toBe(before);
    });

    it("an admin's cookie on a cross-site POST: refused, nothing written", async () => {
      const url = spell("/api/blog/articles");
      const before = await articles();
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: { data: { slug: `cross-${url.length}-${before}` } },
        headers: { cookie: `rbac.subject.jwt=${admin.jwt}`, origin: EVIL },
      });
      expect(response.statusCode, url).toBe(routes ? 403 : 404);
      expect(await articles()).toBe(before);
    });

    it("the same cookie from this site: written where the spelling routes", async () => {
      const url = spell("/api/blog/articles");
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: { data: {} },
        headers: { cookie: `rbac.subject.jwt=${admin.jwt}`, origin: "http://localhost" },
      });
      expect(response.statusCode, url).toBe(routes ? 201 : 404);
    });

    it("permissions by path pattern answer as for the plain path", async () => {
      const anonymous = (url: string) => t.app.inject({ method: "GET", url });
      const asSubject = (session: SignedIn, url: string) =>
        t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${session.jwt}` } });
      // Readable by anyone (/api/blog/articles/**), by nobody anonymous (/api/rbac/identities).
      expect((await anonymous(spell("/api/blog/articles"))).statusCode).toBe(routes ? 200 : 404);
      expect((await anonymous(spell("/api/rbac/identities"))).statusCode).toBe(routes ? 401 : 404);
      // {self}: a subject reads its own record, not another's; the id spelled with an escape too.
      const own = spell(`/api/rbac/subjects/${member.subjectId}`);
      expect((await asSubject(member, own)).statusCode, own).toBe(routes ? 200 : 404);
      expect((await asSubject(other, own)).statusCode, own).toBe(routes ? 403 : 404);
      const escapedId = spell(`/api/rbac/subjects/${hex(member.subjectId[0]!)}${member.subjectId.slice(1)}`);
      expect((await asSubject(member, escapedId)).statusCode, escapedId).toBe(routes ? 200 : 404);
      expect((await asSubject(other, escapedId)).statusCode, escapedId).toBe(routes ? 403 : 404);
    });

    it("an unknown path under /api: the JSON 404 error body, not a site page", async () => {
      const url = spell("/api/no-such-module/thing");
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      if (routes) expect(response.json().code, url).toBe("NOT_FOUND");
    });
  });
});
