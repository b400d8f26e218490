import { fieldTypeOf, fieldTypes } from "../schema/field-types/index.js";
import type { Field, Model } from "../schema/model.js";
import type { Registry } from "../schema/registry.js";
import { INDEXED_LANGUAGES } from "../schema/languages.js";
import { identifier, quote } from "./identifiers.js";
import { searchColumn, searchIndexName, searchVector } from "./search-vector.js";

// The database structure the schemas call for, in a form that can be stored, compared and diffed.
export interface ColumnSnapshot {
  type: string;
  notNull: boolean;
  default?: string;
  /** The field's kind, only for a type with its own conversions (FieldType.conversions): how a retyped column's values are kept. */
  kind?: string;
  /** A stored generated column's expression (GENERATED ALWAYS AS … STORED): written by PostgreSQL with the row, never by a statement. */
  generated?: string;
}
export interface ForeignKeySnapshot {
  column: string;
  table: string;
  onDelete: string;
}
export interface TableSnapshot {
  /** A published copy's table (x-drafts): the working copy's table it is filled from when created. */
  copyOf?: string;
  columns: Record<string, ColumnSnapshot>;
  /** Constraint name → column, or columns for a unique-together constraint. */
  uniques: Record<string, string | string[]>;
  foreignKeys: Record<string, ForeignKeySnapshot>;
  /** Constraint name → SQL boolean expression. */
  checks: Record<string, string>;
  /**
   * Index name → column, columns (in order), a trigram index on an expression (x-search), or a
   * full-text (GIN) index on a model's weighted tsvector in one language (search-vector.ts).
   */
  indexes: Record<string, IndexSnapshot>;
}
export type IndexSnapshot = string | string[] | { trigram: string } | { fulltext: string };
export interface Snapshot {
  version: 1;
  /** PostgreSQL extensions the tables need (pg_trgm for x-search). */
  extensions?: string[];
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
  const sqlDefault = fieldTypeOf(field.kind).sqlDefault;
  return sqlDefault ? sqlDefault(field.default) : literal(field.default);
}

/** The name of a field's unique, foreign-key, check or index: one rule for DDL and error mapping. */
export const constraintName = (model: Model, field: string, kind: "key" | "fkey" | "check" | "idx" | "trgm") =>
  identifier(`${model.table}_${field}_${kind}`);

export function tableSnapshot(model: Model, registry: Registry, copyOf?: string): TableSnapshot {
  const table: TableSnapshot = {
    ...(copyOf ? { copyOf } : {}),
    columns: {},
    uniques: {},
    foreignKeys: {},
    checks: {},
    indexes: {},
  };
  for (const field of model.fields) {
    const def = columnDefault(field);
    // (A published copy's publishedAt has a kind of its own, no field type: hence find, not fieldTypeOf.)
    const converts = fieldTypes().find((t) => t.kind === field.kind)?.conversions ? { kind: field.kind } : {};
    table.columns[field.name] = {
      type: field.column,
      notNull: field.required,
      ...(def ? { default: def } : {}),
      ...converts,
    };
    if (field.unique && field.name !== "id") table.uniques[constraintName(model, field.name, "key")] = field.name;
    if (field.references && !copyOf) {
      table.foreignKeys[constraintName(model, field.name, "fkey")] = {
        column: field.name,
        table: registry.get(field.references.model).table,
        onDelete: field.references.onDelete,
      };
    }
    // A list named at start-up (x-enum-from) is checked in code: adding a value needs no migration.
    if (field.enum && !field.enumFrom) {
      table.checks[constraintName(model, field.name, "check")] =
        `${quote(field.name)} IN (${field.enum.map(literal).join(", ")})`;
    }
    const indexed = field.references || field.index;
    if (indexed && !field.unique) table.indexes[constraintName(model, field.name, "idx")] = field.name;
    // The newest or oldest first, and pages deep into them, read straight off this index (see fullOrder).
    if (field.name === "createdAt") table.indexes[constraintName(model, field.name, "idx")] = ["createdAt", "id"];
    for (const [suffix, expression] of searchExpressions(field))
      table.indexes[constraintName(model, field.name + suffix, "trgm")] = { trigram: expression };
  }
  // A relation's rows are read by their parent, in order (page loader, admin sub-tables): its
  // parent key's index carries the order too, so "the first rows of this parent" reads only those.
  const parentKey = model.kind === "relation" ? model.fields.find((f) => f.references) : undefined;
  if (parentKey && model.fieldMap.has("orderIndex") && !parentKey.unique) {
    table.indexes[constraintName(model, parentKey.name, "idx")] = [parentKey.name, "orderIndex", "createdAt", "id"];
  }
  for (const names of model.uniqueTogether) table.uniques[constraintName(model, names.join("_"), "key")] = names;
  // The site search's document per indexed language, on the table visitors' search reads: the
  // published copy of an x-drafts model (its working copy is searched by no full-text query, so a
  // document there would only slow every save), else the model's own table. A stored generated
  // column, written by PostgreSQL with the row (no trigger, no statement fills it), so ranking
  // reads it rather than parsing the texts again; its GIN index finds the matches.
  for (const language of model.published ? [] : INDEXED_LANGUAGES) {
    const vector = searchVector(model, language);
    if (!vector) continue;
    table.columns[searchColumn(language)] = { type: "tsvector", notNull: false, generated: vector };
    table.indexes[searchIndexName(model, language)] = { fulltext: quote(searchColumn(language)) };
  }
  return table;
}

/**
 * What an x-search field's trigram indexes are built on: the column, or what its type says (a
 * language map's text in each language, `"title"->>'en'`), the very expressions the filters compile to.
 */
function searchExpressions(field: Field): [string, string][] {
  if (!field.search) return [];
  const own = fieldTypeOf(field.kind).searchExpressions;
  return own ? own(quote(field.name)) : [["", quote(field.name)]];
}

export function snapshotOf(registry: Registry): Snapshot {
  const snapshot = emptySnapshot();
  for (const model of registry.models) {
    snapshot.tables[model.table] = tableSnapshot(model, registry);
    if (model.published) snapshot.tables[model.published.table] = tableSnapshot(model.published, registry, model.table);
  }
  const trigrams = Object.values(snapshot.tables).some((t) =>
    Object.values(t.indexes).some((i) => typeof i === "object" && "trigram" in i),
  );
  if (trigrams) snapshot.extensions = ["pg_trgm"];
  return snapshot;
}

/** Constraint name → the model and field it guards, so database errors can name the field. */
export function constraintFields(registry: Registry): Map<string, { model: Model; field: string }> {
  const map = new Map<string, { model: Model; field: string }>();
  for (const model of registry.models.flatMap((m) => (m.published ? [m, m.published] : [m]))) {
    map.set(identifier(`${model.table}_pkey`), { model, field: "id" });
    for (const field of model.fields) {
      // Indexes too: a value too large for one is reported by the index's name.
      for (const kind of ["key", "fkey", "check", "idx"] as const)
        map.set(constraintName(model, field.name, kind), { model, field: field.name });
    }
    // A unique-together conflict names its last field: "email" of (provider, email).
    for (const names of model.uniqueTogether)
      map.set(constraintName(model, names.join("_"), "key"), { model, field: names.at(-1)! });
  }
  return map;
}
