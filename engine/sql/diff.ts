import { fieldTypes } from "../schema/field-types/index.js";
import * as ddl from "./ddl.js";
import { quote } from "./identifiers.js";
import type { IndexSnapshot, Snapshot, TableSnapshot } from "./snapshot.js";

/** Type changes every value survives: a number becoming an exact decimal. */
const WIDENINGS = new Set(["integer>numeric", "double precision>numeric", "integer>double precision"]);

/**
 * Type changes that keep every value through an expression of their own: a text becoming a
 * language map (file alt texts) keeps each text as the map's shipped default language ("en"; the
 * site's text lookup falls back to any language that has one, so it shows under any setting).
 */
const CONVERSIONS: Record<string, (column: string) => string> = {
  "text>jsonb": (c) => `CASE WHEN ${c} IS NULL OR ${c} = '' THEN NULL ELSE jsonb_build_object('en', ${c}) END`,
};

export interface Change {
  sql: string;
  /** Set when the change can lose data: what it would drop or narrow. */
  destructive?: string;
}

/**
 * The statements that take a database from `before` to `after`, in a safe order: new tables
 * and columns first, then constraints and indexes (foreign keys last, so every table exists),
 * drops at the end.
 */
export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const creates: Change[] = [];
  const alters: Change[] = [];
  const constraints: Change[] = [];
  const foreignKeys: Change[] = [];
  const constraintDrops: Change[] = [];
  const columnDrops: Change[] = [];
  const tableDrops: Change[] = [];
  const copies: Change[] = [];

  for (const extension of after.extensions ?? []) {
    if (!(before.extensions ?? []).includes(extension)) creates.push({ sql: ddl.createExtension(extension) });
  }
  for (const [name, table] of Object.entries(after.tables)) {
    const old = before.tables[name];
    if (!old) {
      creates.push({ sql: ddl.createTable(name, table) });
      for (const [index, column] of Object.entries(table.indexes))
        constraints.push({ sql: ddl.createIndex(name, index, column) });
      for (const [fk, def] of Object.entries(table.foreignKeys))
        foreignKeys.push({ sql: ddl.addForeignKey(name, fk, def) });
      // A model given x-drafts: what its table holds now is what visitors saw, so it starts published.
      if (table.copyOf && before.tables[table.copyOf])
        copies.push({
          sql: ddl.copyRows(
            table.copyOf,
            name,
            Object.keys((after.tables[table.copyOf] ?? before.tables[table.copyOf])!.columns).filter(
              (c) => c in table.columns,
            ),
          ),
        });
      continue;
    }
    const rebuilt = diffColumns(name, old, table, alters, columnDrops);
    diffConstraints(name, old, table, constraints, foreignKeys, constraintDrops, rebuilt);
  }
  for (const name of Object.keys(before.tables)) {
    if (!after.tables[name]) {
      tableDrops.push({
        sql: `DROP TABLE ${quote(name)} CASCADE;`,
        destructive: `drop table ${name} and every row in it`,
      });
    }
  }
  // Constraints go before the columns they stand on, so no drop names something already gone.
  return [
    ...creates,
    ...alters,
    ...constraintDrops,
    ...constraints,
    ...foreignKeys,
    ...copies,
    ...columnDrops,
    ...tableDrops,
  ];
}

