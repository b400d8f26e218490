import type { Arbitrary } from "fast-check";
import type fastCheck from "fast-check";
import type { Field, JsonSchema } from "../model.js";

// What the tests derive from a field type (tests/helpers/build-record.ts, tests/helpers/arbitraries/,
// tests/engine/field-types/): a valid value, wrong ones, and generators for property tests. Plain
// functions over the fast-check they are handed, so neither the server nor the admin's bundle loads
// a test library; only its types are named here.

/** What the example functions are given: fast-check, and a way to send JSON text as it is. */
export interface ExampleTools {
  fc: typeof fastCheck;
  /** A body value sent as this exact JSON text (huge or deeply nested, what JSON.stringify would not make). */
  rawJson(text: string, label: string): unknown;
  /** A short text of letters and digits no other call returns: what keeps a unique field's values apart. */
  uniqueToken(): string;
  /** The run's fast-check seed, for a value drawn outside a property (fc.sample), so a run can be replayed. */
  seed: number;
}

/** A value a write may store or refuse (but never answer a 5xx to), and what it is, for a failure's message. */
export interface StressValue {
  value: unknown;
  label: string;
}

export interface FieldExamples {
  /** A value the field's schema accepts; carries `token` (letters and digits) where it can, so a unique field stays unique. */
  valid(field: Field, token: string, tools: ExampleTools): unknown;
  /** Values of a wrong form a create or update must refuse with a 400 (never null: an optional field takes it). */
  invalid(field: Field): unknown[];
  /** Values the field's schema accepts, for property tests. */
  arbitrary(field: Field, tools: ExampleTools): Arbitrary<unknown>;
  /** More wrong values, generated (malformed ids, NUL bytes, numbers past the column's range). */
  invalidArbitrary?(field: Field, tools: ExampleTools): Arbitrary<unknown>;
  /** Values a write may store or refuse but must survive: huge texts, deep nesting. */
  stress?(field: Field, tools: ExampleTools): Arbitrary<StressValue>;
}

// ---------------------------------------------------------------------------------------------
// What several types' examples share
// ---------------------------------------------------------------------------------------------

export const NUL = "\u0000";
export const dangerousKeys = new Set(["__proto__", "constructor", "prototype"]);

/** Printable text (no NUL, no lone surrogate): what a client may store in a text column. */
export const textArb = ({ fc }: ExampleTools, maxLength = 30, minLength = 0) =>
  fc.string({ unit: "grapheme", minLength, maxLength });

/** JSON a jsonb column can hold: no NUL in texts, no prototype keys (Fastify refuses those). */
export function jsonValueArb({ fc }: ExampleTools): Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth: 3 }).map(function clean(value: unknown): unknown {
    if (typeof value === "string") return value.replace(/\u0000/g, "");
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !dangerousKeys.has(k))
          .map(([k, v]) => [k.replace(/\u0000/g, ""), clean(v)]),
      );
    }
    return value;
  });
}

/** A text with a NUL byte inside, which no text column stores. */
export const nulTextArb = (tools: ExampleTools) =>
  tools.fc.tuple(textArb(tools, 10), textArb(tools, 10)).map(([a, b]) => `${a}${NUL}${b}`);

/** A long text that does not compress (so an index cannot hold it). */
export function longText(length: number): string {
  let out = "";
  for (let i = 0; out.length < length; i++) out += (Math.imul(i + 1, 2654435761) >>> 0).toString(36);
  return out.slice(0, length);
}

/** Texts of 3 000 to 1 100 000 characters, `wrap` making each the JSON sent (a bare string, a language map). */
export const hugeTextArb = (
  tools: ExampleTools,
  wrap: (json: string) => string = (json) => json,
): Arbitrary<StressValue> =>
  tools.fc.constantFrom(3_000, 100_000, 1_100_000).map((n) => ({
    value: tools.rawJson(wrap(JSON.stringify(longText(n))), `text of ${n} chars`),
    label: `text of ${n} chars`,
  }));

/** JSON nested 50 to 50 000 deep, as an array or an object (inside a key when the field is an object). */
export function deepJsonArb(field: Field, tools: ExampleTools): Arbitrary<StressValue> {
  const deep = (depth: number, array: boolean) =>
    tools.rawJson(
      `${(array ? "[" : '{"a":').repeat(depth)}1${(array ? "]" : "}").repeat(depth)}`,
      `${array ? "array" : "object"} nested ${depth} deep`,
    );
  return tools.fc.tuple(tools.fc.constantFrom(50, 1_000, 5_000, 50_000), tools.fc.boolean()).map(([depth, array]) => ({
    value: field.schema.type === "object" && array ? { x: deep(depth, true) } : deep(depth, array),
    label: `nested ${depth} deep`,
  }));
}

