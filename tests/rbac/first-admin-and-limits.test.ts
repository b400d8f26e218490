import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { composeApp } from "../../app/compose-app.js";
import { paths } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, bearer, register, signIn } from "./helpers.js";

const run = promisify(execFile);

describe("first admin from ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "root@example.com", adminPassword: "first password" });
  });
  afterAll(() => t.close());

  test("is created with the admin role at start-up, and may do everything", async () => {
    const admin = await signIn(t, "root@example.com", "first password");
    const me = await t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(admin.jwt) });
    expect(me.body.data.roles.map((r: any) => r.uid)).toContain("admin");
    const write = await t.request({
      method: "POST",
      url: "/api/billing/currencies",
      key: null,
      headers: bearer(admin.jwt),
      payload: { data: { slug: "usd", symbol: "$" } },
    });
    expect(write.status).toBe(201);
  });

  test("a later start with another password updates it, keeping one account", async () => {
    const again = await composeApp(
      { ...t.app.rbac.config, adminPassword: "second password" },
      { database: t.database, logger: false },
    );
    await again.close();
    await expect(signIn(t, "root@example.com", "first password")).rejects.toThrow();
    await signIn(t, "root@example.com", "second password");
    const count = await t.database.db
      .selectFrom("rbac_identities")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", "root@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test("restarting keeps the permission records as admins left them", async () => {
    const [first] = (await t.request({ method: "GET", url: "/api/rbac/permissions?limit=1" })).body.data;
    await t.request({ method: "DELETE", url: `/api/rbac/permissions/${first.id}` });
    const before = (await t.request({ method: "GET", url: "/api/rbac/permissions/count" })).body.data;
    const again = await composeApp(t.app.rbac.config, { database: t.database, logger: false });
    await again.close();
    expect((await t.request({ method: "GET", url: "/api/rbac/permissions/count" })).body.data).toBe(before);
  });
});

// The command runs on an embedded database in a folder of its own, whatever database the suite runs
// on: the PostgreSQL server's pass would only repeat it (three starts of the script, about 50 s).
describe.skipIf(testDialect === "postgres")("npm run admin -- create <email>", () => {
  test("creates the admin in the configured database from the shell", { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "admin-cli-"));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      DATABASE_URL: "",
    };
    try {
      const tsx = join(paths.root, "node_modules/.bin/tsx");
      const created = await run(tsx, ["scripts/admin.ts", "create", "cli@example.com", "--password", "cli password"], {
        cwd: paths.root,
        env,
      });
      expect(created.stdout).toContain("created admin cli@example.com");
      const updated = await run(tsx, ["scripts/admin.ts", "create", "cli@example.com"], { cwd: paths.root, env });
      expect(updated.stdout).toMatch(/updated admin cli@example.com\npassword: \S{16}/);
      const bad = await run(tsx, ["scripts/admin.ts", "create", "not-an-email"], { cwd: paths.root, env }).catch(
        (e) => e,
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("usage: npm run admin -- create <email>");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("abuse limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: 3 });
  });
  afterAll(() => t.close());

  const attempt = (address: string, login: string) =>
    t.app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      remoteAddress: address,
      payload: { login, password: PASSWORD },
    });

  test("sign-in attempts are limited per client address, whatever the body says", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt("10.0.0.1", `user${i}@example.com`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt("10.0.0.1", "someone-else@example.com");
    expect(limited.json()).toMatchObject({
      status: 429,
      code: "RATE_LIMIT",
      message: expect.stringMatching(/^Rate limit error: /),
    });
    expect(limited.headers["retry-after"]).toBeTruthy();
    // Another address has its own budget.
    expect((await attempt("10.0.0.2", "user0@example.com")).statusCode).toBe(401);
  });

  test.each([
    "email-and-password/registration",
    "email-and-password/forgot-password",
    "email-and-password/reset-password",
    "refresh",
  ])("%s is limited too", async (route) => {
    const address = `10.1.0.${route.length}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await t.app.inject({ method: "POST", url: `${AUTH}/${route}`, remoteAddress: address, payload: { x: i } }))
          .statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });

  test("changing a password is limited like signing in", async () => {
    const session = await register(t, "limited@example.com");
    const url = `/api/rbac/subjects/${session.subjectId}/change-password`;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: "PATCH",
        url,
        remoteAddress: "10.2.0.1",
        headers: bearer(session.jwt),
        payload: { password: "a wrong guess", newPassword: PASSWORD },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  test("bodies over the size limit are refused with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      remoteAddress: "10.9.9.9",
      payload: { login: "a@example.com", password: "x".repeat(20_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
});

describe("behind a proxy (TRUST_PROXY)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: 1, trustProxy: "127.0.0.1" });
  });
  afterAll(() => t.close());

  const attempt = (client: string) =>
    t.app.inject({
      method: "POST",
      url: `${AUTH}/refresh`,
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": client },
      payload: { refresh: "x" },
    });

  test("limits key on the client's address from X-Forwarded-For, not the proxy's", async () => {
    expect((await attempt("203.0.113.1")).statusCode).toBe(401);
    expect((await attempt("203.0.113.1")).statusCode).toBe(429);
    expect((await attempt("203.0.113.2")).statusCode).toBe(401);
  });
});
