import { sql, type RawBuilder } from "kysely";
import type { Field, Model } from "../schema/model.js";
import { fieldAsRead } from "../query/row-json.js";
import { HIDDEN_MARK, SHORTENED_MARK } from "./audit-marks.js";

/** Texts longer than this are kept shortened in an entry's changes, ending with SHORTENED_MARK. */
export const AUDIT_TEXT_MAX = 500;
export { HIDDEN_MARK, SHORTENED_MARK };

/** Fields every write changes or that name the row itself: never listed as changes. */
const NOT_CHANGES: ReadonlySet<string> = new Set(["id", "createdAt", "updatedAt"]);

/** jsonb_build_object takes at most 100 arguments: 50 fields per call, the calls joined with `||`. */
const FIELDS_PER_CALL = 50;

/** The fields an entry of `model` compares: `only` those a write set, never NOT_CHANGES. */
export function comparedFields(model: Model, only?: ReadonlySet<string>): Field[] {
  return model.fields.filter((f) => !NOT_CHANGES.has(f.name) && (!only || only.has(f.name)));
}

/**
 * The FROM item that turns the row `alias` into its compared values, one column per field named
 * as the field, under `as`: each field's JSON as it reads (row-json.ts), NULL for a null or an
 * empty object (a language map with no text). OFFSET 0 keeps it a row computed once: without it
 * the planner copies each value's expression into every place the changes read it.
 */
export function comparedValues(fields: Field[], alias: string, as: string): RawBuilder<unknown> {
  const columns = fields.map(
    (f) => sql`nullif(nullif(to_jsonb(${fieldAsRead(f, alias)}), 'null'::jsonb), '{}'::jsonb) AS ${sql.id(f.name)}`,
  );
  return sql`CROSS JOIN LATERAL (SELECT ${sql.join(columns)} OFFSET 0) AS ${sql.id(as)}`;
}

/**
 * A SQL expression for an entry's `changes` as a plain jsonb object, before shortening: each of
 * `fields` whose compared value differs between the sides `before` and `after` (the aliases of
 * comparedValues' rows, or undefined for a side that is not there), as field: [before, after];
 * a hidden field shows HIDDEN_MARK for a value, never the value. Built as one object of every
 * field less the unchanged ones' keys: PostgreSQL sets up every part of a statement's
 * expressions on each execution, and this form costs a fraction of an aggregate over the fields.
 */
export function changesBetween(fields: Field[], before: string | undefined, after: string | undefined) {
  if (fields.length === 0) return sql`'{}'::jsonb`;
  const value = (side: string | undefined, f: Field) => {
    if (!side) return sql`NULL::jsonb`;
    const v = sql.ref(`${side}.${f.name}`);
    return f.hidden ? sql`CASE WHEN ${v} IS NULL THEN NULL ELSE to_jsonb(${sql.lit(HIDDEN_MARK)}::text) END` : v;
  };
  const same = (f: Field) => {
    if (before && after)
      return sql`${sql.ref(`${before}.${f.name}`)} IS NOT DISTINCT FROM ${sql.ref(`${after}.${f.name}`)}`;
    return sql`${sql.ref(`${(before ?? after)!}.${f.name}`)} IS NULL`;
  };
  const calls: RawBuilder<unknown>[] = [];
  for (let i = 0; i < fields.length; i += FIELDS_PER_CALL) {
    const pairs = fields
      .slice(i, i + FIELDS_PER_CALL)
      .map((f) => sql`${sql.lit(f.name)}::text, jsonb_build_array(${value(before, f)}, ${value(after, f)})`);
    calls.push(sql`jsonb_build_object(${sql.join(pairs)})`);
  }
  const unchanged = fields.map((f) => sql`CASE WHEN ${same(f)} THEN ${sql.lit(f.name)} END`);
  // `jsonb - text[]` removes the keys named, passing over the NULLs of the fields that changed.
  return sql`(${sql.join(calls, sql` || `)}) - ARRAY[${sql.join(unchanged)}]::text[]`;
}

/**
 * `changes` (a column of the statement) as an entry keeps it: a string longer than
 * AUDIT_TEXT_MAX characters cut to that and SHORTENED_MARK, a language map's long strings each
 * cut so, any other long value kept as its cut text (the function audit_shortened, migration
 * 0049), called only for changes whose stored size could hold such a text. A value's text is
 * never more than twice its jsonb size (an array of `false` is the worst: 7 characters for 4
 * bytes), so changes of at most AUDIT_TEXT_MAX / 2 bytes hold no text longer than AUDIT_TEXT_MAX.
 */
export function shortenedChanges(changes: RawBuilder<unknown>) {
  const small = sql.lit(AUDIT_TEXT_MAX / 2);
  return sql`CASE WHEN pg_column_size(${changes}) <= ${small} THEN ${changes} ELSE audit_shortened(${changes}, ${sql.lit(AUDIT_TEXT_MAX)}, ${sql.lit(SHORTENED_MARK)}) END`;
}
