// Bodies a create or update must accept or refuse, with the answer each must get.
import fc, { type Arbitrary } from "fast-check";
import { fieldTypeOf } from "../../../engine/schema/field-types/index.js";
import { malformedUuidArb as malformedUuids } from "../../../engine/schema/field-types/uuid.js";
import type { Field, Model } from "../../../engine/schema/model.js";
import { exampleTools, hiddenFields, writableFields, type Row } from "../build-record.js";
import { RawJson } from "./requests.js";
import { dangerousKeys, jsonValueArb, textArb, validBodyArb } from "./values.js";

// ---------------------------------------------------------------------------------------------
// Body cases: a body and what the server must answer to it
// ---------------------------------------------------------------------------------------------

/**
 * - `valid`: accepted (a 409 allowed when it names an id or a unique field);
 * - `bad-parent`: a foreign key to no record: 400 naming `field`;
 * - `invalid`: a 400;
 * - `any`: anything but a 5xx (huge or deeply nested values: stored, 400 or 413).
 */
export type Expectation = "valid" | "bad-parent" | "invalid" | "any";
export interface BodyCase {
  data: unknown;
  expect: Expectation;
  label: string;
  field?: string;
}

export { longText, NUL } from "../../../engine/schema/field-types/field-examples.js";

/** Texts that are no uuid as the routes read one (the uuid type's own wrong values). */
export const malformedUuidArb: Arbitrary<string> = malformedUuids(exampleTools);

/**
 * Bodies the server must refuse (or at least survive), each a mutation of a valid one: a wrong
 * type, an unknown or hidden field, null for a required field, NUL bytes, integers outside int4,
 * malformed uuids and dates, arrays for objects, data that is no object, `__proto__` keys; and
 * bodies it may store or refuse: huge texts, deep nesting, server-maintained fields.
 */
export function invalidBodyArb(model: Model, valid: Arbitrary<Row>, mode: "create" | "update"): Arbitrary<BodyCase> {
  const writable = writableFields(model);
  const pick = (fields: Field[]) => fc.constantFrom(...fields);
  const set = (body: Row, name: string, value: unknown) => ({ ...body, [name]: value });
  const mutations: Arbitrary<BodyCase>[] = [];
  const add = (fields: Field[], make: (field: Field) => Arbitrary<Omit<BodyCase, "data"> & { value: unknown }>) => {
    if (!fields.length) return;
    mutations.push(
      fc
        .tuple(
          valid,
          pick(fields).chain((f) => make(f).map((m) => ({ ...m, field: f.name }))),
        )
        .map(([body, m]) => ({
          data: set(body, m.field, m.value),
          expect: m.expect,
          label: m.label,
          field: m.field,
        })),
    );
  };

  // What each field's type says is wrong for it (its examples), or may be stored or refused.
  const examplesOf = (f: Field) => fieldTypeOf(f.kind).examples;
  add(writable, (f) =>
    fc
      .constantFrom(...examplesOf(f).invalid(f))
      .map((value) => ({ value, expect: "invalid" as const, label: `wrong type for ${f.name}` })),
  );
  add(
    writable.filter((f) => f.required),
    (f) => fc.constant({ value: null, expect: "invalid" as const, label: `null for required ${f.name}` }),
  );
  add(hiddenFields(model), (f) =>
    textArb().map((value) => ({ value, expect: "invalid" as const, label: `hidden field ${f.name}` })),
  );
  add(
    writable.filter((f) => examplesOf(f).invalidArbitrary),
    (f) =>
      examplesOf(f).invalidArbitrary!(f, exampleTools).map((value) => ({
        value,
        expect: "invalid" as const,
        label: `wrong value for ${f.name}`,
      })),
  );
  add(
    writable.filter((f) => examplesOf(f).stress),
    (f) =>
      examplesOf(f).stress!(f, exampleTools).map(({ value, label }) => ({
        value,
        expect: "any" as const,
        label: `${label} in ${f.name}`,
      })),
  );
  // Unknown fields, server-maintained fields, and data that is not one object.
  mutations.push(
    fc
      .tuple(
        valid,
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((k) => !model.fieldMap.has(k) && k !== "id" && !dangerousKeys.has(k)),
        jsonValueArb,
      )
      .map(([body, key, value]) => ({
        data: set(body, key, value),
        expect: "invalid" as const,
        label: `unknown field ${JSON.stringify(key)}`,
        field: key,
      })),
    fc
      .tuple(
        valid,
        fc.constantFrom(...model.fields.filter((f) => f.readOnly && (mode === "update" || f.name !== "id"))),
        fc.oneof(jsonValueArb, malformedUuidArb),
      )
      .map(([body, f, value]) => ({
        data: set(body, f.name, value),
        expect: "any" as const,
        label: `server-maintained ${f.name}`,
        field: f.name,
      })),
    fc
      .tuple(valid, fc.constantFrom<unknown>([], 42, true, "not json", "[]", "42", "null", "{", "[{}]"))
      .map(([body, data]) => ({
        data: data === "[{}]" ? [body] : data,
        expect: "invalid" as const,
        label: "data is not an object",
      })),
    fc
      .constantFrom<unknown>(undefined, null, "")
      .map((data) => ({ data, expect: "invalid" as const, label: "no data" })),
    fc
      .constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}')
      .map((text) => ({
        data: new RawJson(text, text),
        expect: "invalid" as const,
        label: "prototype key",
      })),
  );
  return fc.oneof(...mutations);
}

/** Create bodies: valid, pointing at a missing parent, or invalid. */
export function createCaseArb(model: Model, parents: Record<string, string>): Arbitrary<BodyCase> {
  const valid = validBodyArb(model, parents, "create");
  const foreignKeys = writableFields(model).filter((f) => f.references);
  const cases: Arbitrary<BodyCase>[] = [valid.map((data) => ({ data, expect: "valid" as const, label: "valid" }))];
  if (foreignKeys.length) {
    cases.push(
      fc.tuple(valid, fc.constantFrom(...foreignKeys), fc.uuid()).map(([body, f, id]) => ({
        data: { ...body, [f.name]: id },
        expect: "bad-parent" as const,
        label: `${f.name} to a missing ${f.references!.model}`,
        field: f.name,
      })),
    );
  }
  return fc.oneof(
    { arbitrary: fc.oneof(...cases), weight: 2 },
    { arbitrary: invalidBodyArb(model, valid, "create"), weight: 3 },
  );
}

/** Update bodies (partial): valid (`validWeight` in 5), or invalid. */
export function updateCaseArb(model: Model, parents: Record<string, string>, validWeight = 2): Arbitrary<BodyCase> {
  const valid = validBodyArb(model, parents, "update");
  return fc.oneof(
    { arbitrary: valid.map((data) => ({ data, expect: "valid" as const, label: "valid" })), weight: validWeight },
    { arbitrary: invalidBodyArb(model, valid, "update"), weight: 5 - validWeight },
  );
}
