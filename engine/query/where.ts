import { sql, type ExpressionBuilder, type Expression, type SqlBool, type RawBuilder } from "kysely";
import { fieldTypeOf } from "../schema/field-types/index.js";
import { isGroup, type ColumnRef, type Condition, type Filter, type Order } from "./list-query.js";
import type { DynamicTables } from "./any-model-db.js";

const operators = {
  eq: "=",
  ne: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  notLike: "not like",
  notIlike: "not ilike",
  inArray: "in",
  notInArray: "not in",
} as const;

const likeMethods = new Set(["like", "ilike", "notLike", "notIlike"]);

/**
 * A column, or a key inside a JSON column as a literal (`"title"->>'en'`, the key checked by
 * list-query to be a plain word): the very expression x-search's trigram index is built on, in
 * any plan (a parameter in its place matches only where the planner sees its value, not in a
 * prepared statement's generic plan).
 */
export function columnExpression(column: ColumnRef): RawBuilder<unknown> {
  const ref = sql.ref(column.field.name);
  return column.key === undefined ? ref : sql`${ref}->>${sql.lit(column.key)}`;
}

/** Checked filters as one SQL boolean (all must hold; a group's `or` one of its own). */
export function whereAll(eb: ExpressionBuilder<DynamicTables, string>, filters: Filter[]): Expression<SqlBool> {
  return eb.and(filters.map((f) => node(eb, f)));
}

function node(eb: ExpressionBuilder<DynamicTables, string>, filter: Filter): Expression<SqlBool> {
  if (!isGroup(filter)) return condition(eb, filter);
  // An empty and-group holds, an empty or-group does not (as in logic, and as SQL has no `or ()`).
  if (filter.filters.length === 0) return sql<SqlBool>`${sql.lit(filter.group === "and")}`;
  const parts = filter.filters.map((f) => node(eb, f));
  return filter.group === "and" ? eb.and(parts) : eb.or(parts);
}

function condition(eb: ExpressionBuilder<DynamicTables, string>, c: Condition): Expression<SqlBool> {
  const column = likeMethods.has(c.method) ? patternColumn(c) : columnExpression(c);
  if (c.method === "isNull") return eb(column, "is", null);
  if (c.method === "isNotNull") return eb(column, "is not", null);
  if (c.method === "inArray" || c.method === "notInArray") {
    const values = c.value as unknown[];
    // `in ()` is not SQL: an empty list matches nothing, and excludes nothing.
    if (values.length === 0) return sql<SqlBool>`${sql.lit(c.method === "notInArray")}`;
    return eb(
      column,
      operators[c.method],
      values.map((v) => jsonAware(c, v)),
    );
  }
  return eb(column, operators[c.method], jsonAware(c, c.value));
}

/** The text a pattern method matches: the column's text, or a JSON string's own text (else null: no match). */
function patternColumn(c: Condition): RawBuilder<unknown> {
  const filters = fieldTypeOf(c.kind).filters;
  const column = columnExpression(c);
  if (filters.likeAsText) return sql`${column}::text`;
  if (filters.likeAsJsonString && c.key === undefined)
    return sql`(CASE WHEN jsonb_typeof(${column}) = 'string' THEN ${column} #>> '{}' END)`;
  return column;
}

/** Whole-JSON comparisons cast the text to jsonb, so `{"en":"a"}` equals `{ "en": "a" }`. */
const jsonAware = (c: Condition, value: unknown) =>
  c.key === undefined && !likeMethods.has(c.method) && fieldTypeOf(c.kind).filters.comparesAsJson
    ? sql`${value}::jsonb`
    : value;

/**
 * The full ORDER BY of a list: the order asked for, then the model's default order keys it does
 * not name yet (createdAt), then the id in the direction of the key before it, so pages never
 * overlap or skip rows. Ending every order the same way is what lets an index serve it without a
 * sort: (createdAt, id) read forwards or backwards for the newest or oldest first, and
 * (parent key, orderIndex, createdAt, id) for a relation's rows in their default order as well as
 * in the admin's "by orderIndex".
 */
export function fullOrder(
  orders: Order[],
  defaults: { column: string; direction: "asc" | "desc" }[] = [],
): RawBuilder<unknown>[] {
  return fullOrderKeys(orders, defaults).map((k) => sql`${orderKeyExpression(k)} ${sql.raw(k.direction)}`);
}

/** One key of a full order: a column, or a key inside a JSON column, and its direction. */
export interface OrderKey {
  column: string;
  key?: string;
  direction: "asc" | "desc";
}

/** The keys of fullOrder, in its order (the `after` cursor of a list is a position along them). */
export function fullOrderKeys(
  orders: Order[],
  defaults: { column: string; direction: "asc" | "desc" }[] = [],
): OrderKey[] {
  const named = new Set(orders.filter((o) => o.key === undefined).map((o) => o.field.name));
  const keys: OrderKey[] = [
    ...orders.map((o) => ({
      column: o.field.name,
      ...(o.key === undefined ? {} : { key: o.key }),
      direction: o.direction,
    })),
    ...defaults.filter((d) => !named.has(d.column)).map((d) => ({ column: d.column, direction: d.direction })),
  ];
  return [...keys, { column: "id", direction: keys.at(-1)?.direction ?? "asc" }];
}

export const orderKeyExpression = (k: OrderKey): RawBuilder<unknown> =>
  k.key === undefined ? (sql.ref(k.column) as RawBuilder<unknown>) : sql`${sql.ref(k.column)}->>${sql.lit(k.key)}`;
