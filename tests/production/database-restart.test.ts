import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { expectStatus, send } from "../../scripts/lib/http-client.js";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/lib/scratch-database.js";
import { startServerProcess, type ServerProcess } from "../../scripts/lib/server-process.js";
import { SECRET } from "../helpers/test-app.js";
import { createScratchCluster, postgresBinaries, type ScratchCluster } from "./scratch-cluster.js";
import { PROCESS_TEST_TIMEOUT } from "./server-storage.js";

// A database restart must not kill the server: real server processes whose database connections
// are terminated under steady traffic (on the shared test server, only this test's own), and
// whose database (a scratch cluster of this test's own) is stopped and started again. Meanwhile
// requests get 503 DATABASE_UNAVAILABLE with the JSON error body and the process lives; afterwards
// it serves again by itself, with no restart.
const KEY = { "x-rbac-secret-key": SECRET };
const SESSION = "/api/rbac/subjects/authentication";
const AUTH = `${SESSION}/email-and-password`;
const UNAVAILABLE = {
  status: 503,
  code: "DATABASE_UNAVAILABLE",
  message: "Service Unavailable error: the database cannot be reached; try again shortly",
};
const RECONNECTED = "change notifications reconnected; cached data dropped";

const start = (env: Record<string, string>) =>
  startServerProcess({
    env: { RBAC_SECRET_KEY: SECRET, SEED_DEMO_CONTENT: "false", LOG_LEVEL: "warn", AUTH_RATE_LIMIT: "100000", ...env },
  });

async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Throws at once when the traffic saw something other than 2xx or 503 (a dead process is "no answer"). */
function healthy(tally: Tally) {
  if (tally.other.length) throw new Error(`unexpected answers: ${tally.other.slice(0, 3).join("; ")}`);
}

interface Tally {
  ok: number;
  /** Successes answered after `mark` (set when the database goes away). */
  okSinceMark: number;
  unavailable: number;
  /** Anything else: a 500, a body not in the envelope, no answer at all (the process died). */
  other: string[];
  mark?: number;
}

/** Steady, bounded traffic: a few clients, each one request after another (reads, a write, health) until stopped. */
function steadyTraffic(server: ServerProcess) {
  const tally: Tally = { ok: 0, okSinceMark: 0, unavailable: 0, other: [] };
  let stopped = false;
  let n = 0;
  const requests = [
    () => send(server.url, "GET", "/api/health"),
    () => send(server.url, "GET", "/api/ecommerce/products", { headers: KEY }),
    () =>
      send(server.url, "POST", "/api/ecommerce/products", {
        data: { slug: `restart-${process.pid}-${n++}` },
        headers: KEY,
      }),
  ];
  const client = async (first: number) => {
    for (let i = first; !stopped; i++) {
      const sentAt = performance.now();
      try {
        const answer = await requests[i % requests.length]!();
        if (answer.status < 300) {
          tally.ok++;
          if (tally.mark !== undefined && sentAt > tally.mark) tally.okSinceMark++;
        } else if (
          answer.status === 503 &&
          answer.body?.code === UNAVAILABLE.code &&
          answer.body.message === UNAVAILABLE.message &&
          typeof answer.body.requestId === "string"
        ) {
          tally.unavailable++;
          // A client backs off a little, as Retry-After asks (not the whole 5 s: the test waits for the recovery).
          await new Promise((resolve) => setTimeout(resolve, 50));
        } else tally.other.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      } catch (error) {
        tally.other.push(`no answer: ${(error as Error).message}`);
        return;
      }
    }
  };
  const done = Promise.all([0, 1, 2, 3].map(client));
  return {
    tally,
    async stop() {
      stopped = true;
      await done;
      return tally;
    },
  };
}

async function onServer<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function register(server: ServerProcess, login: string) {
  const body = await expectStatus(201, server.url, "POST", `${AUTH}/registration`, {
    data: { login, password: "restart test password" },
  });
  return body.data.jwt as string;
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  "terminating the app's connections mid-traffic (PostgreSQL server)",
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    let database: ScratchDatabase | undefined;
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      for (const server of servers) server.kill("SIGKILL");
      await Promise.all(servers.map((s) => s.exited));
      await database?.drop();
    });

    test("the process lives, requests cut short are 503, it serves again with no restart, and LISTEN hears another instance again", async () => {
      database = await createScratchDatabase(serverUrl!);
      // Each instance names its connections, so only A's are terminated (other tests share this server).
      const a = await start({ DATABASE_URL: database.url, PGAPPNAME: "sps-restart-a" });
      servers.push(a);
      const b = await start({ DATABASE_URL: database.url, PGAPPNAME: "sps-restart-b" });
      servers.push(b);
      const jwt = await register(a, "restart@example.com");
      const bearer = { authorization: `Bearer ${jwt}` };
      expect((await send(a.url, "GET", `${SESSION}/me`, { headers: bearer })).status).toBe(200);

      const traffic = steadyTraffic(a);
      await until(() => traffic.tally.ok >= 30, "traffic under way");
      const terminated = await onServer<{ pid: number }>(
        serverUrl!,
        "SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()",
        [database.name, "sps-restart-a"],
      );
      const terminatedAt = (traffic.tally.mark = performance.now());
      await until(
        () => (healthy(traffic.tally), traffic.tally.okSinceMark >= 30),
        "requests succeed again after the terminate",
      );
      const servedAgainMs = performance.now() - terminatedAt;
      const tally = await traffic.stop();

      expect(a.child.exitCode).toBe(null);
      expect(tally.other).toEqual([]);
      expect(terminated.length).toBeGreaterThan(0);
      await a.waitForLog((line) => line.msg === "database connection lost");

      // A's LISTEN is back; a sign-out on B reaches A through it (A keeps revocations in memory).
      await a.waitForLog((line) => line.msg === RECONNECTED);
      const listenBackMs = performance.now() - terminatedAt;
      expect((await send(b.url, "POST", `${SESSION}/logout`, { headers: bearer })).status).toBe(200);
      const revokedAt = performance.now();
      await until(
        async () => (await send(a.url, "GET", `${SESSION}/me`, { headers: bearer })).status === 401,
        "A hears B's sign-out",
        15_000,
      );
      console.log(
        `terminated ${terminated.length} connections of instance A under traffic: ${tally.unavailable} answers 503, ${tally.ok} 2xx; ` +
          `30 requests served again within ${Math.round(servedAgainMs)} ms, LISTEN back after ${Math.round(listenBackMs)} ms, ` +
          `B's sign-out seen by A after ${Math.round(performance.now() - revokedAt)} ms`,
      );
    });
  },
);

