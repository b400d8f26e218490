import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { mkdirSync } from "node:fs";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.js";

export interface DatabaseOptions {
  /** postgres://… uses a PostgreSQL server through pg; absent means embedded PGlite. */
  url?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to work in (created if missing); tests use one each. */
  schema?: string;
  poolSize?: number;
}

export interface Database {
  db: Kysely<any>;
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
  close(): Promise<void>;
}

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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let count = 0;
  const log = () => void count++;
  if (options.url) {
    const { schema } = options;
    if (schema) {
      const admin = new pg.Client({ connectionString: options.url });
      await admin.connect();
      // The extensions the migrations need live in public, shared by the schemas of one database:
      // made there before any schema's migration could put them in its own (and drop them with it).
      // Concurrent starts race on the catalogue; the loser finds it made.
      await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public").catch(() => {});
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, "")}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // public after the schema: its tables are the schema's, the extensions' operators public's.
      ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
      types: {
        getTypeParser: ((oid: number, format?: any) =>
          oid === DATE_OID ? keepText : oid === INT8_OID ? toNumber : pg.types.getTypeParser(oid, format)) as any,
      },
    });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), log });
    const run = async (text: string, parameters: readonly unknown[]) => {
      count++;
      return (await pool.query(text, parameters as unknown[])).rows;
    };
    const notifications = pgNotifications(options.url, pool, `sps_changes_${schema ?? "public"}`);
    return { db, dialect: "postgres", run, queryCount: () => count, notifications, close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Loaded only for the embedded database (a server start skips it). pg_trgm ships with PGlite,
  // loaded so x-search's trigram indexes work as on a server.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  const pglite = await PGlite.create(options.dataDir, { parsers: { [DATE_OID]: keepText, [INT8_OID]: toNumber }, extensions: { pg_trgm } });
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite), log });
  if (options.schema) {
    await sql.raw(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"; `).execute(db);
    await sql.raw(`SET search_path TO "${options.schema}"`).execute(db);
  }
  const run = async (text: string, parameters: readonly unknown[]) =>
    (await db.executeQuery<any>(CompiledQuery.raw(text, parameters as unknown[]))).rows;
  return { db, dialect: "pglite", run, queryCount: () => count, close: () => db.destroy() };
}

/** NOTIFY through the pool; LISTEN on a connection of its own, reconnecting after a drop. */
function pgNotifications(url: string, pool: pg.Pool, channel: string): Notifications {
  const quoted = `"${channel.replace(/"/g, "")}"`;
  return {
    async notify(payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async listen(onMessage, onGap) {
      let closed = false;
      let client: pg.Client | undefined;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => message.channel === channel && message.payload !== undefined && onMessage(message.payload));
        next.on("error", () => void next.end().catch(() => {}));
        next.on("end", () => {
          if (closed) return;
          setTimeout(() => void connect().then(onGap, () => next.emit("end")), 1000).unref();
        });
        await next.connect();
        await next.query(`LISTEN ${quoted}`);
        client = next;
      };
      await connect();
      return async () => {
        closed = true;
        await client?.end().catch(() => {});
      };
    },
  };
}
