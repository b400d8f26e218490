// `npm run bench:publish`: publishing a page's whole tree (docs/drafts.md) for a page of
// 5 widgets and one of 50, with drafts on: the time of one publishTree (one transaction) and its
// statements, side by side, and the ratio 50 : 5. Before each timed publish every record of the
// tree is changed in its working copy (outside the timing), so each publish rewrites the tree.
// Target: the statements are equal (they follow the models a page uses, not its widget count);
// the time grows with the rows written, well under tenfold.
// BENCH_DATABASE_URL (default the local PostgreSQL server) gets a schema "bench_publish", dropped
// afterwards; BENCH_ROUNDS timed publishes per page (20) after BENCH_WARMUP (3).
import os from "node:os";
import { sql } from "kysely";
import { openDatabase } from "../../engine/db/open-database.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";
import { buildWidgetPage } from "../../server/seed/widget-page.js";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SCHEMA = "bench_publish";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const admin = await openDatabase({ url: URL_, poolSize: 1 });
  await sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).execute(admin.db);
  await admin.close();
  const database = await openDatabase({ url: URL_, schema: SCHEMA, poolSize: 4 });
  const config = { ...configFromEnv({}), seedDemoContent: false, logLevel: "silent", drafts: true };
  const app = await composeApp(
    { ...config, notifications: { ...config.notifications, worker: false } },
    { database, logger: false },
  );
  try {
    const pages = await runTransaction(database, app.repositories, async (repo) => ({
      "5 widgets": await buildWidgetPage(repo, "/five", 5, "Five widgets"),
      "50 widgets": await buildWidgetPage(repo, "/fifty", 50, "Fifty widgets"),
    }));
    const pagesModel = app.registry.get("host/pages");
    const cpus = os.cpus();
    const { rows: version } = await sql<{ server_version: string }>`SHOW server_version`.execute(database.db);
    console.log(
      `machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `node ${process.version}, PostgreSQL ${version[0]?.server_version}, ${ROUNDS} timed publishes per page after ${WARMUP}\n`,
    );

    const results: Record<string, { rows: number; ms: number; statements: number }> = {};
    for (const [name, page] of Object.entries(pages)) {
      const tree = await app.drafts.treeOf(database.db, pagesModel, page.pageId);
      const rows = [...tree.values()].reduce((sum, ids) => sum + ids.size, 0);
      const times: number[] = [];
      let statements = 0;
      for (let round = 0; round < WARMUP + ROUNDS; round++) {
        for (const [modelId, ids] of tree) {
          await database.db
            .updateTable(app.registry.get(modelId).table)
            .set({ updatedAt: sql`now()` })
            .where("id", "in", [...ids])
            .execute();
        }
        const before = database.queryCount();
        const started = performance.now();
        await app.drafts.publishTree(pagesModel, page.pageId);
        const elapsed = performance.now() - started;
        statements = database.queryCount() - before;
        if (round >= WARMUP) times.push(elapsed);
      }
      results[name] = { rows, ms: median(times), statements };
      console.log(
        `${name.padEnd(11)} ${String(rows).padStart(4)} rows in ${String(tree.size).padStart(2)} models: publishTree median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}), ${statements} statements, one transaction`,
      );
    }
    const five = results["5 widgets"]!;
    const fifty = results["50 widgets"]!;
    const ratio = fifty.ms / five.ms;
    console.log(
      `\n50 : 5 widgets — time ×${ratio.toFixed(2)} for ×${(fifty.rows / five.rows).toFixed(1)} rows; statements ${fifty.statements} : ${five.statements}`,
    );
    const ok = fifty.statements === five.statements && ratio < 10;
    console.log(ok ? "verdict: OK (equal statements, time well under tenfold)" : "verdict: NOT MET");
  } finally {
    await app.close();
    await sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).execute(database.db);
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
