import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "../../engine/db/connection-errors.js";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";
import { toAppError } from "../../server/plugins/errors.js";
import { createTestApp, SECRET } from "../helpers/test-app.js";

// A database that cannot be reached (restart, failover, terminated connections) is a 503 with
// the JSON error body, never a 500 and never a crash. The table runs on both databases; the
// terminations need a PostgreSQL server (tests/production/database-restart.test.ts does the
// same with real server processes and a scratch cluster stopped and started).
const UNAVAILABLE = {
  status: 503,
  error: "Service Unavailable error: the database cannot be reached; try again shortly",
  code: "DATABASE_UNAVAILABLE",
};

const coded = (code: string, message = `failure ${code}`) => Object.assign(new Error(message), { code });

/** A real refused connection: a port that was just listening on 127.0.0.1 and is closed. */
async function refusedConnectionError(): Promise<Error> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  const client = new pg.Client({ host: "127.0.0.1", port, user: "nobody", database: "none" });
  return client.connect().then(
    () => Promise.reject(new Error("connected to a closed port")),
    (error: Error) => error,
  );
}

describe("connection errors are 503 DATABASE_UNAVAILABLE", () => {
  const unavailable: [string, unknown][] = [
    ["ECONNREFUSED", coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["ECONNRESET", coded("ECONNRESET", "read ECONNRESET")],
    ["EPIPE", coded("EPIPE", "write EPIPE")],
    ["57P01 admin_shutdown", coded("57P01", "terminating connection due to administrator command")],
    ["57P02 crash_shutdown", coded("57P02")],
    ["57P03 cannot_connect_now", coded("57P03", "the database system is starting up")],
    ["08006 connection_failure", coded("08006")],
    ["08001 sqlclient_unable_to_establish_sqlconnection", coded("08001")],
    ["08P01 protocol_violation", coded("08P01")],
    ["pg: Connection terminated unexpectedly", new Error("Connection terminated unexpectedly")],
    ["pg: not queryable", new Error("Client has encountered a connection error and is not queryable")],
    ["pg-pool: ended", new Error("Cannot use a pool after calling end on the pool")],
    [
      "AggregateError of refused addresses",
      Object.assign(new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")], ""), {}),
    ],
    ["wrapped as a cause", new Error("loading the page failed", { cause: coded("57P01") })],
  ];
  const others: [string, unknown][] = [
    ["23505 unique", coded("23505", "duplicate key value violates unique constraint")],
    ["22P02 bad text", coded("22P02")],
    ["42601 syntax", coded("42601")],
    ["40001 serialization", coded("40001")],
    ["a plain error", new Error("boom")],
    ["a message mentioning connections", new Error("connection limit of the provider reached")],
    ["not an error", "ECONNREFUSED"],
  ];

  test.each(unavailable)("%s → 503", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const mapped = toAppError(error, true);
    expect({ status: mapped.status, error: mapped.message, code: mapped.code }).toEqual(UNAVAILABLE);
  });

  test.each(others)("%s → not DATABASE_UNAVAILABLE", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toAppError(error, true).code).not.toBe("DATABASE_UNAVAILABLE");
  });

  test("a real refused connection, thrown in a route, answers 503 with the envelope and Retry-After", async () => {
    const refused = await refusedConnectionError();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const app = await createTestApp();
    try {
      app.app.get("/api/test-only/refused", async () => {
        throw refused;
      });
      const response = await app.app.inject({
        method: "GET",
        url: "/api/test-only/refused",
        headers: { "x-rbac-secret-key": SECRET },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      const body = response.json();
      expect(body).toMatchObject({ ...UNAVAILABLE, message: UNAVAILABLE.error, cause: [] });
      expect(typeof body.requestId).toBe("string");
    } finally {
      await app.close();
    }
  });
});

// ---- PostgreSQL server: the app's own connections terminated under it ----

const serverUrl = process.env.TEST_DATABASE_URL;

/** Terminates every backend of `applicationName` (this app's pool and LISTEN), none of the other tests'. */
async function terminate(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()",
      [applicationName],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!serverUrl)("terminated connections on a PostgreSQL server (in process)", () => {
  const applicationName = `sps-test-${randomUUID().slice(0, 8)}`;
  const schema = `test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  let database: Database;
  let app: FastifyInstance;
  const logs: { msg: string; connection?: string }[] = [];
  let holdRelease: () => void = () => {};

  beforeAll(async () => {
    database = await openDatabase({ url: serverUrl, schema, poolSize: 4, applicationName });
    const config = { ...configFromEnv({}), rbacSecretKey: SECRET, logLevel: "warn", seedDemoContent: false };
    config.notifications = { ...config.notifications, pollMs: 0 };
    app = await composeApp(config, {
      database,
      logStream: { write: (line: string) => void logs.push(JSON.parse(line)) },
    });
    // A request whose query is running when its connection is terminated.
    app.get("/api/test-only/slow", async () => {
      await sql`SELECT pg_sleep(30)`.execute(app.database.db);
      return { data: "slept" };
    });
    await app.ready();
  });
  afterAll(async () => {
    holdRelease();
    await app?.close();
    if (database) {
      const cleanup = await openDatabase({ url: serverUrl, poolSize: 1 });
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(cleanup.db);
      await cleanup.close();
      await database.close().catch(() => {});
    }
  });

  test("idle, mid-transaction and mid-query connections terminated: the process lives, the request in flight is a 503, the next ones are served", async () => {
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    // A transaction holding its connection between two statements (Kysely keeps it checked out).
    let held!: () => void;
    const hold = new Promise<void>((resolve) => (held = holdRelease = resolve));
    let began!: () => void;
    const inTransaction = new Promise<void>((resolve) => (began = resolve));
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      began();
      await hold;
      await sql`SELECT 2`.execute(trx);
    });
    const transactionOutcome = transaction.then(
      () => undefined,
      (error: unknown) => error,
    );
    await inTransaction;
    const slow = app.inject({ method: "GET", url: "/api/test-only/slow", headers: { "x-rbac-secret-key": SECRET } });
    await until(async () => (await countActive(applicationName, "SELECT pg_sleep")) > 0, "the slow query runs");

    const terminated = await terminate(applicationName);
    held();

    const answer = await slow;
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject(UNAVAILABLE);
    expect(isDatabaseUnavailable(await transactionOutcome)).toBe(true);
    // Served again with no restart: the pool drops each terminated client when its socket reports
    // the end, which may come a moment after the terminate; until then a request that drew such a
    // client is a 503 with the envelope (never another failure), and then it is served.
    const meanwhile: number[] = [];
    await until(async () => {
      const health = await app.inject({ method: "GET", url: "/api/health" });
      if (health.statusCode !== 200) {
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject(UNAVAILABLE);
        meanwhile.push(health.statusCode);
      }
      return health.statusCode === 200;
    }, "health answers 200 again after the terminate");
    await until(async () => {
      const created = await app.inject({
        method: "POST",
        url: "/api/ecommerce/products",
        headers: { "x-rbac-secret-key": SECRET },
        payload: { data: { slug: "after-terminate" } },
      });
      if (created.statusCode !== 201) expect(created.json()).toMatchObject(UNAVAILABLE);
      return created.statusCode === 201;
    }, "a write is served again after the terminate");
    await until(
      () => logs.some((l) => l.msg === "database connection lost" && l.connection === "pool"),
      "the lost connection is logged",
    );
    console.log(
      `terminated ${terminated} connections of ${applicationName}; ${logs.filter((l) => l.msg === "database connection lost").length} logged as lost; ${meanwhile.length} health checks answered 503 before the pool had dropped them`,
    );
  });

  test("LISTEN reconnects after its connection is terminated and hears another instance again", async () => {
    const other = await openDatabase({
      url: serverUrl,
      schema,
      poolSize: 1,
      applicationName: `${applicationName}-other`,
    });
    try {
      let gaps = 0;
      const heard: string[] = [];
      const stop = await database.notifications!.listen(
        (payload) => heard.push(payload),
        () => gaps++,
      );
      await terminate(applicationName);
      await until(() => gaps > 0, "LISTEN reconnects (onGap)");
      await until(async () => {
        await other.notifications!.notify(`after-${gaps}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return heard.length > 0;
      }, "a NOTIFY from another connection is heard");
      // One LISTEN connection per listener, not one per retry: this one and the app's own.
      await until(
        async () => (await countActive(applicationName, "LISTEN")) === 2,
        "both listeners back on one connection each",
      );
      await stop();
    } finally {
      await other.close();
    }
  });
});

async function countActive(applicationName: string, queryPrefix: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query LIKE $2",
      [applicationName, `${queryPrefix}%`],
    );
    return rows[0].n;
  } finally {
    await admin.end();
  }
}
