import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, answersData } from "../../server/security/security-headers.js";
import { plainBadRequest, plainError, plainNotFound } from "../../server/delivery/plain-documents.js";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";

// Every answer carries the security headers, HTML a Content-Security-Policy
// with `script-src 'self'` and nothing inline to allow, and HSTS only in production. Whether the
// site and the admin really run under that policy is the browser test's part
// (tests/browser/content-security-policy.test.ts).
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

/**
 * Whether a `<script>` with these attributes runs as code (HTML's rule): no type, an empty one, a
 * JavaScript MIME type or `module`. Any other type (`application/json` page data, an
 * `application/ld+json` structured-data block) is a data block, never run, so no CSP concern.
 */
function runsAsCode(attributes: string): boolean {
  const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase();
  return (
    type === undefined || type === "" || type === "module" || /^(application|text)\/(x-)?(java|ecma)script$/.test(type)
  );
}

/** Scripts a CSP of `script-src 'self'` would block: inline code, inline handlers, javascript: URLs. */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!;
    if (/\bsrc=/.test(attributes) || !runsAsCode(attributes)) continue;
    found.push(match[0].slice(0, 80));
  }
  for (const match of html.matchAll(/<[^>]+\son[a-z]+\s*=/gi)) found.push(match[0].slice(0, 80));
  for (const match of html.matchAll(/href\s*=\s*"\s*javascript:/gi)) found.push(match[0]);
  return found;
}

describe(`security headers, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp({ seedDemoContent: true })));
  afterAll(() => t.close());

  const pages = [
    "/",
    "/blog",
    "/blog/articles/hello-world",
    "/blog/members",
    "/ru/products",
    "/cart",
    "/contact",
    "/no-such-page",
    "/rbac/subject/authentication/select-method",
  ];

  it.each([...pages, "/admin", "/admin/models/blog/articles", "/api/docs", "/%00"])(
    "GET %s: HTML under a CSP with script-src 'self' and nothing inline to run",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      const csp = directives(String(response.headers["content-security-policy"]));
      expect(csp["script-src"]).toEqual(["'self'"]);
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["base-uri"]).toEqual(["'self'"]);
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(inlineScripts(response.body)).toEqual([]);
    },
  );

  it.each(["/", "/static/missing.js", "/admin", "/no-such-page", "/api/docs"])(
    "GET %s: nosniff, no framing, a referrer policy, no HSTS outside production",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    },
  );

  // An API answer is data: a policy that lets nothing load or frame it, nosniff, and none of the
  // headers that only govern a page (OWASP's REST set).
  it.each([
    ["GET", "/api/health"],
    ["GET", "/api/blog/articles"],
    ["GET", "/api/openapi.json"],
    ["GET", "/api/blog/articles/not-a-uuid"],
    ["GET", "/api/no-such-route"],
    ["GET", "/api/blog/articles/export?format=csv"],
  ])("%s %s: the API's set, nothing a page would need", async (method, url) => {
    const response = await t.app.inject({ method: method as "GET", url, headers: { "x-rbac-secret-key": SECRET } });
    expect(response.headers["content-security-policy"]).toBe(API_CONTENT_SECURITY_POLICY);
    expect(directives(API_CONTENT_SECURITY_POLICY)).toEqual({
      "default-src": ["'none'"],
      "frame-ancestors": ["'none'"],
    });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBeUndefined();
    expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
  });

  it("the API reference's files under /api/docs are a page's, not data", () => {
    expect(answersData("/api/docs")).toBe(false);
    expect(answersData("/api/docs/reference.js")).toBe(false);
    expect(answersData("/api/health")).toBe(true);
    expect(answersData("/apidocs")).toBe(false);
  });

  it("an error answer carries them too", async () => {
    const response = await t.request({ method: "POST", url: "/api/blog/articles", key: null, payload: { data: {} } });
    expect(response.status).toBe(401);
    const raw = await t.app.inject({ method: "POST", url: "/api/blog/articles", payload: { data: {} } });
    expect(raw.headers["x-content-type-options"]).toBe("nosniff");
    expect(raw.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("the detector knows code from data: inline code, a module and a handler are found; JSON and JSON-LD blocks are not", () => {
    expect(
      inlineScripts(
        '<script>alert(1)</script><script type="module">x()</script><script type="text/javascript">y()</script><a onclick="z()">',
      ),
    ).toHaveLength(4);
    expect(
      inlineScripts(
        '<script type="application/json">{"a":1}</script><script type="application/ld+json">{"@type":"BlogPosting"}</script><script src="/static/a.js"></script>',
      ),
    ).toEqual([]);
  });

  it("the plain documents (no hosted 404/500 page, a bad address) run nothing inline either", () => {
    for (const html of [plainError("en"), plainNotFound("ru"), plainBadRequest("en")])
      expect(inlineScripts(html)).toEqual([]);
  });

  it("uploaded files keep their own sandboxing policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/public/files/nothing-here.txt" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe(`security headers in production, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(
    async () =>
      void (t = await createTestApp({ production: true, jwtSecret: "p".repeat(40), paymentDummyEnabled: false })),
  );
  afterAll(() => t.close());

  it.each(["/", "/api/health", "/%ff"])("GET %s carries HSTS", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
