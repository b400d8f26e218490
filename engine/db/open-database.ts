import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { mkdirSync } from "node:fs";
import pg from "pg";
import type { DynamicTables } from "../query/any-model-db.js";
import { CountingDialect } from "./counting-dialect.js";
import { PGliteDialect } from "./pglite-dialect.js";
import { ReadReplicas } from "./read-replicas.js";
import { DEFAULT_REPLICA_MAX_LAG_MS } from "./replica-reads.js";
import { routedRun, routingPool } from "./replica-routing.js";

const REPLICA_CONNECT_TIMEOUT_MS = 2000;

export interface DatabaseOptions {
  /** postgres://… uses a PostgreSQL server through pg; absent means embedded PGlite. */
  url?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to work in (created if missing); tests use one each. */
  schema?: string;
  poolSize?: number;
  /**
   * The server's application_name of every connection (pg_stat_activity), unless the URL or
   * PGAPPNAME names one: operators (and tests) tell the app's connections from others' by it.
   */
  applicationName?: string;
  /**
   * PostgreSQL server only (default true): run each statement text as a named prepared statement.
   * Off for a transaction-mode pooler that cannot keep them (PgBouncer before 1.21, or without
   * max_prepared_statements): a connection handed to another client would lack the name.
   */
  namedStatements?: boolean;
  /**
   * PostgreSQL server only: read replicas (streaming standbys of `url`) that may answer visitors'
   * reads (replica-reads.ts), each with a pool of `poolSize` connections.
   */
  readUrls?: readonly string[];
  /** A replica lagging more than this many ms behind is skipped (2000 unless given). */
  replicaMaxLagMs?: number;
  /**
   * PGlite only: start from this data folder, as `dumpDataDir` wrote it, instead of an empty one.
   * A new in-memory PGlite otherwise runs initdb (seconds); tests start from a migrated image.
   */
  image?: Blob;
}

