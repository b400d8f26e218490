import { sql, type RawBuilder } from "kysely";
import type { Model } from "../schema/model.js";
import { rowJson } from "../query/row-json.js";
import { HIDDEN_MARK, SHORTENED_MARK } from "./audit-marks.js";

/** Texts longer than this are kept shortened in an entry's changes, ending with SHORTENED_MARK. */
export const AUDIT_TEXT_MAX = 500;
export { HIDDEN_MARK, SHORTENED_MARK };

/** Fields every write changes or that name the row itself: never listed as changes. */
const NOT_CHANGES: ReadonlySet<string> = new Set(["id", "createdAt", "updatedAt"]);

const mark = sql.lit(SHORTENED_MARK);
const max = sql.lit(AUDIT_TEXT_MAX);

/** A JSON string value, shortened to AUDIT_TEXT_MAX characters and the mark when longer. */
const shortString = (v: RawBuilder<unknown>) =>
  sql`CASE WHEN length(${v} #>> '{}') > ${max} THEN to_jsonb(left(${v} #>> '{}', ${max}) || ${mark}) ELSE ${v} END`;

/** Any other JSON value whose text is long: its text, shortened. */
const shortText = (v: RawBuilder<unknown>) =>
  sql`CASE WHEN length(${v}::text) > ${max} THEN to_jsonb(left(${v}::text, ${max}) || ${mark}) ELSE ${v} END`;

/**
 * A JSON value as an entry keeps it: long strings shortened, an object's (a language map's) long
 * strings each shortened, any other long value kept as its shortened text.
 */
function shortened(v: RawBuilder<unknown>): RawBuilder<unknown> {
  const each = sql.ref("e.value") as RawBuilder<unknown>;
  return sql`CASE jsonb_typeof(${v})
    WHEN 'string' THEN ${shortString(v)}
    WHEN 'object' THEN CASE WHEN length(${v}::text) <= ${max} THEN ${v} ELSE (SELECT jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(${each}) = 'string' THEN ${shortString(each)} ELSE ${shortText(each)} END) FROM jsonb_each(${v}) AS e) END
    WHEN 'array' THEN ${shortText(v)}
    ELSE ${v} END`;
}

/**
 * A SQL expression for an entry's `changes`: each field whose value differs between the row
 * states `before` and `after` (jsonb objects, or NULL for a row that was not there), as
 * field: [before, after]. Hidden fields show HIDDEN_MARK for a value, never the value. `only`:
 * just these fields are compared (those the statement wrote).
 */
export function changesBetween(
  model: Model,
  before: RawBuilder<unknown>,
  after: RawBuilder<unknown>,
  only?: ReadonlySet<string>,
) {
  const fields = model.fields.filter((f) => !NOT_CHANGES.has(f.name) && (!only || only.has(f.name)));
  if (fields.length === 0) return sql`'{}'::jsonb`;
  const names = sql.join(fields.map((f) => sql.lit(f.name)));
  const hidden = sql.join(fields.map((f) => sql.lit(f.hidden)));
  const side = (v: RawBuilder<unknown>) =>
    sql`CASE WHEN ${v} IS NULL THEN 'null'::jsonb WHEN f.h THEN to_jsonb(${sql.lit(HIDDEN_MARK)}::text) ELSE ${shortened(v)} END`;
  const b = sql.ref("b.v") as RawBuilder<unknown>;
  const a = sql.ref("a.v") as RawBuilder<unknown>;
  // Raw: unnest of the field names with their hidden flags, and jsonb_object_agg, which the builder cannot say.
  // OFFSET 0: each side's value is computed once per field, not again at each of the dozen places
  // the expression reads it (the planner would inline the subquery there).
  return sql`(SELECT coalesce(jsonb_object_agg(f.k, jsonb_build_array(${side(b)}, ${side(a)})), '{}'::jsonb)
    FROM unnest(ARRAY[${names}]::text[], ARRAY[${hidden}]::boolean[]) AS f(k, h)
    CROSS JOIN LATERAL (SELECT nullif(nullif(${before} -> f.k, 'null'::jsonb), '{}'::jsonb) AS v OFFSET 0) AS b
    CROSS JOIN LATERAL (SELECT nullif(nullif(${after} -> f.k, 'null'::jsonb), '{}'::jsonb) AS v OFFSET 0) AS a
    WHERE b.v IS DISTINCT FROM a.v)`;
}

/** A row of `model` read under `alias` as the jsonb object changesBetween compares (`only` these fields). */
export const rowState = (model: Model, alias: string, only?: ReadonlySet<string>) => rowJson(model, alias, only);
