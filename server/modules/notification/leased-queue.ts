import { sql } from "kysely";
import type { AnyModelDb } from "../../../engine/query/any-model-db.js";

/** What the queue itself needs of a row; the caller's row type (the whole table row) adds the rest. */
export interface LeasedRow {
  id: string;
  attempts: number;
}

/** Column values to write to a queue row: dates may be given as ISO strings (`later`). */
export type QueueWrite<T> = { [F in keyof T]?: DateOrIso<T[F]> };
type DateOrIso<V> = V extends Date ? Date | string : V;

/** The models used as queues (their rows have a status, attempts and a lease). */
export type QueueModel = "notification/notifications" | "notification/jobs";

/**
 * The queries a queue runs. Untyped on purpose: one class claims rows of either queue model by its
 * shape (status values, "not before" columns), which the typed builder cannot follow through a
 * generic table; the table is still named by its model id (modelQueries turns it into the table).
 */
export type QueueQueries = AnyModelDb;

/** A model used as a queue: which status values mean waiting and working, and which columns hold "not before" times. */
export interface QueueShape {
  table: QueueModel;
  waiting: string;
  working: string;
  notBefore: string[];
}

/**
 * The claiming half of a queue kept in a PostgreSQL table (the same SQL on PGlite and a server):
 * due rows are taken with `FOR UPDATE SKIP LOCKED`, so several instances never take the same
 * row, and moved to the working status with a lease (`lockedUntil`) and one more attempt, in one
 * statement that commits before any work starts. A row still working after its lease belongs to
 * a worker that stopped; what happens to it is the caller's choice (`expired`). T is the table's
 * whole row (hidden columns too: the queue reads them all), as the caller knows it.
 */
export class LeasedQueue<T extends LeasedRow> {
  constructor(
    private readonly db: QueueQueries,
    private readonly shape: QueueShape,
    private readonly leaseSeconds: number,
  ) {
    this.sweepEveryMs = Math.min((leaseSeconds * 1000) / 4, 30_000);
  }

  /** When the last look for expired leases was (0: never). */
  private lastSweep = 0;
  private readonly sweepEveryMs: number;

  /**
   * Whether to look for expired leases (and other housekeeping) on this pass: a lease cannot run
   * out sooner than its length after the claim, so a look a few times per lease length (at most
   * every 30 s) finds each in time. A busy worker's every pass looked, and those statements ran
   * back to back under checkout traffic.
   */
  sweepDue(): boolean {
    const now = Date.now();
    if (now - this.lastSweep < this.sweepEveryMs) return false;
    this.lastSweep = now;
    return true;
  }

  async claim(limit: number): Promise<T[]> {
    const { table, working } = this.shape;
    return (
      this.db
        .updateTable(table)
        // The database's clock (now()), not an instance's: every instance judges a lease alike.
        .set({
          status: working,
          attempts: sql`"attempts" + 1`,
          lockedUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
          updatedAt: sql`now()`,
        })
        .where("id", "in", this.due(limit))
        .returningAll()
        .execute() as Promise<T[]>
    );
  }

  /** The next due waiting rows' ids, locked, skipping rows another worker is claiming. */
  private due(limit: number) {
    const { table, waiting, notBefore } = this.shape;
    let due = this.db.selectFrom(table).select("id").where("status", "=", waiting);
    for (const column of notBefore)
      due = due.where((w) => w.or([w(column, "is", null), w(column, "<=", sql<Date>`now()`)]));
    return due.orderBy("createdAt").limit(limit).forUpdate().skipLocked();
  }

  /** Rows whose lease ran out are set to `values` (and returned): their worker stopped mid-way. */
  async expired(values: QueueWrite<T>): Promise<T[]> {
    const { table, working } = this.shape;
    return this.db
      .updateTable(table)
      .set({ ...values, lockedUntil: null, updatedAt: sql`now()` })
      .where("status", "=", working)
      .where("lockedUntil", "<", sql<Date>`now()`)
      .returningAll()
      .execute() as Promise<T[]>;
  }

  /** Sets a claimed row's outcome. */
  async settle(id: string, values: QueueWrite<T>): Promise<void> {
    await this.db
      .updateTable(this.shape.table)
      .set({ ...values, lockedUntil: null, updatedAt: sql`now()` })
      .where("id", "=", id)
      .execute();
  }
}

/** Exponential backoff: base, 2×base, 4×base, … for attempt 1, 2, 3, …, at most an hour. */
export const backoffMs = (attempt: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);

/** A moment `ms` from now, for a `nextAttemptAt`/`runAt` column. */
export const later = (ms: number) => new Date(Date.now() + ms).toISOString();
