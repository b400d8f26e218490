import type pg from "pg";
import { isDatabaseUnavailable } from "./connection-errors.js";

/** How often each replica's state (reachable, lag, replayed position) is read. */
export const PROBE_EVERY_MS = 250;

// The standby's lag: nothing when it has replayed all it received, else the time since the last
// transaction it replayed. `standby` false means the URL names a server that is not in recovery.
const PROBE = `SELECT pg_is_in_recovery() AS "standby", pg_last_wal_replay_lsn()::text AS "replayed",
  CASE WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
    ELSE extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000 END AS "lagMs"`;
const PRIMARY_POSITION = `SELECT pg_current_wal_lsn()::text AS "position"`;

/** A WAL position ("16/B374D848") as a number that orders as positions do. */
export function walPosition(text: string): bigint {
  const [high, low] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** SQLSTATE 25006: a write reached a standby (its transactions are read-only). */
const READ_ONLY_TRANSACTION = "25006";

export interface Replica {
  /** The URL without its password, for the log and the status. */
  readonly name: string;
  readonly pool: pg.Pool;
  /** Answered its last probe. */
  up: boolean;
  /** Its lag at the last probe, ms (Infinity when unknown). */
  lagMs: number;
  /** The WAL position it had replayed at the last probe (a server not in recovery: everything). */
  replayed: bigint;
  /** Statements it answered, for tests and the status. */
  reads: number;
  /** Has been probed at least once. */
  probed: boolean;
}

/** Hears a replica become unreachable (with why) or reachable again. */
export type ReplicaStateListener = (replica: string, up: boolean, error?: Error) => void;

export interface ReplicaStatus {
  name: string;
  up: boolean;
  lagMs: number;
  reads: number;
}

const EVERYTHING = BigInt(Number.MAX_SAFE_INTEGER) << 32n;
const withoutPassword = (url: string) => url.replace(/(\/\/[^:/@]+):[^@]*@/, "$1:***@");

/**
 * The read replicas (DATABASE_READ_URLS) and which of them may answer a read now. A replica is
 * skipped while it is down (its probe or a statement could not reach it), while it lags more than
 * `maxLagMs`, and after a change this app heard of (its own write or another instance's NOTIFY)
 * until it has replayed the primary's position of that moment: a page cache dropped for a change
 * is rendered again from a server that has the change.
 */
export class ReadReplicas {
  readonly members: Replica[];
  /** The primary's position at the latest change heard of: replicas short of it are skipped. */
  private required = 0n;
  /** Changes whose primary position is still being read: every replica is skipped meanwhile. */
  private pending = 0;
  private turn = 0;
  private timer?: NodeJS.Timeout;
  private probing?: Promise<void>;
  private readonly listeners = new Set<ReplicaStateListener>();

  constructor(
    urls: readonly string[],
    private readonly primary: pg.Pool,
    private readonly maxLagMs: number,
    makePool: (url: string) => pg.Pool,
  ) {
    this.members = urls.map((url) => ({
      name: withoutPassword(url),
      pool: makePool(url),
      up: false,
      lagMs: Number.POSITIVE_INFINITY,
      replayed: 0n,
      reads: 0,
      probed: false,
    }));
  }

  /** Reads every replica's state once, then again every PROBE_EVERY_MS until closed. */
  async start(everyMs = PROBE_EVERY_MS) {
    await this.probe();
    this.timer = setInterval(() => {
      this.probing ??= this.probe().finally(() => (this.probing = undefined));
    }, everyMs);
    this.timer.unref();
  }

  private async probe() {
    await Promise.all(
      this.members.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query(PROBE);
          const state = rows[0] as { standby: boolean; replayed: string | null; lagMs: number | string | null };
          replica.replayed = !state.standby ? EVERYTHING : state.replayed ? walPosition(state.replayed) : 0n;
          replica.lagMs = state.lagMs === null ? Number.POSITIVE_INFINITY : Number(state.lagMs);
          this.mark(replica, true);
        } catch (error) {
          this.mark(replica, false, error as Error);
        }
      }),
    );
  }

  /** A replica that may answer a read now (in turn), or none: the primary answers. */
  pick(): Replica | undefined {
    if (this.pending > 0) return undefined;
    for (let i = 0; i < this.members.length; i++) {
      const replica = this.members[(this.turn + i) % this.members.length]!;
      if (replica.up && replica.lagMs <= this.maxLagMs && replica.replayed >= this.required) {
        this.turn = (this.turn + i + 1) % this.members.length;
        return replica;
      }
    }
    return undefined;
  }

  /**
   * A change was committed (here or on another instance): replicas are skipped until they have
   * replayed the primary's present position, which is read now (and skipped while it is read).
   */
  afterChange() {
    this.pending++;
    this.primary.query(PRIMARY_POSITION).then(
      ({ rows }) => {
        const position = walPosition((rows[0] as { position: string }).position);
        if (position > this.required) this.required = position;
        this.pending--;
      },
      () => {
        // The primary cannot be reached: nothing is read anywhere meanwhile; replicas wait for the next change.
        this.pending--;
      },
    );
  }

  /**
   * Whether a read that failed on `replica` should run again on the primary: yes when the replica
   * could not be reached (it is skipped until a probe reaches it) or refused a write.
   */
  fallBack(replica: Replica, error: unknown): boolean {
    if (isDatabaseUnavailable(error)) {
      this.mark(replica, false, error as Error);
      return true;
    }
    return (error as { code?: unknown } | undefined)?.code === READ_ONLY_TRANSACTION;
  }

  /** `listener` hears each replica that goes down or comes back (for the log); returns a function that stops it. */
  onStateChange(listener: ReplicaStateListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private mark(replica: Replica, up: boolean, error?: Error) {
    // The first probe's answer is no change: a replica starts neither up nor down, but unknown.
    const known = replica.probed;
    replica.probed = true;
    if (replica.up === up && known) return;
    replica.up = up;
    if (known || !up) for (const listener of this.listeners) listener(replica.name, up, error);
  }

  status(): ReplicaStatus[] {
    return this.members.map(({ name, up, lagMs, reads }) => ({ name, up, lagMs, reads }));
  }

  async close() {
    clearInterval(this.timer);
    await this.probing;
    await Promise.all(this.members.map((replica) => replica.pool.end().catch(() => {})));
  }
}
