import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../../server/security/log-redaction.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

const SECRET = "s3cr3t-t0ken-value";

// docs/security.md, "Logs": a link's token (page preview, order link, payment page, password reset)
// is a credential; the request log keeps the address without it.
const urls = [
  ["a page preview", `/about?preview=${SECRET}`],
  ["an order link", `/api/ecommerce/orders/00000000-0000-4000-8000-000000000000/pay-by-link?token=${SECRET}`],
  ["the dummy payment page", `/billing/dummy/pay/00000000-0000-4000-8000-000000000000?token=${SECRET}`],
  ["a password reset", `/rbac/subject/authentication/email-and-password/reset-password?code=${SECRET}`],
  ["a parameter spelled encoded, among others", `/about?lang=ru&%70review=${SECRET}&page=2`],
  ["a parameter given twice", `/about?preview=${SECRET}&PREVIEW=${SECRET}`],
] as const;

describe.each([
  ["development", false],
  ["production", true],
])(`request logs in %s on ${testDialect}`, (_name, production) => {
  let t: TestApp;
  beforeAll(async () => {
    const jwtSecret = production ? "log-redaction-test-secret".padEnd(40, "x") : undefined;
    // debug: development's arrival line (with its req) is logged at debug.
    t = await createTestApp({ logLevel: "debug", production, ...(jwtSecret ? { jwtSecret } : {}) }, { logs: true });
  }, 180_000);
  afterAll(() => t?.close());

  it.each(urls)("keep no token of %s", async (_what, url) => {
    const before = t.logs.length;
    await t.app.inject({ method: "GET", url });
    const lines = t.logs.slice(before).filter((l) => l.reqId);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    // The address itself stays: which page or order was asked for.
    const logged = lines.map((l) => (l.req as { url?: string } | undefined)?.url).find(Boolean);
    expect(logged).toBe(redactUrl(url));
    expect(logged).toContain(url.split("?")[0]);
    expect(logged).toContain("[redacted]");
  });
});

describe("redactUrl", () => {
  it.each([
    ["/about", "/about"],
    ["/about?page=2&lang=ru", "/about?page=2&lang=ru"],
    ["/about?preview=abc", "/about?preview=[redacted]"],
    ["/x?order=1&token=abc&a=b", "/x?order=1&token=[redacted]&a=b"],
    ["/x?code", "/x?code=[redacted]"],
    ["/x?%E0%A4%A=1", "/x?%E0%A4%A=1"],
  ])("%s → %s", (url, expected) => expect(redactUrl(url)).toBe(expected));
});
