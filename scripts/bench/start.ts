// `npm run bench:start`: how long a server takes to be ready (listening with every schema loaded
// and every route registered) on an already migrated PostgreSQL database, compiled
// (`npm run build`, NODE_ENV=production, plain node) against the development start (tsx compiling
// the TypeScript sources as it loads them) as the baseline, in the same run, alternating.
// The database "bench_start" on BENCH_DATABASE_URL's server (default the local one) is made
// fresh, migrated and seeded by a first start that is not counted, and dropped at the end.
// BENCH_STARTS (5) starts of each. Target: compiled ready in under 3 s.
import os from "node:os";
import { buildServer } from "../build.js";
import { createScratchDatabase } from "../lib/scratch-database.js";
import { startServerProcess, type ServerProcess } from "../lib/server-process.js";

const SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const TARGET_MS = 3000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function stop(server: ServerProcess) {
  server.kill("SIGTERM");
  const { code } = await server.exited;
  if (code !== 0) throw new Error(`the server exited with code ${code} on SIGTERM`);
}

async function main() {
  await buildServer();
  const database = await createScratchDatabase(SERVER, "bench_start");
  try {
    const env = { DATABASE_URL: database.url, JWT_SECRET: "bench-start-".padEnd(40, "x"), LOG_LEVEL: "info" };
    const cpus = os.cpus();
    console.log(
      `machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    // The first start migrates and writes the demo site; the measured ones find all of it done.
    const first = await startServerProcess({ entry: "compiled", env: { ...env, NODE_ENV: "production" } });
    const models = (await first.waitForLog((l) => typeof l.readyMs === "number")).models;
    await stop(first);
    console.log(`database migrated and seeded (${models} models); ${STARTS} starts of each kind, alternating\n`);

    const results = { compiled: [] as number[], tsx: [] as number[] };
    for (let i = 0; i < STARTS; i++) {
      for (const kind of i % 2 === 0 ? (["compiled", "tsx"] as const) : (["tsx", "compiled"] as const)) {
        const server = await startServerProcess(
          kind === "compiled"
            ? { entry: "compiled", env: { ...env, NODE_ENV: "production" } }
            : { entry: "source", env },
        );
        const health = await fetch(`${server.url}/api/health`);
        if (health.status !== 200) throw new Error(`${kind}: /api/health answered ${health.status}`);
        if (server.logs.some((l) => /applied migration/.test(l.msg ?? "")))
          throw new Error(`${kind}: a measured start applied a migration`);
        results[kind].push(server.readyMs);
        console.log(
          `  ${kind.padEnd(8)} ready in ${String(server.readyMs).padStart(5)} ms (process start → listening; ${Math.round(server.spawnToReadyMs)} ms from spawn)`,
        );
        await stop(server);
      }
    }
    const c = median(results.compiled);
    const t = median(results.tsx);
    console.log(
      `\nmedian ready: compiled ${c} ms (min ${Math.min(...results.compiled)}, max ${Math.max(...results.compiled)}), ` +
        `tsx ${t} ms (min ${Math.min(...results.tsx)}, max ${Math.max(...results.tsx)}); compiled / tsx ${(c / t).toFixed(2)}`,
    );
    console.log(
      c < TARGET_MS
        ? `compiled median under ${TARGET_MS} ms: target met`
        : `compiled median ${c} ms ≥ ${TARGET_MS} ms: target NOT met`,
    );
    // The verdict is printed; exit 0 once the figures are out (an exit 1 only when measuring failed).
  } finally {
    await database.drop();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
