import { sql, type Kysely } from "kysely";
import type { Database } from "./open-database.js";
import type { DynamicTables } from "../query/any-model-db.js";

// Copies every table of one database into another of the same structure (both migrated to the
// same migrations first): the embedded PGlite of a site that has grown into a PostgreSQL server.
// Rows travel as JSON text made and read by PostgreSQL itself (row_to_json on one side,
// json_populate_recordset on the other), so numeric, timestamps, jsonb and text arrive exactly as
// they left, never through a JavaScript number or Date. Hence raw SQL throughout: catalog
// queries, row_to_json/json_populate_recordset and sequences, none of which the builder says.

/** Rows read and written per statement. */
const BATCH = 1000;
const JOURNAL = "_migrations";
/**
 * Tables not copied: one a trigger of the target fills from the rows moved
 * (migrations/0031_search_words.sql: the search's words of the published titles; copied, a row
 * would be there twice), and the request limits' current windows
 * (migrations/0032_rate_limit_windows.sql: counts of the last minute, started again on the target).
 */
const NOT_MOVED = ["search_words", "rate_limit_windows"];

export interface MoveProgress {
  table: string;
  rows: number;
}

export interface MoveResult {
  tables: MoveProgress[];
  rows: number;
}

interface Table {
  name: string;
  columns: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the current schema (but the migration journal), with their columns in order (but the generated ones, which PostgreSQL writes). */
async function tablesOf(db: Kysely<DynamicTables>): Promise<Map<string, Table>> {
  const { rows } = await sql<{ table: string; column: string }>`
    SELECT c.table_name AS "table", c.column_name AS "column"
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> ${JOURNAL}
      AND c.table_name <> ALL (${sql.val(NOT_MOVED)})
      AND c.is_generated = 'NEVER'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, Table>();
  for (const row of rows) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [] };
    table.columns.push(row.column);
    tables.set(row.table, table);
  }
  return tables;
}

/** Table names so that every table comes after the tables its foreign keys point at. */
export async function dependencyOrder(db: Kysely<DynamicTables>, names: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint c
    JOIN pg_class child ON child.oid = c.conrelid
    JOIN pg_class parent ON parent.oid = c.confrelid
    WHERE c.contype = 'f' AND child.relnamespace = current_schema()::regnamespace`.execute(db);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`foreign keys form a cycle: ${[...path, name].join(" → ")}`);
    state.set(name, "visiting");
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, [...path, name]);
    state.set(name, "done");
    order.push(name);
  };
  for (const name of [...names].sort()) visit(name, []);
  return order;
}

async function appliedMigrations(db: Kysely<DynamicTables>): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM ${sql.table(JOURNAL)} ORDER BY id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Copies every row of `from` into `to`, in one transaction on `to`: all tables or none. Both
 * must already be migrated to the same migrations, and `to` must be empty (no row in any table).
 * Tables are filled parents first (foreign keys), each in batches ordered by primary key; the
 * sequences, if any, continue where the source's stood.
 */
export async function moveDatabase(
  from: Database,
  to: Database,
  onTable?: (progress: MoveProgress) => void,
): Promise<MoveResult> {
  const [source, target] = [await tablesOf(from.db), await tablesOf(to.db)];
  const [sourceMigrations, targetMigrations] = [await appliedMigrations(from.db), await appliedMigrations(to.db)];
  if (sourceMigrations.join() !== targetMigrations.join()) {
    throw new Error(
      `the databases are at different migrations (source ${sourceMigrations.at(-1)}, target ${targetMigrations.at(-1)}): migrate both first`,
    );
  }
  for (const [name, table] of source) {
    const other = target.get(name);
    if (!other || other.columns.join() !== table.columns.join())
      throw new Error(`table ${name} differs between the databases`);
  }
  const order = await dependencyOrder(from.db, [...source.keys()]);

  return to.db.transaction().execute(async (trx) => {
    for (const name of order) {
      const { rows } = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(name)}) AS any`.execute(
        trx,
      );
      if (rows[0]!.any)
        throw new Error(`the target database is not empty (table ${name} has rows): move into an empty database`);
    }
    const moved: MoveProgress[] = [];
    for (const name of order) {
      const columns = source.get(name)!.columns.map(quote).join(", ");
      let rows = 0;
      let after: string | undefined;
      for (;;) {
        // Keyset paging on the primary key: each batch is one indexed range, whatever the table's size.
        const page = await sql<{ json: string; last: string | null; n: number }>`
          SELECT coalesce(json_agg(t ORDER BY t.id)::text, '[]') AS json, max(t.id::text) AS last, count(*)::int AS n
          FROM (SELECT * FROM ${sql.table(name)} ${after === undefined ? sql`` : sql`WHERE id > ${after}`} ORDER BY id LIMIT ${BATCH}) t`.execute(
          from.db,
        );
        const { json, last, n } = page.rows[0]!;
        if (n === 0) break;
        await sql`INSERT INTO ${sql.table(name)} (${sql.raw(columns)})
          SELECT ${sql.raw(columns)} FROM json_populate_recordset(NULL::${sql.table(name)}, ${json}::json)`.execute(
          trx,
        );
        rows += n;
        after = last!;
        if (n < BATCH) break;
      }
      moved.push({ table: name, rows });
      onTable?.({ table: name, rows });
    }
    const sequences = await sql<{ name: string; value: string | null; called: boolean }>`
      SELECT sequencename AS name, last_value::text AS value, last_value IS NOT NULL AS called
      FROM pg_sequences WHERE schemaname = current_schema()`.execute(from.db);
    for (const s of sequences.rows) {
      if (s.value !== null)
        await sql`SELECT setval(${sql.lit(quote(s.name))}::regclass, ${s.value}::bigint, true)`.execute(trx);
    }
    return { tables: moved, rows: moved.reduce((sum, t) => sum + t.rows, 0) };
  });
}

/**
 * Per table, the row count and an md5 of every row's text in primary-key order, read in UTC (so
 * timestamps print alike whatever each server's time zone): two databases with the same
 * fingerprints hold the same rows.
 */
export async function fingerprints(database: Database): Promise<Map<string, { rows: number; md5: string }>> {
  const tables = [...(await tablesOf(database.db)).keys()].sort();
  return database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone TO 'UTC'`.execute(trx);
    const result = new Map<string, { rows: number; md5: string }>();
    for (const name of tables) {
      const { rows } = await sql<{ rows: number; md5: string }>`
        SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t.id), '')) AS md5 FROM ${sql.table(name)} t`.execute(
        trx,
      );
      result.set(name, rows[0]!);
    }
    return result;
  });
}
