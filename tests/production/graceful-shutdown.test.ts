import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "../../scripts/lib/server-process.js";
import { SECRET, createTestApp } from "../helpers/test-app.js";
import { serverStorage, type ServerStorage } from "./server-storage.js";

// SIGTERM on a real server process (the way an orchestrator stops it) while bulk creates are
// being written: each is answered 201 and committed, /api/health says 503 meanwhile, new
// connections are refused once the listener closes, and the process exits 0. The writes are real
// ones, slow enough to be caught in flight: 1000 products each, 0.1 to 0.6 s.
const BATCHES = 4;
const ITEMS = 1000;

let storage: ServerStorage;
beforeAll(async () => {
  storage = await serverStorage();
});
afterAll(async () => {
  await storage?.drop();
});

const bulk = (server: ServerProcess, tag: string, batch: number) =>
  fetch(`${server.url}/api/ecommerce/products/bulk`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-rbac-secret-key": SECRET },
    body: JSON.stringify({
      data: Array.from({ length: ITEMS }, (_, i) => ({
        slug: `${tag}-${batch}-${i}`,
        title: { en: `Product ${batch}.${i}`, ru: `Товар ${batch}.${i}` },
        shortDescription: { en: "A product written while the server was asked to stop. ".repeat(5) },
      })),
    }),
  });

async function start(delaySeconds: number) {
  return startServerProcess({
    env: { ...storage.env, RBAC_SECRET_KEY: SECRET, SEED_DEMO_CONTENT: "false", LOG_LEVEL: "info", SHUTDOWN_DELAY_SECONDS: String(delaySeconds) },
  });
}

/**
 * Sends `count` bulk creates and resolves once the server has logged the first of them arriving:
 * that one is in flight when the test sends SIGTERM right after. (The server reads one body at
 * a time, so the others may still wait in the listener's queue.)
 */
async function writesInFlight(server: ServerProcess, tag: string, count: number) {
  const answers = Array.from({ length: count }, (_, batch) => bulk(server, tag, batch));
  await server.waitForLog((l) => l.msg === "incoming request" && l.req?.url === "/api/ecommerce/products/bulk");
  return answers;
}

async function rowsTagged(tag: string) {
  const database = await storage.open();
  try {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ecommerce_products WHERE slug LIKE ${`${tag}-%`}`.execute(database.db);
    return rows[0]!.n;
  } finally {
    await database.close();
  }
}

async function expectAllCreated(answers: Promise<Response>[]) {
  for (const response of await Promise.all(answers)) {
    expect(response.status).toBe(201);
    expect((await response.json()).data).toHaveLength(ITEMS);
  }
}

describe(`SIGTERM during slow writes (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "PGlite in DATA_DIR"})`, () => {
  test("with SHUTDOWN_DELAY_SECONDS: /api/health answers 503 while the writes finish, then all are committed and it exits 0", async () => {
    const server = await start(2);
    const answers = await writesInFlight(server, "delayed", BATCHES);
    server.kill("SIGTERM");
    const draining = await server.waitForLog((l) => /^SIGTERM: shutting down/.test(l.msg ?? ""));
    expect(draining.inFlight).toBeGreaterThan(0);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", message: "Service Unavailable error: the server is shutting down" });

    await expectAllCreated(answers);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.logs.some((l) => /^stopped in \d+ ms/.test(l.msg ?? ""))).toBe(true);
    expect(await rowsTagged("delayed")).toBe(BATCHES * ITEMS);
  });

  test("without a delay: new connections are refused at once, the writes in flight still finish and are committed", async () => {
    const server = await start(0);
    // One write: a second might still be waiting in the listener's queue, and closing a listener
    // resets the connections it has not accepted yet (what SHUTDOWN_DELAY_SECONDS is for).
    const answers = await writesInFlight(server, "at-once", 1);
    server.kill("SIGTERM");
    const draining = await server.waitForLog((l) => /^SIGTERM: shutting down/.test(l.msg ?? ""));
    expect(draining.inFlight).toBeGreaterThan(0);
    // The listener closes right after that line; a new connection meets a closed port.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    await expectAllCreated(answers);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await rowsTagged("at-once")).toBe(ITEMS);
  });
});

describe("the draining states, in process", () => {
  test("draining: health answers 503 and other routes still work; closing: every new request gets a 503 and Connection: close", async () => {
    const app = await createTestApp();
    try {
      expect((await app.request({ method: "GET", url: "/api/health" })).status).toBe(200);
      app.app.lifecycle.draining = true;
      const health = await app.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.headers.connection).toBe("close");
      expect(health.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "Service Unavailable error: the server is shutting down" });
      expect((await app.request({ method: "GET", url: "/api/ecommerce/products" })).status).toBe(200);

      app.app.lifecycle.closing = true;
      const refused = await app.app.inject({ method: "GET", url: "/api/ecommerce/products" });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers.connection).toBe("close");
      expect(refused.json()).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", message: "Service Unavailable error: the server is shutting down; try again" });
      expect(app.app.lifecycle.inFlight).toBe(0);
    } finally {
      await app.close();
    }
  });
});
