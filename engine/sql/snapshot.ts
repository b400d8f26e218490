import type { Field, Model } from "../schema/model.js";
import type { Registry } from "../schema/registry.js";
import { identifier, quote } from "./identifiers.js";

// The database structure the schemas call for, in a form that can be stored, compared and diffed.
export interface ColumnSnapshot {
  type: string;
  notNull: boolean;
  default?: string;
}
export interface ForeignKeySnapshot {
  column: string;
  table: string;
  onDelete: string;
}
export interface TableSnapshot {
  columns: Record<string, ColumnSnapshot>;
  /** Constraint name → column, or columns for a unique-together constraint. */
  uniques: Record<string, string | string[]>;
  foreignKeys: Record<string, ForeignKeySnapshot>;
  /** Constraint name → SQL boolean expression. */
  checks: Record<string, string>;
  /** Index name → column. */
  indexes: Record<string, string>;
}
export interface Snapshot {
  version: 1;
  tables: Record<string, TableSnapshot>;
}

export const emptySnapshot = (): Snapshot => ({ version: 1, tables: {} });

const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;

export function columnDefault(field: Field): string | undefined {
  if (field.generated === "uuid") return field.column === "uuid" ? "gen_random_uuid()" : "(gen_random_uuid())::text";
  // clock_timestamp(), not now(): rows of one bulk insert get increasing times, so the default
  // order (createdAt) keeps them in the order they were sent.
  if (field.generated === "now") return "clock_timestamp()";
  if (field.default === undefined) return undefined;
  if (field.column === "jsonb") return `${literal(JSON.stringify(field.default))}::jsonb`;
  if (field.column === "boolean" || field.column === "integer" || field.column === "double precision") {
    return String(field.default);
  }
  return literal(field.default);
}

/** The name of a field's unique, foreign-key, check or index: one rule for DDL and error mapping. */
export const constraintName = (model: Model, field: string, kind: "key" | "fkey" | "check" | "idx") =>
  identifier(`${model.table}_${field}_${kind}`);

export function tableSnapshot(model: Model, registry: Registry): TableSnapshot {
  const table: TableSnapshot = { columns: {}, uniques: {}, foreignKeys: {}, checks: {}, indexes: {} };
  for (const field of model.fields) {
    const def = columnDefault(field);
    table.columns[field.name] = { type: field.column, notNull: field.required, ...(def ? { default: def } : {}) };
    if (field.unique && field.name !== "id") table.uniques[constraintName(model, field.name, "key")] = field.name;
    if (field.references) {
      table.foreignKeys[constraintName(model, field.name, "fkey")] = {
        column: field.name,
        table: registry.get(field.references.model).table,
        onDelete: field.references.onDelete,
      };
    }
    if (field.enum) {
      table.checks[constraintName(model, field.name, "check")] = `${quote(field.name)} IN (${field.enum.map(literal).join(", ")})`;
    }
    const indexed = field.references || field.index || field.name === "createdAt";
    if (indexed && !field.unique) table.indexes[constraintName(model, field.name, "idx")] = field.name;
  }
  for (const names of model.uniqueTogether) table.uniques[constraintName(model, names.join("_"), "key")] = names;
  return table;
}

export function snapshotOf(registry: Registry): Snapshot {
  const snapshot = emptySnapshot();
  for (const model of registry.models) snapshot.tables[model.table] = tableSnapshot(model, registry);
  return snapshot;
}

/** Constraint name → the model and field it guards, so database errors can name the field. */
export function constraintFields(registry: Registry): Map<string, { model: Model; field: string }> {
  const map = new Map<string, { model: Model; field: string }>();
  for (const model of registry.models) {
    map.set(identifier(`${model.table}_pkey`), { model, field: "id" });
    for (const field of model.fields) {
      // Indexes too: a value too large for one is reported by the index's name.
      for (const kind of ["key", "fkey", "check", "idx"] as const) map.set(constraintName(model, field.name, kind), { model, field: field.name });
    }
    // A unique-together conflict names its last field: "email" of (provider, email).
    for (const names of model.uniqueTogether) map.set(constraintName(model, names.join("_"), "key"), { model, field: names.at(-1)! });
  }
  return map;
}
