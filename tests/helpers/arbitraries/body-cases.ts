// Bodies a create or update must accept or refuse, with the answer each must get.
import fc, { type Arbitrary } from "fast-check";
import type { Field, Model } from "../../../engine/schema/model.js";
import { fitsString, hiddenFields, UUID_PATTERN, writableFields, type Row } from "../build-record.js";
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

export const NUL = "\u0000";

/** A long text that does not compress (so an index cannot hold it). */
export function longText(length: number): string {
  let out = "";
  for (let i = 0; out.length < length; i++) out += ((Math.imul(i + 1, 2654435761) >>> 0).toString(36));
  return out.slice(0, length);
}

function deepJson(depth: number, array: boolean): RawJson {
  const open = array ? "[" : '{"a":';
  const close = array ? "]" : "}";
  return new RawJson(open.repeat(depth) + "1" + close.repeat(depth), `${array ? "array" : "object"} nested ${depth} deep`);
}

export const malformedUuidArb: Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !UUID_PATTERN.test(s)),
  fc.uuid().chain((u) =>
    fc.constantFrom(
      u.slice(1),
      `${u}0`,
      u.replace(/-/g, ""),
      `{${u}}`,
      `urn:uuid:${u}`,
      u.replace(/[0-9a-f]$/, "g"),
      ` ${u}`,
      `${u}\n`,
      u.replace(/-/g, "_"),
    ),
  ),
  fc.constantFrom("", "null", "0", "-1", "00000000-0000-0000-0000-00000000000", "'; drop table x; --", "%00"),
);

const malformedDateTimes = [
  "", "yesterday", "2024-01-01", "2024-13-01T00:00:00Z", "2024-02-30T00:00:00Z", "2024-01-01T25:00:00Z", "2024-01-01T00:00:00",
  "0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "2024-01-01T00:00:00Z junk", "1e10", `2024-01-01T00:00:00${NUL}Z`,
];
const malformedDates = ["", "2024-02-30", "2024-1-1", "01/02/2024", "0000-01-01", "2024-01-01T00:00:00Z", "10000-01-01", "today"];

