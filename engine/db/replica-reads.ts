import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which work may read from a read replica: only what runs inside `readForVisitor` (an anonymous
 * visitor's GET that wrote nothing in the last seconds, server/plugins/replica-reads.ts). Anything
 * else (an editor, a write, a job, the start) reads the primary, so it sees what it just wrote.
 */
/** REPLICA_MAX_LAG_MS's default: a replica further behind than this is skipped. */
export const DEFAULT_REPLICA_MAX_LAG_MS = 2000;

const visitorReads = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it starts) as a visitor's reads, which a replica may answer. */
export function readForVisitor<T>(work: () => T): T {
  return visitorReads.run(true, work);
}

export const mayReadFromReplica = () => visitorReads.getStore() === true;

// A statement a standby can run and that changes nothing: a plain SELECT, or a WITH that writes
// nothing. Functions with effects (sequences, notifications, advisory locks, settings) and row
// locks go to the primary. A write this misses fails on the standby with 25006 and runs again on
// the primary (read-replicas.ts), so the test only has to be right to be fast, not to be safe.
const READ = /^\s*\(?\s*(select|with)\b/i;
const WRITES =
  /\b(insert|update|delete|merge|nextval|setval|pg_notify|set_config|pg_advisory\w*|pg_try_advisory\w*)\b|\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

export const readOnlyStatement = (text: string) => READ.test(text) && !WRITES.test(text);
