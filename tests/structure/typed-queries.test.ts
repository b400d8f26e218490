import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Queries are typed (docs/extending.md "Adding a module"): a query that names one model's table is
 * typed by the generated rows (engine/query/model-tables.ts), and code that builds queries for any
 * model from its metadata names one open type, AnyModelDb (engine/query/any-model-db.ts), whose
 * comment says why it is open. So `Kysely<any>` and `Transaction<any>` are written nowhere in
 * the source, and no hand-written query names a table by its SQL name ("rbac_roles"), which the
 * types cannot check.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["engine", "server", "common", "app", "web"];
const SKIP = new Set(["node_modules", "dist", "generated"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const UNTYPED = /\b(?:Kysely|Transaction|ControlledTransaction)<\s*any\s*>/;
/** A builder call naming a table by its SQL name: `selectFrom("rbac_roles")`, `updateTable('billing_invoices as i')`. */
const SQL_TABLE_NAME =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|mergeInto)\(\s*["'`][a-z0-9]+_[a-z0-9_]+(?:\s+as\s+\w+)?["'`]/;

function breaches(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split("\n")
      .flatMap((line, i) =>
        UNTYPED.test(line) || SQL_TABLE_NAME.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe("typed queries", () => {
  it("no source file writes Kysely<any> or names a table by its SQL name in a builder call", () => {
    const files = SOURCE_DIRS.flatMap(sourceFiles).map((path) => ({
      path,
      text: readFileSync(join(ROOT, path), "utf8"),
    }));
    expect(files.length).toBeGreaterThan(300);
    const found = breaches(files);
    expect(found, `untyped queries:\n  ${found.join("\n  ")}\n`).toEqual([]);
  });

  it.each([
    ["const db: Kysely<any> = open();", true],
    ["function run(trx: Transaction<any>) {}", true],
    ["let c: ControlledTransaction< any >;", true],
    ['await trx.selectFrom("rbac_roles").select("id")', true],
    ["db.updateTable('billing_invoices as i')", true],
    ['db.selectFrom("rbac/roles").select("id")', false],
    ['trx.innerJoin("billing/invoices as i", "i.id", "x.invoiceId")', false],
    ["type Db = Kysely<ModelTables>;", false],
    ["export type AnyModelDb = Kysely<DynamicTables> | Transaction<DynamicTables>;", false],
    ['db.selectFrom(table).select("id")', false],
  ])("%s → breach: %s", (line, breach) => {
    expect(breaches([{ path: "server/x.ts", text: line }])).toHaveLength(breach ? 1 : 0);
  });
});
