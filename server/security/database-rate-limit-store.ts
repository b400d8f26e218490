import type { FastifyInstance } from "fastify";
import type { Database } from "../../engine/db/open-database.js";

/** What @fastify/rate-limit asks a store for a key: its hits in the current window and the window's ms left. */
interface Window {
  current: number;
  ttl: number;
}
type Answer = (error: Error | null, window?: Window) => void;

/** The parts of a route's limit options a store is given (@fastify/rate-limit's `child`). */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** Expired windows are deleted at most this often, by whichever instance counts a hit then. */
const PURGE_EVERY_MS = 60_000;

// One statement per hit: the row of the key is made, counted on, or started again when its window
// has ended, on the database's clock (one clock for every instance).
const HIT = `INSERT INTO "rate_limit_windows" AS w ("key", "hits", "endsAt")
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT ("key") DO UPDATE SET
    "hits" = CASE WHEN w."endsAt" <= clock_timestamp() THEN 1 ELSE w."hits" + 1 END,
    "endsAt" = CASE WHEN w."endsAt" <= clock_timestamp() THEN excluded."endsAt" ELSE w."endsAt" END
  RETURNING "hits", greatest(0, ceil(extract(epoch FROM "endsAt" - clock_timestamp()) * 1000))::int8 AS "ttl"`;
const READ = `SELECT "hits", greatest(0, ceil(extract(epoch FROM "endsAt" - clock_timestamp()) * 1000))::int8 AS "ttl"
  FROM "rate_limit_windows" WHERE "key" = $1 AND "endsAt" > clock_timestamp()`;
const PURGE = `DELETE FROM "rate_limit_windows" WHERE "endsAt" < clock_timestamp()`;

/**
 * A store for @fastify/rate-limit that counts in the database (migrations/0032_rate_limit_windows.sql),
 * so that instances sharing a PostgreSQL database share each limit: 20 sign-ins a minute are 20
 * whichever instances they reach, not 20 on each. Fixed windows only (a route asking for
 * `continueExceeding` or `exponentialBackoff` is refused at start rather than counted otherwise).
 */
export function databaseRateLimitStore(database: Database, purgeEveryMs = PURGE_EVERY_MS) {
  let purgedAt = Date.now();
  const purgeNowAndThen = () => {
    if (Date.now() - purgedAt < purgeEveryMs) return;
    purgedAt = Date.now();
    // Nobody waits for it; a failure (the database closing) leaves the rows to the next purge.
    database.run(PURGE, []).catch(() => undefined);
  };
  const windowOf = (rows: { hits: number; ttl: number }[]): Window =>
    rows[0] ? { current: rows[0].hits, ttl: Number(rows[0].ttl) } : { current: 0, ttl: 0 };

  return class DatabaseRateLimitStore {
    readonly prefix: string;
    constructor(_global?: unknown, prefix = "") {
      this.prefix = prefix;
    }
    incr(key: string, answer: Answer, timeWindow: number) {
      purgeNowAndThen();
      database.run<{ hits: number; ttl: number }>(HIT, [this.prefix + key, timeWindow]).then(
        (rows) => answer(null, windowOf(rows)),
        (error: Error) => answer(error),
      );
    }
    read(key: string, answer: Answer) {
      database.run<{ hits: number; ttl: number }>(READ, [this.prefix + key]).then(
        (rows) => answer(null, windowOf(rows)),
        (error: Error) => answer(error),
      );
    }
    /**
     * A route's own counts: its method and path before the client's key. (The plugin passes the
     * route's merged limit options, with the route as `routeInfo`, whatever its types say.)
     */
    child(options: object) {
      const route = options as RouteLimit;
      if (route.continueExceeding || route.exponentialBackoff)
        throw new Error("The database rate-limit store counts fixed windows only");
      const { method, url } = route.routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${[method ?? ""].flat().join(",")} ${url ?? ""} `);
    }
  };
}

/**
 * The rate-limit plugin's store option: the database's on a PostgreSQL server whose migrations made
 * its table, else none (the plugin counts in memory). A project with migrations of its own that
 * lack the table (migrations/0032_rate_limit_windows.sql) starts with a warning: its limits then
 * hold per instance only.
 */
export async function sharedLimitStore(app: FastifyInstance, database: Database) {
  if (database.dialect !== "postgres") return {};
  const [found] = await database.run<{ table: string | null }>(
    `SELECT to_regclass('rate_limit_windows')::text AS "table"`,
    [],
  );
  if (found?.table) return { store: databaseRateLimitStore(database) };
  app.log.warn(
    "request limits are counted per instance: the database has no rate_limit_windows table (migrations/0032_rate_limit_windows.sql)",
  );
  return {};
}
