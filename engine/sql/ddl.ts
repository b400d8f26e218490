import { identifier, quote } from "./identifiers.js";
import type { ColumnSnapshot, ForeignKeySnapshot, IndexSnapshot, TableSnapshot } from "./snapshot.js";

// SQL text for each kind of change. Statements are plain PostgreSQL, the same on PGlite and pg.
export const columnSql = (name: string, c: ColumnSnapshot) =>
  c.generated
    ? `${quote(name)} ${c.type} GENERATED ALWAYS AS (${c.generated}) STORED`
    : `${quote(name)} ${c.type}${c.notNull ? " NOT NULL" : ""}${c.default ? ` DEFAULT ${c.default}` : ""}`;

const columnList = (columns: string | string[]) => [columns].flat().map(quote).join(", ");

export function createTable(name: string, table: TableSnapshot): string {
  const lines = Object.entries(table.columns).map(([column, c]) => `  ${columnSql(column, c)}`);
  lines.push(`  CONSTRAINT ${quote(identifier(`${name}_pkey`))} PRIMARY KEY ("id")`);
  for (const [constraint, columns] of Object.entries(table.uniques)) {
    lines.push(`  CONSTRAINT ${quote(constraint)} UNIQUE (${columnList(columns)})`);
  }
  for (const [constraint, expression] of Object.entries(table.checks)) {
    lines.push(`  CONSTRAINT ${quote(constraint)} CHECK (${expression})`);
  }
  return `CREATE TABLE ${quote(name)} (\n${lines.join(",\n")}\n);`;
}

export const addForeignKey = (table: string, name: string, fk: ForeignKeySnapshot) =>
  `ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(name)} FOREIGN KEY (${quote(fk.column)}) ` +
  `REFERENCES ${quote(fk.table)} ("id") ON DELETE ${fk.onDelete.toUpperCase()};`;

export const addUnique = (table: string, name: string, columns: string | string[]) =>
  `ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(name)} UNIQUE (${columnList(columns)});`;

export const addCheck = (table: string, name: string, expression: string) =>
  `ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(name)} CHECK (${expression});`;

export const dropConstraint = (table: string, name: string) =>
  `ALTER TABLE ${quote(table)} DROP CONSTRAINT ${quote(name)};`;

export function createIndex(table: string, name: string, index: IndexSnapshot): string {
  const on = `CREATE INDEX ${quote(name)} ON ${quote(table)}`;
  if (typeof index === "string" || Array.isArray(index)) return `${on} (${columnList(index)});`;
  if ("trigram" in index) return `${on} USING gin (${index.trigram} gin_trgm_ops);`;
  // A weighted tsvector (engine/sql/search-vector.ts), a column's or an expression's: an expression needs its own parentheses.
  return `${on} USING gin ((${index.fulltext}));`;
}

// Into the first schema of the search path (public by default), where the operator classes of
// later migrations find it; a database that has it elsewhere already keeps it there.
export const createExtension = (name: string) => `CREATE EXTENSION IF NOT EXISTS ${name};`;

export const dropIndex = (name: string) => `DROP INDEX ${quote(name)};`;

/** Every row of one table into another with the same columns (a published copy's first rows). */
export const copyRows = (from: string, to: string, columns: string[]) => {
  const list = columns.map(quote).join(", ");
  return `INSERT INTO ${quote(to)} (${list}) SELECT ${list} FROM ${quote(from)};`;
};