export interface Database {
  db: Kysely<DynamicTables>;
  dialect: "pglite" | "postgres";
  /**
   * Runs one compiled statement outside any transaction. On pg it goes straight to the pool
   * (no query-builder layers on the hot path); PGlite's single connection is shared, so there it
   * waits its turn in Kysely's queue rather than landing inside someone's transaction.
   */
  run<R = Record<string, unknown>>(sql: string, parameters: readonly unknown[]): Promise<R[]>;
  /** Number of statements sent since start, for query-count checks. */
  queryCount(): number;
  /** PostgreSQL server only: LISTEN/NOTIFY on a channel of this schema, so instances can tell each other. */
  notifications?: Notifications;
  /**
   * PostgreSQL server only: `listener` hears of each connection the server dropped (restart,
   * failover, pg_terminate_backend, a pooler's timeout). Nothing needs doing: the pool opens new
   * connections on demand and LISTEN reconnects; this is for the log.
   */
  onConnectionLost?(listener: ConnectionLostListener): () => void;
  /** PostgreSQL server with `readUrls` only: the replicas and their state. */
  replicas?: ReadReplicas;
  /** PGlite only: the whole data folder as a tar, for `image` (a copy of this database in its present state). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type ConnectionLostListener = (error: Error, connection: "pool" | "listen" | "replica") => void;

export interface Notifications {
  notify(payload: string): Promise<void>;
  /** Calls `onMessage` for each payload; `onGap` when the connection dropped (messages may be lost) and came back. */
  listen(onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
}

const DATE_OID = 1082;
const INT8_OID = 20;
// `date` stays the "YYYY-MM-DD" text it is in the schema, not a Date at local midnight;
// counts (int8) come back as numbers.
const keepText = (value: string) => value;
const toNumber = (value: string) => Number(value);

export const DEFAULT_APPLICATION_NAME = "sps-platform";

/** Statement texts run by name (prepared once per connection); texts past this many run unnamed. */
const NAMED_STATEMENTS_MAX = 5000;

/**
 * A single statement that reads or writes rows and names every column it answers: a text
 * prepared once per connection stays right whatever migrations add later (a `*` would change
 * its row type under a prepared statement, which PostgreSQL then refuses to run).
 */
const PREPARABLE = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;
const STAR_COLUMNS = /\*\s*(,|from\b|$)/i;
export const preparable = (text: string) => PREPARABLE.test(text) && !text.includes(";") && !STAR_COLUMNS.test(text);

/**
 * Kysely's statements (module code's queries and transactions: a checkout's price look-up, a
 * cart's line look-up) go out as `query(text, values)`: those that are preparable run by name
 * too, like the repositories' own, so PostgreSQL plans the price look-up's eight joins once per
 * connection instead of on every checkout (2.7 ms of planning against 0.3 of running).
 */
function nameModuleStatements(client: pg.PoolClient, nameOf: (text: string) => string | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (first: unknown, values?: unknown, callback?: unknown) => {
    if (typeof first === "string" && Array.isArray(values) && callback === undefined && preparable(first)) {
      const name = nameOf(first);
      if (name) {
        return new Promise((resolve, reject) => {
          const statement = namedStatement(name, first, values);
          statement.callback = (error, result) => (error ? reject(error) : resolve(result));
          query(statement);
        });
      }
    }
    return callback === undefined
      ? values === undefined
        ? query(first)
        : query(first, values)
      : query(first, values, callback);
  };
}

/** pg.Pool's query given a Query object and a callback: pg's types know only its promise form. */
type QueryWithCallback = (
  query: pg.Query,
  values: undefined,
  callback: (error: Error | undefined, result: pg.QueryResult) => void,
) => void;

/**
 * A statement run by name, as a pg Query rather than a `{ name, text, values }` config: pg copies
 * a config object through its property descriptors on every query (a few µs each, bench:crud's
 * profile), and runs a Query as given. Without a callback, the pool sets its own and answers a
 * promise (the client goes back to the pool when the statement is done).
 */
function namedStatement(
  name: string | undefined,
  text: string,
  values: unknown[],
): pg.Query & { callback?: (error: Error | null, result: pg.QueryResult) => void } {
  const statement = new pg.Query(text, values) as pg.Query & { name?: string };
  if (name) statement.name = name;
  return statement;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let count = 0;
  const counted = () => void count++;
  if (options.url) {
    const { schema } = options;
    const fallback_application_name = options.applicationName ?? DEFAULT_APPLICATION_NAME;
    if (schema) {
      const admin = new pg.Client({ connectionString: options.url, fallback_application_name });
      await admin.connect();
      // The extensions the migrations need live in public, shared by the schemas of one database:
      // made there before any schema's migration could put them in its own (and drop them with it).
      // Concurrent starts race on the catalogue; the loser finds it made.
      await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public").catch(() => {});
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, "")}"`);
      await admin.end();
    }
    const lost = new Set<ConnectionLostListener>();
    const report: ConnectionLostListener = (error, connection) => {
      for (const listener of lost) listener(error, connection);
    };
    // Each statement text gets a name, so each connection parses and plans it once and then
    // only binds values (a generic plan after PostgreSQL's first five runs): the repository's
    // texts are built once per query shape (statement-cache.ts), a bounded set. An EXPLAIN runs
    // unnamed: the count estimate wants the planner's figure for these very values.
    const names = new Map<string, string>();
    const named = options.namedStatements ?? true;
    const nameOf = (text: string) => {
      if (!named || text.startsWith("EXPLAIN")) return undefined;
      let name = names.get(text);
      if (name === undefined && names.size < NAMED_STATEMENTS_MAX) names.set(text, (name = `sps_${names.size + 1}`));
      return name;
    };
    const makePool = (connectionString: string, kind: "pool" | "replica") => {
      const pool = new pg.Pool({
        connectionString,
        fallback_application_name,
        max: options.poolSize ?? 10,
        // A replica that stops answering is skipped after this, rather than after TCP's minutes.
        ...(kind === "replica" ? { connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS } : {}),
        // public after the schema: its tables are the schema's, the extensions' operators public's.
        ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
        types: {
          getTypeParser: ((oid: number, format?: any) =>
            oid === DATE_OID ? keepText : oid === INT8_OID ? toNumber : pg.types.getTypeParser(oid, format)) as any,
        },
      });
      // A connection the server drops emits `error` on its client, idle in the pool or checked out
      // (by Kysely, between a transaction's statements): an EventEmitter `error` nobody hears is
      // thrown, and took the whole process down. Every client gets a listener for its whole life;
      // the pool then discards it (idle: at once; checked out: on release, as not queryable) and
      // opens a new one when next asked. The pool's own `error` (its idle listener passing the
      // client's on) is the same event, already heard.
      pool.on("connect", (client) => {
        client.on("error", (error) => report(error, kind));
        nameModuleStatements(client, nameOf);
      });
      pool.on("error", () => {});
      return pool;
    };
    // One promise per statement: pool.query given a callback makes none of its own (without one it
    // makes a promise and two handlers), and an async function would add its own and an await's.
    // Each costs a request more where the audit log's request context (AsyncLocalStorage) is on.
    const runOn = (pool: pg.Pool) => {
      const send = pool.query.bind(pool) as unknown as QueryWithCallback;
      return (text: string, parameters: readonly unknown[]): Promise<any[]> => {
        count++;
        return new Promise((resolve, reject) => {
          send(namedStatement(nameOf(text), text, parameters as unknown[]), undefined, (error, result) =>
            error ? reject(error) : resolve(result.rows),
          );
        });
      };
    };
    const pool = makePool(options.url, "pool");
    const replicas = options.readUrls?.length
      ? new ReadReplicas(options.readUrls, pool, options.replicaMaxLagMs ?? DEFAULT_REPLICA_MAX_LAG_MS, (url) =>
          makePool(url, "replica"),
        )
      : undefined;
    await replicas?.start();
    const db = new Kysely<DynamicTables>({
      dialect: new CountingDialect(
        new PostgresDialect({ pool: replicas ? routingPool(pool, replicas) : pool }),
        counted,
      ),
    });
    const replicaRuns = new WeakMap<pg.Pool, ReturnType<typeof runOn>>();
    const replicaRun = (replicaPool: pg.Pool) =>
      replicaRuns.get(replicaPool) ?? replicaRuns.set(replicaPool, runOn(replicaPool)).get(replicaPool)!;
    const run = replicas ? routedRun(runOn(pool), (replica) => replicaRun(replica.pool), replicas) : runOn(pool);
    const notifications = pgNotifications(
      { connectionString: options.url, fallback_application_name },
      pool,
      `sps_changes_${schema ?? "public"}`,
      report,
    );
    return {
      db,
      dialect: "postgres",
      run,
      queryCount: () => count,
      notifications,
      ...(replicas ? { replicas } : {}),
      onConnectionLost: (listener) => (lost.add(listener), () => void lost.delete(listener)),
      close: () => db.destroy(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Loaded only for the embedded database (a server start skips it). pg_trgm ships with PGlite,
  // loaded so x-search's trigram indexes work as on a server.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const pglite = await PGlite.create(options.dataDir, {
    parsers: { [DATE_OID]: keepText, [INT8_OID]: toNumber },
    extensions: { pg_trgm },
    ...(options.image ? { loadDataDir: options.image } : {}),
  });
  const db = new Kysely<DynamicTables>({ dialect: new CountingDialect(new PGliteDialect(pglite), counted) });
  if (options.schema) {
    // Raw: DDL and a session setting, which the query builder does not say.
    await sql.raw(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"; `).execute(db);
    await sql.raw(`SET search_path TO "${options.schema}"`).execute(db);
  }
  const run = async (text: string, parameters: readonly unknown[]) =>
    (await db.executeQuery<any>(CompiledQuery.raw(text, parameters as unknown[]))).rows;
  return {
    db,
    dialect: "pglite",
    run,
    queryCount: () => count,
    dumpDataDir: () => pglite.dumpDataDir("none"),
    close: () => db.destroy(),
  };
}

/** How long LISTEN waits before connecting again after a drop or a failed attempt. */
const LISTEN_RETRY_MS = 1000;

/**
 * NOTIFY through the pool; LISTEN on a connection of its own, reconnecting after a drop: one
 * attempt at a time, every LISTEN_RETRY_MS, until the server is back (however long it is away).
 */
function pgNotifications(
  connection: pg.ClientConfig,
  pool: pg.Pool,
  channel: string,
  report: ConnectionLostListener,
): Notifications {
  const quoted = `"${channel.replace(/"/g, "")}"`;
  return {
    async notify(payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async listen(onMessage, onGap) {
      let closed = false;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const open = async () => {
        const next = new pg.Client(connection);
        next.on(
          "notification",
          (message) => message.channel === channel && message.payload !== undefined && onMessage(message.payload),
        );
        // `error` then `end` on a drop; only the live client's drop starts a reconnect (a client
        // whose connect failed also ends, and must not start a second loop beside this one).
        next.on("error", (error) => next === client && dropped(error));
        next.on("end", () => next === client && dropped(new Error("Connection terminated unexpectedly")));
        try {
          await next.connect();
          await next.query(`LISTEN ${quoted}`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        return next;
      };
      const dropped = (error: Error) => {
        const gone = client;
        client = undefined;
        void gone?.end().catch(() => {});
        if (closed) return;
        report(error, "listen");
        reconnect();
      };
      const reconnect = () => {
        if (closed || retry) return;
        retry = setTimeout(() => {
          void open().then(
            async (next) => {
              retry = undefined;
              if (closed) return void (await next.end().catch(() => {}));
              client = next;
              // Messages sent while it was away are lost: the listener drops what they would have.
              onGap();
            },
            () => {
              retry = undefined;
              reconnect();
            },
          );
        }, LISTEN_RETRY_MS);
        retry.unref();
      };
      client = await open();
      return async () => {
        closed = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
  };
}