/** Values of the wrong type for a field (never null: null is fine for an optional field). */
function wrongValues(field: Field): unknown[] {
  const s = field.schema;
  const common = [{}, [], [1, 2]];
  switch (field.kind) {
    case "string": {
      const values: unknown[] = [42, 1.5, true, ...common, { en: "text" }];
      if (field.enum) values.push("not-one-of-the-enum-☃", field.enum[0]!.toUpperCase() + "!");
      if (typeof s.pattern === "string") values.push(...["UPPER CASE!", " ", "☃☃", "a b"].filter((v) => !fitsString(s, v)));
      if (typeof s.maxLength === "number") values.push("x".repeat(s.maxLength + 1));
      if (typeof s.minLength === "number" && s.minLength > 0) values.push("x".repeat(s.minLength - 1));
      return values;
    }
    case "uuid":
      return [42, true, ...common, "not-a-uuid", "123e4567-e89b-12d3-a456-42661417400", "123e4567e89b12d3a456426614174000x"];
    case "datetime":
      return [42, true, ...common, ...malformedDateTimes];
    case "date":
      return [42, true, ...common, ...malformedDates];
    case "integer": {
      const values: unknown[] = ["1", "abc", 1.5, true, ...common, 2 ** 31, -(2 ** 31) - 1];
      if (typeof s.minimum === "number") values.push(s.minimum - 1);
      if (typeof s.maximum === "number") values.push(s.maximum + 1);
      return values;
    }
    case "number":
      return ["1.5", "abc", true, ...common];
    // A JSON number only when exact (docs/shop.md "Money is exact"): these are not.
    case "decimal":
      return [12345678901234567, 0.1 + 0.2, 1e21, 1e-7, "abc", "1.", ".5", "1e3", "1,5", " 1", "0x1F", "1".repeat(19), `1.${"1".repeat(13)}`, true, ...common];
    case "boolean":
      return ["true", "false", 1, 0, "yes", ...common];
    case "language-map":
      return ["text", 42, true, [], ["en"], { en: 1 }, { en: null }, { en: { nested: "x" } }, { "EN!": "x" }, { english: "x" }, { "": "x" }];
    // A text is one of its forms: only what is neither a text nor a map of texts is wrong.
    case "text-or-language-map":
      return [42, true, [], ["en"], { en: 1 }, { en: null }, { en: { nested: "x" } }, { "EN!": "x" }, { english: "x" }, { "": "x" }];
    case "json":
      return s.type === "array"
        ? ["text", 42, true, { a: 1 }]
        : ["text", 42, true, [], [{ a: 1 }], ...(s.additionalProperties === false ? [{ notAProperty: 1 }] : []), ...Object.keys(s.properties ?? {}).slice(0, 1).map((k) => ({ [k]: { wrong: [] } }))];
    default:
      throw new Error(`body-cases: no wrong values for field kind ${field.kind} (add its case)`);
  }
}

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
      fc.tuple(valid, pick(fields).chain((f) => make(f).map((m) => ({ ...m, field: f.name })))).map(([body, m]) => ({
        data: set(body, m.field, m.value),
        expect: m.expect,
        label: m.label,
        field: m.field,
      })),
    );
  };

  add(writable, (f) => fc.constantFrom(...wrongValues(f)).map((value) => ({ value, expect: "invalid" as const, label: `wrong type for ${f.name}` })));
  add(writable.filter((f) => f.required), (f) => fc.constant({ value: null, expect: "invalid" as const, label: `null for required ${f.name}` }));
  add(hiddenFields(model), (f) => textArb().map((value) => ({ value, expect: "invalid" as const, label: `hidden field ${f.name}` })));
  add(writable.filter((f) => f.kind === "string"), (f) =>
    fc.tuple(textArb(10), textArb(10)).map(([a, b]) => ({ value: `${a}${NUL}${b}`, expect: "invalid" as const, label: `NUL in ${f.name}` })),
  );
  add(writable.filter((f) => f.kind === "language-map" || (f.kind === "json" && f.schema.additionalProperties !== false)), (f) =>
    fc.tuple(textArb(10), textArb(10)).map(([a, b]) => ({ value: { en: `${a}${NUL}${b}` }, expect: "invalid" as const, label: `NUL inside ${f.name}` })),
  );
  add(writable.filter((f) => f.kind === "integer"), (f) =>
    fc
      .oneof(fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53) + 1, 1e20, -1e300), fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }))
      .map((value) => ({ value, expect: "invalid" as const, label: `${f.name} outside int4` })),
  );
  add(writable.filter((f) => f.kind === "uuid"), (f) => malformedUuidArb.map((value) => ({ value, expect: "invalid" as const, label: `malformed uuid in ${f.name}` })));
  add(writable.filter((f) => f.kind === "datetime"), (f) => fc.constantFrom(...malformedDateTimes).map((value) => ({ value, expect: "invalid" as const, label: `malformed date-time in ${f.name}` })));
  add(writable.filter((f) => f.kind === "date"), (f) => fc.constantFrom(...malformedDates).map((value) => ({ value, expect: "invalid" as const, label: `malformed date in ${f.name}` })));
  add(writable.filter((f) => (f.kind === "json" && f.schema.type === "object") || f.kind === "language-map"), (f) =>
    fc.array(jsonValueArb, { maxLength: 3 }).map((value) => ({ value, expect: "invalid" as const, label: `array for object ${f.name}` })),
  );
  add(writable.filter((f) => f.kind === "string" || f.kind === "language-map"), (f) =>
    fc.constantFrom(3_000, 100_000, 1_100_000).map((n) => {
      const text = JSON.stringify(longText(n));
      const value = new RawJson(f.kind === "language-map" ? `{"en":${text}}` : text, `text of ${n} chars`);
      return { value, expect: "any" as const, label: `huge text in ${f.name}` };
    }),
  );
  add(writable.filter((f) => f.kind === "json" || f.kind === "language-map"), (f) =>
    fc.tuple(fc.constantFrom(50, 1_000, 5_000, 50_000), fc.boolean()).map(([depth, array]) => ({
      value: f.schema.type === "object" && array ? { x: deepJson(depth, true) } : deepJson(depth, array),
      expect: "any" as const,
      label: `${f.name} nested ${depth} deep`,
    })),
  );
  // Unknown fields, server-maintained fields, and data that is not one object.
  mutations.push(
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !model.fieldMap.has(k) && k !== "id" && !dangerousKeys.has(k)), jsonValueArb)
      .map(([body, key, value]) => ({ data: set(body, key, value), expect: "invalid" as const, label: `unknown field ${JSON.stringify(key)}`, field: key })),
    fc
      .tuple(valid, fc.constantFrom(...model.fields.filter((f) => f.readOnly && (mode === "update" || f.name !== "id"))), fc.oneof(jsonValueArb, malformedUuidArb))
      .map(([body, f, value]) => ({ data: set(body, f.name, value), expect: "any" as const, label: `server-maintained ${f.name}`, field: f.name })),
    fc.tuple(valid, fc.constantFrom<unknown>([], 42, true, "not json", "[]", "42", "null", "{", "[{}]")).map(([body, data]) => ({
      data: data === "[{}]" ? [body] : data,
      expect: "invalid" as const,
      label: "data is not an object",
    })),
    fc.constantFrom<unknown>(undefined, null, "").map((data) => ({ data, expect: "invalid" as const, label: "no data" })),
    fc.constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}').map((text) => ({
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
  return fc.oneof({ arbitrary: fc.oneof(...cases), weight: 2 }, { arbitrary: invalidBodyArb(model, valid, "create"), weight: 3 });
}

/** Update bodies (partial): valid (`validWeight` in 5), or invalid. */
export function updateCaseArb(model: Model, parents: Record<string, string>, validWeight = 2): Arbitrary<BodyCase> {
  const valid = validBodyArb(model, parents, "update");
  return fc.oneof(
    { arbitrary: valid.map((data) => ({ data, expect: "valid" as const, label: "valid" })), weight: validWeight },
    { arbitrary: invalidBodyArb(model, valid, "update"), weight: 5 - validWeight },
  );
}