/** Whether a text satisfies the string keywords of a schema (enum aside). */
export function fitsString(schema: JsonSchema, text: string): boolean {
  const length = [...text].length; // JSON Schema counts code points
  if (typeof schema.minLength === "number" && length < schema.minLength) return false;
  if (typeof schema.maxLength === "number" && length > schema.maxLength) return false;
  if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(text)) return false;
  return true;
}

/** The whole numbers the schema's bounds (inclusive or exclusive) and PostgreSQL's `integer` allow. */
export function integerRange(schema: JsonSchema): [number, number] {
  let min = typeof schema.minimum === "number" ? schema.minimum : -(2 ** 31);
  let max = typeof schema.maximum === "number" ? schema.maximum : 2 ** 31 - 1;
  if (typeof schema.exclusiveMinimum === "number") min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (typeof schema.exclusiveMaximum === "number") max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  return [Math.max(Math.ceil(min), -(2 ** 31)), Math.min(Math.floor(max), 2 ** 31 - 1)];
}

/** A number the schema's minimum/maximum (inclusive or exclusive) allow, `preferred` if it can. */
export function numberWithin(schema: JsonSchema, preferred: number, integer: boolean): number {
  if (integer) {
    const [lo, hi] = integerRange(schema);
    return preferred >= lo && preferred <= hi ? preferred : Number.isFinite(lo) ? lo : hi;
  }
  let lo = -Infinity;
  let hi = Infinity;
  if (typeof schema.minimum === "number") lo = Math.max(lo, schema.minimum);
  if (typeof schema.maximum === "number") hi = Math.min(hi, schema.maximum);
  if (typeof schema.exclusiveMinimum === "number") lo = Math.max(lo, schema.exclusiveMinimum + 1e-6);
  if (typeof schema.exclusiveMaximum === "number") hi = Math.min(hi, schema.exclusiveMaximum - 1e-6);
  if (preferred >= lo && preferred <= hi) return preferred;
  return Number.isFinite(lo) ? lo : hi;
}

/** Finite numbers within the schema's bounds. */
export function numberArb({ fc }: ExampleTools, schema: JsonSchema): Arbitrary<number> {
  return fc
    .double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum })
    .filter(
      (n) =>
        (typeof schema.exclusiveMinimum !== "number" || n > schema.exclusiveMinimum) &&
        (typeof schema.exclusiveMaximum !== "number" || n < schema.exclusiveMaximum),
    );
}

/** A value for a plain JSON Schema (a property inside a JSON column). */
export function schemaValueArb(tools: ExampleTools, schema: JsonSchema): Arbitrary<unknown> {
  const { fc } = tools;
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case "string":
      // A pattern inside (an array's items, such as ISO country codes): texts it accepts.
      return typeof schema.pattern === "string" ? fc.stringMatching(new RegExp(schema.pattern)) : textArb(tools);
    case "integer": {
      const [min, max] = integerRange(schema);
      return fc.integer({ min, max });
    }
    case "number":
      return numberArb(tools, schema);
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(schema.items ? schemaValueArb(tools, schema.items) : jsonValueArb(tools), { maxLength: 3 });
    case "object": {
      const properties: Record<string, JsonSchema> = schema.properties ?? {};
      const known = fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, schemaValueArb(tools, s)])),
        {
          requiredKeys: (schema.required as string[] | undefined) ?? [],
        },
      );
      if (schema.additionalProperties === false) return known;
      const keys = fc.string({ maxLength: 12 }).filter((k) => !dangerousKeys.has(k) && !(k in properties));
      return fc
        .tuple(known, fc.dictionary(keys, jsonValueArb(tools), { maxKeys: 3 }))
        .map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return jsonValueArb(tools);
  }
}

/** Objects of texts by language, as a language map holds them. */
export const languageMapArb = (tools: ExampleTools) =>
  tools.fc.dictionary(tools.fc.constantFrom("en", "ru", "de", "pt-BR"), textArb(tools), { maxKeys: 4 });
