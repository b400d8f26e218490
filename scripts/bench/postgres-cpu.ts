import { readdirSync, readFileSync } from "node:fs";

// Linux counts a process's CPU in clock ticks of 1/100 s (USER_HZ, 100 on every usual build).
const TICK_US = 10_000;

/** PostgreSQL's CPU so far, in µs: all its processes, and the client backends' alone. */
export interface PostgresCpu {
  total: number;
  /** The connections' own processes (a statement's work); the rest is the WAL writer, checkpointer, background writer, autovacuum. */
  backends: number;
}

/**
 * The CPU (user + system, in µs) used so far by every PostgreSQL process on this machine: its
 * backends, WAL writer, checkpointer and autovacuum, read from /proc, with the client backends'
 * share apart (a backend's title names its client: "postgres: 15/main: postgres test
 * 127.0.0.1(42552) idle"). Undefined off Linux or when no PostgreSQL runs here (a remote
 * BENCH_DATABASE_URL). A process that exits between two readings takes its CPU with it: the
 * backends a server holds stay while it is measured.
 */
export function postgresCpu(): PostgresCpu | undefined {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  let backends = 0;
  let found = false;
  for (const pid of pids) {
    let stat: string;
    let title: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      title = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue; // gone since the listing
    }
    // "pid (comm) state ppid …": the name may hold spaces, so the fields are counted after ")".
    const close = stat.lastIndexOf(")");
    if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
    const fields = stat.slice(close + 2).split(" ");
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after ")".
    const ticks = Number(fields[11]) + Number(fields[12]);
    total += ticks;
    if (/\((\d+)\)|\[local\]/.test(title)) backends += ticks;
    found = true;
  }
  return found ? { total: total * TICK_US, backends: backends * TICK_US } : undefined;
}
