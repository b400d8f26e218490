// `npm run bench:site`: the public site's server render.
// - first, the cold render of the 50-widget page, old code (BENCH_BASELINE, default d6d77b1) and
//   this checkout side by side in one run (site-compare.ts); BENCH_ROUNDS_COLD rounds (20) of
//   BENCH_BATCH (3) renders per side; BENCH_COMPARE_ONLY=1 stops after it;
// then in this process (app and autocannon together, so the static-file comparison runs on the
// very same server):
// - SQL queries per page render for a page of 5 widgets and one of 50 (target: equal);
// - requests per second cold (the HTML cache cleared before every request) and cached;
// - cached req/s against streaming a static HTML file of the same size from the same server.
// BENCH_DATABASE_URL (default the local PostgreSQL server) gets a schema "bench_site", dropped
// afterwards; BENCH_DURATION seconds per run (10), BENCH_WARMUP (2), BENCH_ROUNDS best of (1).
import autocannon from "autocannon";
import { mkdtempSync, rmSync, statSync, writeFileSync, createReadStream } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../engine/db/open-database.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";
import { buildWidgetPage } from "../../server/seed/widget-page.js";
import { compareColdRender } from "./site-compare.js";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SCHEMA = "bench_site";
const CONNECTIONS = 10;
// A cold render of the 50-widget page takes a good part of a second of CPU: ten at once on a
// small machine only queue up behind each other (and time out); two keep the server busy.
const COLD_CONNECTIONS = 2;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

async function main() {
  await compareColdRender({
    baseline: process.env.BENCH_BASELINE ?? "d6d77b1",
    databaseUrl: URL_,
    rounds: Number(process.env.BENCH_ROUNDS_COLD ?? 20),
    batch: Number(process.env.BENCH_BATCH ?? 3),
    warmup: 5,
  });
  if (process.env.BENCH_COMPARE_ONLY) return;
  const database = await openDatabase({ url: URL_, schema: SCHEMA, poolSize: 10 });
  const dir = mkdtempSync(join(os.tmpdir(), "bench-site-"));
  const app = await composeApp(
    { ...configFromEnv({}), seedDemoContent: false, logLevel: "silent" },
    { database, logger: false },
  );
  try {
    await runTransaction(database, app.repositories, async (repo) => {
      await buildWidgetPage(repo, "/five", 5, "Five widgets");
      await buildWidgetPage(repo, "/fifty", 50, "Fifty widgets");
      // A few rows for each list widget (ten article lists and ten product lists on the page).
      for (let i = 0; i < 6; i++) {
        await repo("blog/articles").create({
          slug: `bench-article-${i}`,
          title: { en: `Article ${i}`, ru: `Статья ${i}` },
        });
        await repo("ecommerce/products").create({
          slug: `bench-product-${i}`,
          title: { en: `Product ${i}`, ru: `Товар ${i}` },
        });
      }
    });
    // DRAFTS is on, as in production: visitors see the pages once they are published.
    await app.drafts.publishAll();
    const staticFile = join(dir, "page.html");
    app.get("/bench-static.html", (_, reply) =>
      reply.type("text/html; charset=utf-8").send(createReadStream(staticFile)),
    );
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const cache = app.site.pages.cache;

    const cpus = os.cpus();
    const { rows } = await sql<{ server_version: string }>`SHOW server_version`.execute(database.db);
    console.log(
      `machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `node ${process.version}, PostgreSQL ${rows[0]?.server_version}, autocannon ${CONNECTIONS} connections (${COLD_CONNECTIONS} cold), ${DURATION} s per run after ${WARMUP} s warm-up${ROUNDS > 1 ? `, best of ${ROUNDS}` : ""}\n`,
    );

    // Queries per render: the cache cleared, one request each (after one warm-up render, which
    // also reads the permission rules once per process).
    const queries: Record<string, number> = {};
    let html = "";
    for (const path of ["/five", "/fifty"]) {
      cache.clear();
      await fetch(address + path);
      cache.clear();
      const before = database.queryCount();
      const response = await fetch(address + path);
      html = await response.text();
      if (response.status !== 200 || response.headers.get("x-cache") !== "MISS")
        throw new Error(`${path}: ${response.status} ${response.headers.get("x-cache")}`);
      queries[path] = database.queryCount() - before;
    }
    writeFileSync(staticFile, html);
    console.log(
      `SQL queries per render: 5 widgets ${queries["/five"]}, 50 widgets ${queries["/fifty"]} → ${queries["/five"] === queries["/fifty"] ? "equal: target met" : "NOT equal"}`,
    );
    console.log(
      `page of 50 widgets: ${(html.length / 1024).toFixed(1)} KiB of HTML; static copy ${(statSync(staticFile).size / 1024).toFixed(1)} KiB\n`,
    );

    const best: Record<string, autocannon.Result> = {};
    const runs: { name: string; path: string; cold?: boolean; expect?: string }[] = [
      { name: "cold render (50 widgets)", path: "/fifty", cold: true, expect: "MISS" },
      { name: "cached (50 widgets)", path: "/fifty", expect: "HIT" },
      { name: "static file, same size", path: "/bench-static.html" },
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of runs) {
        await measure(address, run, WARMUP, cache);
        const result = await measure(address, run, DURATION, cache);
        if (result.non2xx + result.errors + result.timeouts > 0)
          throw new Error(
            `${run.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
          );
        console.log(
          `  ${run.name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(6)} req/s  mean ${result.latency.mean.toFixed(0).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${result.requests.total} requests`,
        );
        if (!best[run.name] || result.requests.average > best[run.name]!.requests.average) best[run.name] = result;
      }
    }
    const rps = (name: string) => best[name]!.requests.average;
    console.log(
      `\ncold ${rps(runs[0]!.name).toFixed(0)} req/s, cached ${rps(runs[1]!.name).toFixed(0)} req/s (${(rps(runs[1]!.name) / rps(runs[0]!.name)).toFixed(1)}× cold), static ${rps(runs[2]!.name).toFixed(0)} req/s`,
    );
    console.log(`cached / static file: ${(rps(runs[1]!.name) / rps(runs[2]!.name)).toFixed(2)}`);
  } finally {
    await app.close();
    await sql
      .raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`)
      .execute(database.db)
      .catch(() => {});
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One autocannon run; a cold run clears the HTML cache before every request it sends. */
function measure(
  address: string,
  run: { path: string; cold?: boolean },
  seconds: number,
  cache: { clear(): number },
): Promise<autocannon.Result> {
  return autocannon({
    url: address + run.path,
    connections: run.cold ? COLD_CONNECTIONS : CONNECTIONS,
    duration: seconds,
    timeout: 60,
    requests: [{ setupRequest: (request) => (run.cold && cache.clear(), request) }],
  });
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
