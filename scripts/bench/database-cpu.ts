import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU milliseconds used so far by the PostgreSQL server's processes on this machine (the
 * postmaster, its live backends, and the backends it has reaped), read from /proc; undefined
 * where there is no /proc or no such process (a server elsewhere). A run's difference is the
 * database's share of the work, which a request's own process does not see.
 */
export function databaseCpuMs(): number | undefined {
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone since the listing
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    if (!name.startsWith("postgres")) continue;
    // After the name: state, ppid, …; utime, stime, cutime, cstime are fields 14–17 of stat(5).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    found = true;
  }
  // USER_HZ is 100 on Linux.
  return found ? ticks * 10 : undefined;
}
