import { sql, type QueryExecutorProvider } from "kysely";
import type { Database } from "../db/open-database.js";

// Any fixed number, other than the migrator's: the first half of a two-part advisory lock key whose
// second half is the schema's, so instances of one site wait for each other and no one else's.
const START_LOCK_CLASS = 731_520;
// Raw: advisory locks are functions the query builder has no words for.
const KEY = sql`${sql.lit(START_LOCK_CLASS)}, hashtext(current_schema())`;

/** The databases whose start lock this process holds (a turn taken inside it must not wait for it). */
const holding = new WeakSet<Database>();

/** Lets the other instances go on; resolves once the lock is given back. Safe to call more than once. */
export type ReleaseStartLock = () => Promise<void>;

/**
 * Waits until no other instance of this site is starting, then holds that until released: what an
 * instance writes at start (the default roles, the admin from settings, the demo content) is
 * written by the first, and the others find it there instead of writing it again and failing on
 * a unique key. A transaction-level advisory lock in a transaction of its own, left open (it writes
 * nothing) until released: the lock ends with the transaction, also when a process dies holding
 * it, and a pooler in transaction mode keeps the transaction on one server connection. PGlite is
 * one process with one instance: nothing to wait for.
 */
export async function holdStartLock(database: Database): Promise<ReleaseStartLock> {
  if (database.dialect !== "postgres") return async () => {};
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: (value: undefined | Error) => void;
  const locked = new Promise<undefined | Error>((resolve) => (taken = resolve));
  const held = database.db
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${KEY})`.execute(trx);
      holding.add(database);
      taken(undefined);
      await released;
      holding.delete(database);
    })
    .catch((error: Error) => taken(error));
  const failed = await locked;
  if (failed) throw failed;
  return async () => {
    release();
    await held;
  };
}

/**
 * The same turn for a start-up write made later, in a transaction of its own (the grants written
 * once every route is known): waits for any instance that is starting or writing the same, and
 * holds the turn until the transaction ends. The work then reads again what it found missing. Made
 * while this process holds the start lock (the grants a schema declares, written during start), it
 * has the turn already: waiting would wait for itself.
 */
export async function takeStartTurn(database: Database, trx: QueryExecutorProvider): Promise<void> {
  if (database.dialect === "postgres" && !holding.has(database))
    await sql`SELECT pg_advisory_xact_lock(${KEY})`.execute(trx);
}
