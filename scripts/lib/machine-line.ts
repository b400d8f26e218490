import os from "node:os";

/** The line a bench prints first: what machine its figures come from, and how busy it was then. */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  return `machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${load}`;
}