const bin = postgresBinaries();
// Skipped only on a machine without PostgreSQL's server binaries, and never under CI (which has them).
const noBinaries = !bin && !process.env.CI;

describe.skipIf(noBinaries)(
  `stopping and starting the database server${noBinaries ? " (skipped: no initdb/pg_ctl under /usr/lib/postgresql/*/bin; set PG_BIN)" : ""}`,
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    let cluster: ScratchCluster | undefined;
    let server: ServerProcess | undefined;
    afterAll(async () => {
      server?.kill("SIGKILL");
      await server?.exited;
      await cluster?.drop();
    });

    test("while it is down: 503 and health says so, the process lives, the queue keeps polling; once it is back the app serves by itself", async () => {
      if (!bin)
        throw new Error("CI is set but PostgreSQL's initdb/pg_ctl are not under /usr/lib/postgresql/*/bin (or PG_BIN)");
      cluster = await createScratchCluster(bin);
      await cluster.start();
      server = await start({ DATABASE_URL: cluster.url });
      const app = server;
      const jwt = await register(app, "outage@example.com");

      const traffic = steadyTraffic(app);
      await until(() => traffic.tally.ok >= 20, "traffic under way");
      const stopping = performance.now();
      await cluster.stop();
      const stoppedAt = performance.now();

      const health = await until(async () => {
        const answer = await send(app.url, "GET", "/api/health");
        return answer.status === 503 && answer;
      }, "health answers 503");
      expect(health.body).toMatchObject(UNAVAILABLE);
      expect(await send(app.url, "GET", "/api/ecommerce/products", { headers: KEY })).toMatchObject({
        status: 503,
        body: UNAVAILABLE,
      });
      // Some seconds of outage, counted by the queue's own polls failing (logged, retried; two steps
      // a poll, a poll a second): the LISTEN connection retries meanwhile too, once a second.
      const queueFailures = () => app.logs.filter((line) => line.msg === "background queue step failed").length;
      await until(() => queueFailures() >= 10, "the queue polls (and fails) during the outage");
      expect(app.child.exitCode).toBe(null);
      expect(await send(app.url, "GET", "/api/health")).toMatchObject({ status: 503, body: UNAVAILABLE });

      const starting = performance.now();
      await cluster.start();
      const startedAt = performance.now();
      traffic.tally.mark = startedAt;
      await until(
        async () => (await send(app.url, "GET", "/api/health")).status === 200,
        "health is 200 again",
        60_000,
      );
      const healthyAfterMs = performance.now() - startedAt;
      await until(() => (healthy(traffic.tally), traffic.tally.okSinceMark >= 20), "traffic served again");
      const tally = await traffic.stop();
      expect(tally.other).toEqual([]);
      expect(tally.unavailable).toBeGreaterThan(0);

      // The queue runs again: a reset mail queued now is delivered (to the outbox: no SMTP set).
      const sent = async () =>
        (
          await onServer<{ n: number }>(
            cluster!.url,
            `SELECT count(*)::int AS n FROM notification_notifications WHERE status = 'sent'`,
          )
        )[0]!.n;
      const before = await sent();
      expect(
        (await send(app.url, "POST", `${AUTH}/forgot-password`, { data: { email: "outage@example.com" } })).status,
      ).toBe(200);
      await until(async () => (await sent()) > before, "the queue delivers after the outage", 30_000);

      // LISTEN came back once, on one connection: its retries did not pile up during the outage.
      await app.waitForLog((line) => line.msg === RECONNECTED);
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // any other pending retry would have connected by now
      const listening = await onServer<{ n: number }>(
        cluster.url,
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN%'",
      );
      expect(listening[0]!.n).toBe(1);
      expect(app.logs.filter((line) => line.msg === RECONNECTED)).toHaveLength(1);
      expect(
        (await send(app.url, "GET", `${SESSION}/me`, { headers: { authorization: `Bearer ${jwt}` } })).status,
      ).toBe(200);
      expect(app.child.exitCode).toBe(null);

      console.log(
        `scratch cluster stopped in ${Math.round(stoppedAt - stopping)} ms and started in ${Math.round(startedAt - starting)} ms; ` +
          `outage ${Math.round(startedAt - stoppedAt)} ms with ${tally.unavailable} answers 503 and ${queueFailures()} failed queue polls; ` +
          `health 200 again ${Math.round(healthyAfterMs)} ms after the server was up; ${tally.ok} 2xx in all`,
      );
    });
  },
);
