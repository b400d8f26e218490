import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../helpers/bodies.js";
import { CONTENT_SECURITY_POLICY } from "../../server/security/security-headers.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH } from "../rbac/helpers.js";

// What an anonymous caller can send that is malformed is a 400 with
// the JSON error body (or the site's plain 400 page), never a 500, never a database message, and
// nothing at error level in the log (an error-level line should mean the server is at fault).
describe(`malformed requests are 400s, on ${testDialect}`, () => {
  let t: TestApp;
  let formId: string;
  beforeAll(async () => {
    t = await createTestApp({}, { logs: true });
    formId = (await t.request({ method: "POST", url: "/api/crm/forms", payload: { data: { slug: "contact" } } })).body
      .data.id;
  });
  afterAll(() => t.close());

  const errorLogs = () => t.logs.filter((line) => line.level >= 50);

  const routes = () => [
    `/api/crm/forms/${formId}/requests`,
    `${AUTH}/email-and-password/authentication`,
    "/api/blog/articles",
  ];

  it.each([
    ["no boundary", "multipart/form-data", '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n'],
    ["an empty boundary", "multipart/form-data; boundary=", "--\r\n"],
    [
      "a truncated body",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":',
    ],
    [
      "a part without headers' end",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="da',
    ],
    ["garbage", "multipart/form-data; boundary=x", "\u0000\u0001\u0002 not multipart"],
  ])("multipart with %s → 400 on every body-reading route", async (_name, type, body) => {
    for (const url of routes()) {
      // The generic route with the secret key (a visitor is refused before the body is read).
      const key = url.startsWith("/api/blog") ? undefined : null;
      const response = await t.request({ method: "POST", url, key, headers: { "content-type": type }, payload: body });
      expect(response.status, url).toBe(400);
      expect(response.body.code, url).toBe("VALIDATION_ERROR");
      expect(response.body.message).toMatch(/^Validation error: /);
    }
    expect(errorLogs()).toEqual([]);
  });

  it("a well-formed multipart body still works (the control case)", async () => {
    const response = await t.request({
      method: "POST",
      url: `/api/crm/forms/${formId}/requests`,
      key: null,
      ...(await multipart({ name: "Ann" })),
    });
    expect(response.status).toBe(201);
  });

  it.each(["/%00", "/blog%00", "/blog/%00/x", "/ru/%00", "/en/%00/", "/blog/articles/a%00b"])(
    "GET %s → 400, no database text, nothing logged as an error",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).not.toMatch(/byte sequence|UTF8|0x00|invalid input|stack|at /i);
      expect(errorLogs()).toEqual([]);
    },
  );

  it.each([
    "/api/host/pages/find-by-url?url=%00",
    "/api/host/pages/url-segment-value?url=/a%00&segment=blog.articles.slug",
    "/api/blog/articles?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=a%00",
    "/api/blog/articles/count?filters[and][0][column]=title-%3E%3Een&filters[and][0][method]=ilike&filters[and][0][value]=%00",
  ])("GET %s → 400 naming the rule, not the database's words", async (url) => {
    const response = await t.request({ method: "GET", url, key: null });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Validation error: /);
    expect(response.body.message).not.toMatch(/byte sequence|UTF8|0x00/);
    expect(errorLogs()).toEqual([]);
  });

  // An address the router cannot decode is answered before any hook runs,
  // so its 400 had none of the security headers, and Fastify's message repeated the address
  // (the caller's own text, up to 100 KB of it, in an answer from this site).
  it.each([
    "/%ff",
    "/%ff/<script>alert(1)</script>",
    "/api/blog/%ff",
    "/api/blog/articles/%E0%A4%A",
    "/ru/%zz",
    "/%C0%AF",
  ])("GET %s → 400 with the security headers, not repeating the address", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/^Validation error: /),
    });
    expect(response.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.body).not.toContain(url);
    expect(response.body).not.toMatch(/%ff|%zz|%E0|%C0|script/i);
    expect(errorLogs()).toEqual([]);
  });
});
