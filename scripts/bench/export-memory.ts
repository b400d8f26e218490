// `npm run bench:export`: whether an export's memory stays flat as the table grows. One server in
// this process exports blog articles over real HTTP (streamed, read and dropped by the client
// here) first with 1,000 rows, then with 100,000; while each runs, the process's memory is sampled
// every few milliseconds. Printed: each export's peak heap and RSS above the level just before it
// (after a full garbage collection), the live heap (after a full collection every 2 MiB read,
// what the export holds on to) and their ratios. Flat memory means a ratio near 1, not 100.
// Embedded database by default; BENCH_DATABASE_URL for a PostgreSQL server (a schema of its own).
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { openDatabase } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";

const SECRET = "bench-secret";
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const SAMPLE_MS = 5;
const LIVE_EVERY = 2 * 1024 * 1024;
const MiB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:export does)");

const url = process.env.BENCH_DATABASE_URL;
const schema = url ? `bench_export_${randomUUID().slice(0, 8)}` : undefined;
const database = await openDatabase({ url, schema, poolSize: 4 });
const app = await composeApp(
  { ...configFromEnv({}), rbacSecretKey: SECRET, logLevel: "silent", seedDemoContent: false },
  { database, logger: false },
);
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Articles numbered from+1 … to, written by the database itself; each with two languages and a paragraph. */
async function fill(from: number, to: number) {
  await sql`INSERT INTO blog_articles ("adminTitle", slug, title, subtitle, description)
    SELECT 'Article ' || i, 'bench-article-' || i,
      jsonb_build_object('en', 'Article ' || i || ', with "quotes"', 'ru', 'Статья ' || i),
      jsonb_build_object('en', 'A subtitle', 'ru', 'Подзаголовок'),
      jsonb_build_object('en', repeat('Some text of the article body. ', 20))
    FROM generate_series(${from + 1}::int, ${to}::int) AS i`.execute(database.db);
}

interface Run {
  rows: number;
  bytes: number;
  ms: number;
  heap: number;
  /** The highest heap still in use after a full collection, taken every LIVE_EVERY bytes read. */
  live: number;
  rss: number;
}

async function exportOnce(format: "csv" | "json", rows: number): Promise<Run> {
  gc!();
  const before = process.memoryUsage();
  let peak = { heap: before.heapUsed, rss: before.rss };
  const sample = () => {
    const now = process.memoryUsage();
    peak = { heap: Math.max(peak.heap, now.heapUsed), rss: Math.max(peak.rss, now.rss) };
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  const started = performance.now();
  const response = await fetch(`${base}/api/blog/articles/export?format=${format}`, {
    headers: { "x-rbac-secret-key": SECRET },
  });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  let live = 0;
  let nextLive = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
    sample();
    // Peak heap counts garbage not yet collected; the live heap is what the export holds on to.
    if (bytes >= nextLive) {
      gc!();
      live = Math.max(live, process.memoryUsage().heapUsed - before.heapUsed);
      nextLive = bytes + LIVE_EVERY;
    }
  }
  clearInterval(sampler);
  // Each record ends a line (a JSON export also has its brackets' lines; a CSV its header).
  const counted = format === "csv" ? lines - 1 : lines - 2;
  if (counted !== rows) throw new Error(`exported ${counted} rows, expected ${rows}`);
  return {
    rows,
    bytes,
    ms: performance.now() - started,
    heap: peak.heap - before.heapUsed,
    live,
    rss: peak.rss - before.rss,
  };
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const line = (format: string, run: Run) =>
  `${format.padEnd(5)}${String(run.rows).padStart(8)} rows ${mib(run.bytes).padStart(10)} in ${(run.ms / 1000).toFixed(1).padStart(5)} s   peak heap +${mib(run.heap).padStart(9)}   live heap +${mib(run.live).padStart(8)}   peak RSS +${mib(run.rss).padStart(9)}`;

try {
  await fill(0, SMALL);
  // Once unmeasured, so the measured runs both find a warmed-up process (compiled code, statements).
  await exportOnce("csv", SMALL);
  await exportOnce("json", SMALL);
  const small = { csv: await exportOnce("csv", SMALL), json: await exportOnce("json", SMALL) };
  await fill(SMALL, LARGE);
  await sql`ANALYZE blog_articles`.execute(database.db);
  const large = { csv: await exportOnce("csv", LARGE), json: await exportOnce("json", LARGE) };
  console.log(`export memory on ${url ? "PostgreSQL" : "PGlite"} (peak above the level before each export):`);
  for (const format of ["csv", "json"] as const) {
    console.log(line(format, small[format]));
    console.log(line(format, large[format]));
    const ratio = (a: number, b: number) => (a / Math.max(b, 1)).toFixed(2);
    console.log(
      `${format.padEnd(5)}${LARGE / SMALL}× the rows: peak heap ×${ratio(large[format].heap, small[format].heap)}, live heap ×${ratio(large[format].live, small[format].live)}, peak RSS ×${ratio(large[format].rss, small[format].rss)}`,
    );
  }
} finally {
  await app.close();
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
  await database.close();
}
