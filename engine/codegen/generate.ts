import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadRegistry } from "../schema/load.js";
import { diffSnapshots, type Change } from "../sql/diff.js";
import {
  nextMigrationId,
  readMigrations,
  readSnapshot,
  renderMigration,
  SNAPSHOT_FILE,
} from "../sql/migration-files.js";
import { snapshotOf } from "../sql/snapshot.js";

export interface GeneratePaths {
  schemasDir: string;
  migrationsDir: string;
  /** Folder of the generated TypeScript types (models.ts). */
  generatedDir: string;
}

export interface GenerateResult {
  /** Migration file written, if the schemas changed. */
  migration?: string;
  changes: Change[];
  models: number;
}

async function plan(paths: GeneratePaths) {
  const registry = loadRegistry(paths.schemasDir);
  const snapshot = snapshotOf(registry);
  return {
    registry,
    migrations: readMigrations(paths.migrationsDir),
    changes: diffSnapshots(readSnapshot(paths.migrationsDir), snapshot),
    snapshotText: `${JSON.stringify(snapshot, null, 2)}\n`,
    // json-schema-to-typescript is loaded only here, not by every start that checks pendingChanges.
    types: await (await import("./types.js")).generateTypes(registry),
    typesFile: join(paths.generatedDir, "models.ts"),
  };
}

/** Writes the next migration (when schemas changed), the snapshot and the types. */
export async function generate(paths: GeneratePaths, label = ""): Promise<GenerateResult> {
  const p = await plan(paths);
  mkdirSync(paths.migrationsDir, { recursive: true });
  mkdirSync(paths.generatedDir, { recursive: true });
  let migration: string | undefined;
  if (p.changes.length) {
    const id = nextMigrationId(p.migrations, label || (p.migrations.length ? "schema_change" : "initial"));
    migration = `${id}.sql`;
    writeFileSync(join(paths.migrationsDir, migration), renderMigration(id, p.changes));
  }
  writeFileSync(join(paths.migrationsDir, SNAPSHOT_FILE), p.snapshotText);
  writeFileSync(p.typesFile, p.types);
  return { migration, changes: p.changes, models: p.registry.models.length };
}

/** What is out of date with the schemas; empty when migrations, snapshot and types all agree. */
export async function checkGenerated(paths: GeneratePaths): Promise<string[]> {
  const p = await plan(paths);
  const problems: string[] = [];
  if (p.changes.length) {
    problems.push(
      `schemas/ has ${p.changes.length} change(s) with no migration (first: ${p.changes[0]!.sql.split("\n")[0]}); run npm run generate`,
    );
  }
  if (!existsSync(p.typesFile) || readFileSync(p.typesFile, "utf8") !== p.types)
    problems.push(`${p.typesFile} is out of date; run npm run generate`);
  const snapshotPath = join(paths.migrationsDir, SNAPSHOT_FILE);
  if (!existsSync(snapshotPath) || readFileSync(snapshotPath, "utf8") !== p.snapshotText) {
    if (!p.changes.length) problems.push(`${snapshotPath} is not in its generated form; run npm run generate`);
  }
  return problems;
}

/** The schema changes no migration covers yet (cheap: no types are generated). */
export function pendingChanges(paths: GeneratePaths): Change[] {
  return diffSnapshots(readSnapshot(paths.migrationsDir), snapshotOf(loadRegistry(paths.schemasDir)));
}
