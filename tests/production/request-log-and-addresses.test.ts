import { describe, expect, test } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { startAddresses } from "../../server/start-addresses.js";
import { createTestApp } from "../helpers/test-app.js";

describe("the request log", () => {
  test.each([
    ["development", false, ["GET /api/health 200 in"]],
    ["production", true, ["incoming request", "request completed"]],
  ])("%s: the info lines of one request", { timeout: 180_000 }, async (_name, production, expected) => {
    const jwtSecret = production ? "request-log-test-secret".padEnd(40, "x") : undefined;
    const t = await createTestApp(
      { logLevel: "info", production, ...(jwtSecret ? { jwtSecret } : {}) },
      { logs: true },
    );
    try {
      const before = t.logs.length;
      await t.request({ method: "GET", url: "/api/health" });
      const lines = t.logs.slice(before).filter((l) => l.reqId);
      expect(lines.map((l) => l.msg.replace(/ \d+ ms$/, ""))).toEqual(expected);
      expect(lines.every((l) => l.level === 30)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe("the addresses the start log ends with", () => {
  test.each([
    ["0.0.0.0", 3000, "http://localhost:3000"],
    ["::", 8080, "http://localhost:8080"],
    ["127.0.0.1", 3000, "http://127.0.0.1:3000"],
    ["::1", 3000, "http://[::1]:3000"],
    ["shop.internal", 80, "http://shop.internal:80"],
  ])("HOST=%s PORT=%i: the site, /admin and /api/docs under %s", (host, port, base) => {
    expect(startAddresses(host, port)).toEqual({ site: `${base}/`, admin: `${base}/admin`, docs: `${base}/api/docs` });
  });

  test("the default HOST is one nobody should open, so localhost is printed", () => {
    expect(configFromEnv({}).host).toBe("0.0.0.0");
    expect(startAddresses(configFromEnv({}).host, 3000).admin).toBe("http://localhost:3000/admin");
  });
});
