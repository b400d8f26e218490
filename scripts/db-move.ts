/**
 * `npm run db:move`: copies the embedded database (PGlite in $DATA_DIR/pglite) into the empty
 * PostgreSQL database named by DATABASE_URL, for a site moving from the embedded default to a
 * server (docs/deploying.md "Moving to a PostgreSQL server"). Stop the server first: PGlite allows one
 * process per folder. Both databases are migrated to this code's migrations, every table is copied
 * in one transaction on the server (all or nothing), then both are compared table by table.
 * Uploaded files' records move with the rest; the files themselves stay in $DATA_DIR/uploads.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fingerprints, moveDatabase } from "../engine/db/move-database.js";
import { openDatabase } from "../engine/db/open-database.js";
import { migrate } from "../engine/sql/migrator.js";
import { configFromEnv } from "../server/config.js";

function filesUnder(dir: string): { count: number; bytes: number } {
  if (!existsSync(dir)) return { count: 0, bytes: 0 };
  return readdirSync(dir, { recursive: true }).reduce(
    (sum, name) => {
      const stat = statSync(join(dir, String(name)));
      return stat.isFile() ? { count: sum.count + 1, bytes: sum.bytes + stat.size } : sum;
    },
    { count: 0, bytes: 0 },
  );
}

async function main() {
  const config = configFromEnv();
  if (!config.databaseUrl) throw new Error("set DATABASE_URL=postgres://… to the (empty) database to move into");
  const sourceDir = join(config.dataDir, "pglite");
  if (!existsSync(sourceDir))
    throw new Error(`no embedded database at ${sourceDir} (set DATA_DIR to the folder npm start used)`);
  const started = Date.now();
  const source = await openDatabase({ dataDir: sourceDir });
  const target = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
  try {
    for (const [label, database] of [
      ["embedded database", source],
      ["server", target],
    ] as const) {
      const applied = await migrate(database.db, config.migrationsDir, {
        allowDestructive: config.allowDestructiveMigrations,
      });
      console.log(`${label}: ${applied.length ? `applied ${applied.join(", ")}` : "migrations up to date"}`);
    }
    console.log(`copying ${sourceDir} → ${config.databaseUrl.replace(/\/\/[^@/]*@/, "//")} in one transaction…`);
    const result = await moveDatabase(
      source,
      target,
      ({ table, rows }) => rows > 0 && console.log(`  ${table}: ${rows} rows`),
    );
    const [a, b] = [await fingerprints(source), await fingerprints(target)];
    const differing = [...a].filter(([table, f]) => b.get(table)?.md5 !== f.md5).map(([table]) => table);
    if (differing.length) throw new Error(`copied, but these tables differ afterwards: ${differing.join(", ")}`);
    console.log(
      `moved ${result.rows} rows of ${result.tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; every table compared equal`,
    );

    const uploads = filesUnder(join(config.dataDir, "uploads"));
    const records = result.tables.find((t) => t.table === "file_storage_files")?.rows ?? 0;
    console.log(
      `uploaded files: ${records} records moved; the files themselves (${uploads.count} files, ${(uploads.bytes / 2 ** 20).toFixed(1)} MiB ` +
        `in ${join(config.dataDir, "uploads")}) stay on disk: give the server instances that DATA_DIR, or copy its uploads/ folder to theirs`,
    );
    console.log(
      "next: start with DATABASE_URL set (and keep the old DATA_DIR/pglite folder as a backup until you are sure)",
    );
  } finally {
    await source.close();
    await target.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