/** The table's column changes; answers the columns made again, whose indexes went with them. */
function diffColumns(table: string, old: TableSnapshot, now: TableSnapshot, alters: Change[], drops: Change[]) {
  const t = quote(table);
  const rebuilt: string[] = [];
  for (const [name, column] of Object.entries(now.columns)) {
    const was = old.columns[name];
    const c = quote(name);
    if (!was) {
      alters.push({ sql: `ALTER TABLE ${t} ADD COLUMN ${ddl.columnSql(name, column)};` });
      continue;
    }
    // A generated column's expression cannot be altered (PostgreSQL 15): the column is made again,
    // which computes every row's value; the indexes on it go with it and are made again after.
    if ((was.generated ?? "") !== (column.generated ?? "")) {
      alters.push(
        { sql: `ALTER TABLE ${t} DROP COLUMN ${c};` },
        { sql: `ALTER TABLE ${t} ADD COLUMN ${ddl.columnSql(name, column)};` },
      );
      rebuilt.push(name);
      continue;
    }
    const retyped = was.type !== column.type;
    // The old default is of the old type: PostgreSQL cannot cast it along, so it goes first and the new one is set after.
    const defaultDropped = retyped && Boolean(was.default);
    if (defaultDropped) alters.push({ sql: `ALTER TABLE ${t} ALTER COLUMN ${c} DROP DEFAULT;` });
    if (retyped) {
      const change = `${was.type}>${column.type}`;
      // The field type's own conversion first (a text kept as a JSON string), else the general one.
      const convert = fieldTypes().find((t) => t.kind === column.kind)?.conversions?.[was.type] ?? CONVERSIONS[change];
      const widening = WIDENINGS.has(change) || convert !== undefined;
      alters.push({
        sql: `ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${column.type} USING ${convert?.(c) ?? `${c}::${column.type}`};`,
        ...(widening
          ? {}
          : {
              destructive: `change ${table}.${name} from ${was.type} to ${column.type} (values that do not convert are lost or fail)`,
            }),
      });
    }
    const currentDefault = defaultDropped ? undefined : was.default;
    if (currentDefault !== column.default) {
      alters.push({
        sql: column.default
          ? `ALTER TABLE ${t} ALTER COLUMN ${c} SET DEFAULT ${column.default};`
          : `ALTER TABLE ${t} ALTER COLUMN ${c} DROP DEFAULT;`,
      });
    }
    if (was.notNull !== column.notNull) {
      alters.push({ sql: `ALTER TABLE ${t} ALTER COLUMN ${c} ${column.notNull ? "SET" : "DROP"} NOT NULL;` });
    }
  }
  for (const name of Object.keys(old.columns)) {
    if (!now.columns[name]) {
      drops.push({
        sql: `ALTER TABLE ${t} DROP COLUMN ${quote(name)};`,
        destructive: `drop column ${table}.${name} and its values`,
      });
    }
  }
  return rebuilt;
}

function diffConstraints(
  table: string,
  old: TableSnapshot,
  now: TableSnapshot,
  constraints: Change[],
  foreignKeys: Change[],
  drops: Change[],
  rebuilt: string[] = [],
) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  // An index on a column made again (diffColumns) was dropped with it: it is made again as new.
  const onRebuilt = (index: IndexSnapshot) =>
    rebuilt.some((column) =>
      typeof index === "string" || Array.isArray(index)
        ? [index].flat().includes(column)
        : Object.values(index).some((expression: string) => expression.includes(quote(column))),
    );
  const groups = [
    {
      key: "uniques",
      add: (n: string, v: any) => ddl.addUnique(table, n, v),
      drop: (n: string) => ddl.dropConstraint(table, n),
      into: constraints,
    },
    {
      key: "checks",
      add: (n: string, v: any) => ddl.addCheck(table, n, v),
      drop: (n: string) => ddl.dropConstraint(table, n),
      into: constraints,
    },
    {
      key: "indexes",
      add: (n: string, v: any) => ddl.createIndex(table, n, v),
      drop: (n: string) => ddl.dropIndex(n),
      into: constraints,
    },
    {
      key: "foreignKeys",
      add: (n: string, v: any) => ddl.addForeignKey(table, n, v),
      drop: (n: string) => ddl.dropConstraint(table, n),
      into: foreignKeys,
    },
  ] as const;
  for (const group of groups) {
    const before = old[group.key] as Record<string, unknown>;
    const after = now[group.key] as Record<string, unknown>;
    for (const [name, value] of Object.entries(after)) {
      if (
        !(name in before) ||
        (group.key === "indexes" && same(before[name], value) && onRebuilt(value as IndexSnapshot))
      )
        group.into.push({ sql: group.add(name, value) });
      else if (!same(before[name], value)) {
        // Replaced in place: dropped first, so it goes with the additions, not the final drops.
        group.into.push({ sql: group.drop(name) }, { sql: group.add(name, value) });
      }
    }
    for (const name of Object.keys(before)) if (!(name in after)) drops.push({ sql: group.drop(name) });
  }
}
