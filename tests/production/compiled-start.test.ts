import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildServer } from "../../scripts/build.js";
import { send } from "../../scripts/lib/http-client.js";
import { startServerProcess } from "../../scripts/lib/server-process.js";
import { SECRET } from "../helpers/test-app.js";
import { PROCESS_TEST_TIMEOUT, serverStorage, type ServerStorage } from "./server-storage.js";

// `npm run build` then the production start: plain node on dist/server/main.js (no tsx), which
// finds schemas/ and migrations/ from package.json's folder, migrates, serves the API, the docs
// and the site, logs JSON, and stops cleanly on SIGTERM.
let storage: ServerStorage;
beforeAll(async () => {
  storage = await serverStorage();
  await buildServer(() => {});
});
afterAll(async () => {
  await storage?.drop();
});

describe(`the compiled server (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "PGlite in DATA_DIR"})`, {
  timeout: PROCESS_TEST_TIMEOUT,
}, () => {
  test("starts with NODE_ENV=production, serves every kind of route, and stops on SIGTERM", async () => {
    const server = await startServerProcess({
      entry: "compiled",
      env: {
        ...storage.env,
        NODE_ENV: "production",
        JWT_SECRET: "compiled-start-test-secret".padEnd(40, "x"),
        RBAC_SECRET_KEY: SECRET,
        LOG_LEVEL: "info",
      },
    });
    expect(server.child.spawnargs.slice(1)).toEqual(["dist/server/main.js"]);
    const ready = await server.waitForLog((l) => typeof l.readyMs === "number");
    expect(ready).toMatchObject({
      level: 30,
      models: expect.any(Number),
      msg: expect.stringMatching(/^ready in \d+ ms on port \d+$/),
    });
    expect(server.logs.some((l) => /^applied migration \d{4}_/.test(l.msg ?? ""))).toBe(true);
    // The log ends with where to go, and, on a database without an admin, the one-time setup code.
    const opened = await server.waitForLog((l) => typeof l.addresses === "object");
    expect(opened.addresses).toEqual({
      site: `${server.url}/`,
      admin: `${server.url}/admin`,
      docs: `${server.url}/api/docs`,
    });
    const setup = await server.waitForLog((l) => typeof l.setupCode === "string");
    expect(setup.msg).toContain(`open ${server.url}/admin and enter the setup code ${setup.setupCode}`);
    const open = await send(server.url, "GET", "/api/rbac/subjects/authentication/first-admin");
    expect(open.body.data).toEqual({ needed: true });

    const health = await send(server.url, "GET", "/api/health");
    expect(health.body.data).toMatchObject({ status: "ok", database: storage.dialect });
    expect((await send(server.url, "GET", "/api/openapi.json")).body.openapi).toMatch(/^3\.1/);
    const created = await send(server.url, "POST", "/api/blog/articles?publish=true", {
      headers: { "x-rbac-secret-key": SECRET },
      data: { title: { en: "Compiled", ru: "Собрано" } },
    });
    expect(created.status).toBe(201);
    // Drafts are on by default in production: a draft is not on the site, the published save is.
    const draft = await send(server.url, "POST", "/api/blog/articles", {
      headers: { "x-rbac-secret-key": SECRET },
      data: { title: { en: "Unpublished", ru: "Черновик" } },
    });
    expect(draft.body.data.publication).toMatchObject({ state: "draft" });
    expect((await fetch(`${server.url}/blog/articles/unpublished`)).status).toBe(404);
    const home = await fetch(server.url);
    expect([home.status, home.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    const article = await fetch(`${server.url}/blog/articles/compiled`);
    expect(await article.text()).toContain("Compiled");

    server.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
