// `npm run generate [-- label]`: writes the next migration, the schema snapshot and the types.
// `npm run generate:check`: fails when any of them is out of date with schemas/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateTypes } from "../engine/codegen/types.js";
import { loadRegistry } from "../engine/schema/load.js";
import { diffSnapshots } from "../engine/sql/diff.js";
import { nextMigrationId, readMigrations, readSnapshot, renderMigration, SNAPSHOT_FILE } from "../engine/sql/migration-files.js";
import { snapshotOf } from "../engine/sql/snapshot.js";
import { paths } from "../server/config.js";

const check = process.argv.includes("--check");
const label = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "";

const registry = loadRegistry(paths.schemas);
const snapshot = snapshotOf(registry);
const migrations = readMigrations(paths.migrations);
const changes = diffSnapshots(readSnapshot(paths.migrations), snapshot);
const typesFile = join(paths.generated, "models.ts");
const types = await generateTypes(registry);
const snapshotText = `${JSON.stringify(snapshot, null, 2)}\n`;

if (check) {
  const problems: string[] = [];
  if (changes.length) problems.push(`schemas/ has ${changes.length} change(s) with no migration; run npm run generate`);
  if (!existsSync(typesFile) || readFileSync(typesFile, "utf8") !== types) problems.push(`${typesFile} is out of date; run npm run generate`);
  const snapshotPath = join(paths.migrations, SNAPSHOT_FILE);
  if (!changes.length && existsSync(snapshotPath) && readFileSync(snapshotPath, "utf8") !== snapshotText) {
    problems.push(`${snapshotPath} is not in its generated form; run npm run generate`);
  }
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log(`generate:check: ${registry.models.length} models, ${migrations.length} migrations, all up to date`);
} else {
  mkdirSync(paths.migrations, { recursive: true });
  mkdirSync(paths.generated, { recursive: true });
  if (changes.length) {
    const id = nextMigrationId(migrations, label || (migrations.length ? "schema_change" : "initial"));
    writeFileSync(join(paths.migrations, `${id}.sql`), renderMigration(id, changes));
    console.log(`wrote migrations/${id}.sql (${changes.length} statements)`);
    for (const change of changes.filter((c) => c.destructive)) console.warn(`  destructive: ${change.destructive}`);
  } else {
    console.log("no schema changes: no migration written");
  }
  writeFileSync(join(paths.migrations, SNAPSHOT_FILE), snapshotText);
  writeFileSync(typesFile, types);
  console.log(`wrote ${typesFile} (${registry.models.length} models)`);
}
