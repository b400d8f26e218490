import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeApp } from "../../app/compose-app.js";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { PROBE_EVERY_MS } from "../../engine/db/read-replicas.js";
import { readForVisitor } from "../../engine/db/replica-reads.js";
import { configFromEnv } from "../../server/config.js";
import { WROTE_COOKIE } from "../../server/plugins/replica-reads.js";
import { serverUrl } from "../helpers/instances.js";
import { tcpRelay, type TcpRelay } from "../helpers/tcp-relay.js";
import { SECRET } from "../helpers/test-app.js";

/**
 * A real streaming replica of the run's PostgreSQL server (`.ci/start-replica` makes one on
 * 127.0.0.1:5433 with pg_basebackup; TEST_REPLICA_URL names it), reached through a TCP relay so a
 * test can take it away. The app reads visitors' pages, lists, search and sitemap there, and
 * everything else on the primary.
 */
const replicaUrl = process.env.TEST_REPLICA_URL;
if (serverUrl && !replicaUrl && process.env.CI) throw new Error("CI runs the replica tests: set TEST_REPLICA_URL");

const MAX_LAG_MS = 400;
const KEY = { "x-rbac-secret-key": SECRET };

describe.skipIf(!serverUrl || !replicaUrl)("read replicas (DATABASE_READ_URLS)", () => {
  const schema = `test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  let relay: TcpRelay;
  let database: Database;
  let app: FastifyInstance;
  /** A session on the replica itself, to pause and resume its replay. */
  let standby: pg.Client;

  beforeAll(async () => {
    const replica = new URL(replicaUrl!);
    relay = await tcpRelay({ host: replica.hostname, port: Number(replica.port) });
    replica.host = `127.0.0.1:${relay.port}`;
    database = await openDatabase({
      url: serverUrl,
      schema,
      poolSize: 4,
      readUrls: [replica.toString()],
      replicaMaxLagMs: MAX_LAG_MS,
    });
    const config = {
      ...configFromEnv({}),
      rbacSecretKey: SECRET,
      logLevel: "silent" as const,
      seedDemoContent: false,
      drafts: false,
    };
    app = await composeApp(config, { database, logger: false });
    await app.ready();
    standby = new pg.Client({ connectionString: replicaUrl });
    await standby.connect();
  }, 60_000);

  afterAll(async () => {
    await standby?.query("SELECT pg_wal_replay_resume()").catch(() => {});
    await standby?.end();
    await app?.close();
    if (database) {
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
      await database.close();
    }
    await relay?.close();
  });

  const replicaReads = () => database.replicas!.members[0]!.reads;
  const request = (options: InjectOptions) => app.inject(options);
  /** The reads `work` sent to the replica. */
  const readsOnReplica = async (work: () => Promise<unknown>) => {
    const before = replicaReads();
    await work();
    return replicaReads() - before;
  };
  /** Waits (up to 10 s) until the replica may answer again: up, in time, and holding every change heard of. */
  const replicaServing = async () => {
    for (let i = 0; i < 100; i++) {
      if (database.replicas!.pick()) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };
  const create = async (url: string, data: object) => {
    const answer = await request({ method: "POST", url, headers: KEY, payload: { data } });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as { id: string };
  };

  it("answers an anonymous visitor's page, list, record, search and sitemap from the replica", async () => {
    const article = await create("/api/blog/articles", { slug: "otters", title: { en: "Otter notes" } });
    await create("/api/host/pages", { url: "/about", title: { en: "About the otters" } });
    expect(await replicaServing()).toBe(true);
    const visits: [string, string, (body: string) => boolean][] = [
      ["a site page", "/about", (body) => body.includes("About the otters")],
      ["a public list", "/api/blog/articles", (body) => body.includes("Otter notes")],
      ["a record", `/api/blog/articles/${article.id}`, (body) => body.includes("otters")],
      ["search", "/api/search?q=otter", (body) => body.includes("Otter notes")],
      ["the sitemap", "/sitemap.xml", (body) => body.includes("/about")],
    ];
    for (const [what, url, shows] of visits) {
      let answer: Awaited<ReturnType<typeof request>> | undefined;
      const reads = await readsOnReplica(async () => (answer = await request({ method: "GET", url })));
      expect(answer!.statusCode, `${what}: ${answer!.body.slice(0, 300)}`).toBe(200);
      expect(shows(answer!.body), what).toBe(true);
      expect(reads, `${what} read on the replica`).toBeGreaterThan(0);
    }
  });

  it("reads the primary for the signed-in, the secret key, a write, a transaction and a browser that just wrote", async () => {
    expect(await replicaServing()).toBe(true);
    const cases: [string, InjectOptions][] = [
      [
        "a caller with a bearer token",
        { method: "GET", url: "/api/blog/articles", headers: { authorization: "Bearer x" } },
      ],
      ["the secret key", { method: "GET", url: "/api/blog/articles", headers: KEY }],
      ["a write", { method: "POST", url: "/api/blog/articles", headers: KEY, payload: { data: { slug: "seals" } } }],
      ["a browser that wrote", { method: "GET", url: "/api/blog/articles", headers: { cookie: `${WROTE_COOKIE}=1` } }],
    ];
    for (const [who, options] of cases) {
      expect(await replicaServing()).toBe(true);
      expect(await readsOnReplica(() => request(options)), who).toBe(0);
    }
    // A transaction is the primary's even inside a visitor's request: it may write.
    expect(
      await readsOnReplica(() =>
        readForVisitor(() =>
          database.db.transaction().execute((trx) => sql`SELECT count(*) FROM blog_articles`.execute(trx)),
        ),
      ),
    ).toBe(0);
    // Outside a transaction the same read is the replica's.
    expect(await readsOnReplica(() => readForVisitor(() => sql`SELECT 1 AS one`.execute(database.db)))).toBe(1);
  });

  it("tells a browser that wrote to read the primary for the next seconds", async () => {
    const answer = await request({
      method: "POST",
      url: "/api/blog/articles",
      headers: KEY,
      payload: { data: { slug: "walrus" } },
    });
    expect(answer.statusCode).toBe(201);
    const cookie = [answer.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${WROTE_COOKIE}=`));
    expect(cookie).toMatch(/Max-Age=5/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it("reads what an editor just published, at once, while the replica has not replayed it", async () => {
    expect(await replicaServing()).toBe(true);
    const page = await create("/api/host/pages", { url: "/news", title: { en: "First news" } });
    expect(await replicaServing()).toBe(true);
    expect((await request({ method: "GET", url: "/news" })).body).toContain("First news");
    await standby.query("SELECT pg_wal_replay_pause()");
    try {
      const changed = await request({
        method: "PATCH",
        url: `/api/host/pages/${page.id}`,
        headers: KEY,
        payload: { data: { title: { en: "Second news" } } },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      // The cached page was dropped, and rendered again from the primary: the replica lacks the change.
      const reads = await readsOnReplica(async () =>
        expect((await request({ method: "GET", url: "/news" })).body).toContain("Second news"),
      );
      expect(reads).toBe(0);
    } finally {
      await standby.query("SELECT pg_wal_replay_resume()");
    }
    expect(await replicaServing()).toBe(true);
  });

  it("skips a replica lagging more than REPLICA_MAX_LAG_MS, and uses it again once it caught up", async () => {
    expect(await replicaServing()).toBe(true);
    await standby.query("SELECT pg_wal_replay_pause()");
    try {
      // A write the app does not hear of (another program's): only the lag can tell.
      const writer = new pg.Client({ connectionString: serverUrl });
      await writer.connect();
      await writer.query(`UPDATE "${schema}".blog_articles SET "slug" = "slug" WHERE "slug" = 'otters'`);
      await writer.end();
      await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS + 600));
      expect(database.replicas!.status()[0]!.lagMs).toBeGreaterThan(MAX_LAG_MS);
      expect(await readsOnReplica(() => request({ method: "GET", url: "/api/blog/articles" }))).toBe(0);
    } finally {
      await standby.query("SELECT pg_wal_replay_resume()");
    }
    expect(await replicaServing()).toBe(true);
    expect(await readsOnReplica(() => request({ method: "GET", url: "/api/blog/articles" }))).toBeGreaterThan(0);
  });

  it("answers from the primary when the replica goes away, and from the replica again when it is back", async () => {
    expect(await replicaServing()).toBe(true);
    const told: string[] = [];
    const unheard = database.replicas!.onStateChange((_, up) => told.push(up ? "back" : "away"));
    await relay.cut();
    try {
      for (const url of ["/api/blog/articles", "/about", "/api/search?q=otter"]) {
        const answer = await request({ method: "GET", url });
        expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(200);
      }
      expect(database.replicas!.status()[0]!.up).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 3 * PROBE_EVERY_MS));
    } finally {
      await relay.mend();
    }
    expect(await replicaServing()).toBe(true);
    expect(await readsOnReplica(() => request({ method: "GET", url: "/api/blog/articles" }))).toBeGreaterThan(0);
    // Told once each way (the log's two lines), however many reads and probes failed or passed meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 3 * PROBE_EVERY_MS));
    unheard();
    expect(told).toEqual(["away", "back"]);
  });
});
