/**
 * Errors that say the database cannot be reached right now — a restart, a failover,
 * pg_terminate_backend, a pooler's idle timeout, the server starting up or shutting down — as
 * opposed to errors about the statement. They are the database's state, not the request's fault
 * nor a bug: the server answers 503 and serves again by itself once the database is back.
 */

/** Socket failures Node reports while connecting to or talking with the server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs: class 08 (connection exception) is matched by prefix; 57P01 admin_shutdown
 * (pg_terminate_backend, a fast or smart stop), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, shutting down, in recovery), 57P05 idle_session_timeout, 53300
 * too_many_connections (a failover's connection storm).
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "57P05", "53300"]);

/** What pg and pg-pool say, with no code, of a connection that died or a pool that is gone. */
const MESSAGES = [
  /^Connection terminated/, // "…unexpectedly", "…due to connection timeout", or plain (client ended)
  /is not queryable$/, // "Client has encountered a connection error and is not queryable", "Client was closed and …"
  /^timeout exceeded when trying to connect$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** True when `error` (or what it wraps: an AggregateError's errors, a `cause`) is a lost or refused database connection. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === "string") {
    if (SOCKET_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === "string" && MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
  // Node reports a refused connection to a name with several addresses (localhost: ::1 and
  // 127.0.0.1) as an AggregateError of one error per address.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
