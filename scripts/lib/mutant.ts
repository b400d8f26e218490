// One mutant of `npm run mutants` (the lists: scripts/lib/mutant-list.ts, security-mutants.ts).
export interface Mutant {
  name: string;
  /** What the wrong code does, in a few words. */
  what: string;
  /** Exact text replacements (each `from` must occur once in its file). */
  changes: { file: string; from: string; to: string }[];
  tests: string[];
  /** Only a PostgreSQL server shows it (concurrent connections). */
  postgresOnly?: boolean;
  /** Only a streaming replica shows it (TEST_REPLICA_URL, which `.ci/start-replica` makes). */
  replicaOnly?: boolean;
}
