// Values a schema accepts, each field's from its type (engine/schema/field-types/: its examples).
import fc, { type Arbitrary } from "fast-check";
import { dateTimeArb as dateTimeArbOf } from "../../../engine/schema/field-types/date-time.js";
import * as shared from "../../../engine/schema/field-types/field-examples.js";
import { fieldTypeOf } from "../../../engine/schema/field-types/index.js";
import type { Field, Model } from "../../../engine/schema/model.js";
import { exampleTools, isRequiredOnCreate, needsUniqueValue, writableFields, type Row } from "../build-record.js";

// ---------------------------------------------------------------------------------------------
// Values a schema accepts
// ---------------------------------------------------------------------------------------------

export const dangerousKeys = shared.dangerousKeys;

/** Printable text (no NUL, no lone surrogate): what a client may store in a text column. */
export const textArb = (maxLength = 30, minLength = 0) => shared.textArb(exampleTools, maxLength, minLength);

export const keyArb = fc.string({ maxLength: 12 }).filter((k) => !dangerousKeys.has(k));

/** JSON a jsonb column can hold: no NUL in texts, no prototype keys (Fastify refuses those). */
export const jsonValueArb: Arbitrary<unknown> = shared.jsonValueArb(exampleTools);

export const dateTimeArb = dateTimeArbOf(exampleTools);
export const dateArb = dateTimeArb.map((moment) => moment.slice(0, 10));

/** Values the field's schema accepts (its type's generator), with foreign keys pointing at the given parents. */
export function validValueArb(field: Field, parents: Record<string, string>): Arbitrary<unknown> {
  if (field.references) {
    const parent = parents[field.name];
    if (parent === undefined) throw new Error(`arbitraries: no parent for ${field.name}`);
    return fc.constant(parent);
  }
  return fieldTypeOf(field.kind).examples.arbitrary(field, exampleTools);
}

/**
 * Bodies the schema accepts. `create`: every field a create needs and every unique field, the
 * rest sometimes (optional ones sometimes null), sometimes a client-chosen id. `update`: any
 * subset of the writable fields.
 */
export function validBodyArb(model: Model, parents: Record<string, string>, mode: "create" | "update"): Arbitrary<Row> {
  const fields = writableFields(model);
  const shape: Record<string, Arbitrary<unknown>> = {};
  for (const field of fields) {
    const value = validValueArb(field, parents);
    shape[field.name] = field.required ? value : fc.option(value, { nil: null, freq: 4 });
  }
  if (mode === "create") shape.id = fc.uuid();
  const requiredKeys =
    mode === "create" ? fields.filter((f) => isRequiredOnCreate(f) || needsUniqueValue(f)).map((f) => f.name) : [];
  return fc.record(shape, { requiredKeys }) as Arbitrary<Row>;
}
