import { sql, type RawBuilder } from "kysely";
import type { Field, Model } from "../schema/model.js";

/**
 * Columns whose value the database drivers hand back as something other than what `to_jsonb`
 * gives: a row read into JavaScript and written out as JSON has timestamps as ISO text with
 * milliseconds in UTC (a Date), dates as their text (open-database keeps them text), and
 * decimals as their exact text (never a JSON number, which JavaScript would read as a float).
 */
const AS_READ: Record<string, (column: RawBuilder<unknown>) => RawBuilder<unknown>> = {
  timestamptz: (c) => sql`to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  date: (c) => sql`${c}::text`,
  numeric: (c) => sql`${c}::text`,
};

/** jsonb_build_object takes at most 100 arguments: 50 fields per call, the calls joined with `||`. */
const FIELDS_PER_CALL = 50;

/** The column `field` of the row `alias` as its JSON value reads it (a timestamp as ISO text, a decimal as its text). */
export function fieldAsRead(field: Field, alias: string): RawBuilder<unknown> {
  const column = sql.ref(`${alias}.${field.name}`) as RawBuilder<unknown>;
  return AS_READ[field.column]?.(column) ?? column;
}

/**
 * A SQL expression for the row `alias` of `model` as a jsonb object equal to what
 * `JSON.parse(JSON.stringify(row))` gives for the same row read through the driver (snapshots.ts
 * readRows): so a statement can keep a snapshot of a row it writes without reading it back.
 * `only`: just these fields of it.
 */
export function rowJson(model: Model, alias: string, only?: ReadonlySet<string>): RawBuilder<unknown> {
  const fields = only ? model.fields.filter((f) => only.has(f.name)) : model.fields;
  const pairs = fields.map((field) => sql`${sql.lit(field.name)}::text, ${fieldAsRead(field, alias)}`);
  const calls: RawBuilder<unknown>[] = [];
  for (let i = 0; i < pairs.length; i += FIELDS_PER_CALL)
    calls.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + FIELDS_PER_CALL))})`);
  return calls.length ? sql.join(calls, sql` || `) : sql`'{}'::jsonb`;
}
