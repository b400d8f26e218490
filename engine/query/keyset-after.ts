import { sql, type RawBuilder, type SqlBool } from "kysely";
import { fieldTypeOf } from "../schema/field-types/index.js";
import type { Model } from "../schema/model.js";
import type { Param, Params } from "./statement-cache.js";
import { fullOrderKeys, orderKeyExpression, type OrderKey } from "./where.js";
import type { Order } from "./list-query.js";

// A list's `after`: the rows strictly after one position along the list's full order (fullOrder,
// total because it ends with the id), read from an index where the order has one, so the page a
// thousand pages in costs what the first page costs, as no row before it is walked.

/** A key's value at the position: bound as a parameter, or null (compared with IS NULL). */
type Anchor = Param | null;

const isJsonColumn = (model: Model, k: OrderKey) =>
  k.key === undefined && fieldTypeOf(model.fieldMap.get(k.column)!.kind).filters.comparesAsJson === true;
const isMoment = (model: Model, k: OrderKey) =>
  k.key === undefined && model.fieldMap.get(k.column)!.column === "timestamptz";
/** A JSON key can be missing; a column can be null unless NOT NULL. */
const nullable = (model: Model, k: OrderKey) => k.key !== undefined || !model.fieldMap.get(k.column)!.required;

/** The value of each key of the full order in a record as the list answers it (a cursor's content). */
export function positionOf(model: Model, orderBy: Order[], row: Record<string, unknown>): unknown[] {
  return fullOrderKeys(orderBy, model.defaultOrder).map((k) => {
    const raw =
      k.key === undefined ? row[k.column] : (row[k.column] as Record<string, unknown> | null | undefined)?.[k.key];
    if (raw === undefined || raw === null) return null;
    if (raw instanceof Date) return raw.toISOString();
    // `->>` answers the key's value as text.
    return k.key !== undefined && typeof raw !== "string" ? JSON.stringify(raw) : raw;
  });
}

/**
 * Binds a position's values (one per key of the full order, see positionOf) and answers what
 * makes the statement differ (which values are null) and the condition, built once per shape.
 */
export function bindAfter(model: Model, orderBy: Order[], values: unknown[], params: Params) {
  const keys = fullOrderKeys(orderBy, model.defaultOrder);
  const anchors = keys.map(
    (k, i): Anchor =>
      values[i] === null ? null : params.add(isJsonColumn(model, k) ? JSON.stringify(values[i]) : values[i]),
  );
  return {
    shape: anchors.map((a) => (a ? "v" : "n")).join(""),
    condition: () => afterCondition(model, keys, anchors),
  };
}

/**
 * Rows after the position, lexicographically along the keys, with PostgreSQL's default places of
 * nulls (last ascending, first descending). The trailing keys that share a direction and hold no
 * null are one row comparison, `("createdAt", "id") > ($1, $2)`, which an index on those columns
 * answers as the start of its scan; each key before them adds its own bound (`price <= $1`).
 */
function afterCondition(model: Model, keys: OrderKey[], anchors: Anchor[]): RawBuilder<SqlBool> {
  const value = (i: number) => anchorValue(model, keys, anchors, i);
  const plain = (i: number) => anchors[i] !== null && !nullable(model, keys[i]!);
  let tail = keys.length - 1;
  while (tail > 0 && plain(tail - 1) && keys[tail - 1]!.direction === keys[tail]!.direction) tail--;
  const tailKeys = keys.slice(tail);
  const op = sql.raw(keys[tail]!.direction === "asc" ? ">" : "<");
  let condition: RawBuilder<SqlBool> = sql<SqlBool>`(${sql.join(tailKeys.map(orderKeyExpression))}) ${op} (${sql.join(tailKeys.map((_, j) => value(tail + j)))})`;
  for (let i = tail - 1; i >= 0; i--) {
    const k = keys[i]!;
    const column = orderKeyExpression(k);
    const asc = k.direction === "asc";
    if (anchors[i] === null) {
      // A null is last ascending: only nulls tie and nothing is after; first descending: every value is after.
      condition = asc
        ? sql<SqlBool>`(${column} IS NULL AND ${condition})`
        : sql<SqlBool>`(${column} IS NOT NULL OR (${column} IS NULL AND ${condition}))`;
      continue;
    }
    const v = value(i);
    const after = asc
      ? nullable(model, k)
        ? sql`(${column} > ${v} OR ${column} IS NULL)`
        : sql`${column} > ${v}`
      : sql`${column} < ${v}`;
    const bound = asc ? (nullable(model, k) ? undefined : sql`${column} >= ${v}`) : sql`${column} <= ${v}`;
    const step = sql<SqlBool>`(${after} OR (${column} = ${v} AND ${condition}))`;
    condition = bound ? sql<SqlBool>`(${bound} AND ${step})` : step;
  }
  return condition;
}

/**
 * A key's value at the position as SQL. A moment is answered to clients in milliseconds while
 * PostgreSQL keeps microseconds (rows of one bulk insert are a microsecond apart): the position's
 * own record gives the exact moment when it is still within that millisecond, so no row of the
 * same millisecond is skipped or repeated; gone or moved, the millisecond stands.
 */
function anchorValue(model: Model, keys: OrderKey[], anchors: Anchor[], i: number): RawBuilder<unknown> {
  const k = keys[i]!;
  const v = anchors[i]!;
  if (isJsonColumn(model, k)) return sql`${v}::jsonb`;
  if (!isMoment(model, k)) return sql`${v}`;
  const column = sql.ref(k.column);
  const id = anchors[keys.length - 1]!;
  const exact = sql`(SELECT ${column} FROM ${sql.table(model.table)} WHERE "id" = ${id} AND ${column} >= ${v}::timestamptz - interval '1 millisecond' AND ${column} < ${v}::timestamptz + interval '1 millisecond')`;
  return sql`COALESCE(${exact}, ${v}::timestamptz)`;
}
