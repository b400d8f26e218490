// Values a schema accepts, per field type, format, enum, pattern and bounds.
import fc, { type Arbitrary } from "fast-check";
import type { Field, JsonSchema, Model } from "../../../engine/schema/model.js";
import { fitsString, isRequiredOnCreate, needsUniqueValue, stringFor, uniqueToken, writableFields, type Row } from "../build-record.js";

// ---------------------------------------------------------------------------------------------
// Values a schema accepts
// ---------------------------------------------------------------------------------------------

export const dangerousKeys = new Set(["__proto__", "constructor", "prototype"]);

/** Printable text (no NUL, no lone surrogate): what a client may store in a text column. */
export const textArb = (maxLength = 30, minLength = 0) => fc.string({ unit: "grapheme", minLength, maxLength });

export const keyArb = fc.string({ maxLength: 12 }).filter((k) => !dangerousKeys.has(k));

/** JSON a jsonb column can hold: no NUL in texts, no prototype keys (Fastify refuses those). */
export const jsonValueArb: Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 }).map(function clean(value: unknown): unknown {
  if (typeof value === "string") return value.replace(/\u0000/g, "");
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !dangerousKeys.has(k)).map(([k, v]) => [k.replace(/\u0000/g, ""), clean(v)]));
  }
  return value;
});

const timeArb = fc.date({ min: new Date("1000-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });
export const dateTimeArb = timeArb.map((d) => d.toISOString());
export const dateArb = timeArb.map((d) => d.toISOString().slice(0, 10));

function integerRange(schema: JsonSchema): [number, number] {
  let min = typeof schema.minimum === "number" ? schema.minimum : -(2 ** 31);
  let max = typeof schema.maximum === "number" ? schema.maximum : 2 ** 31 - 1;
  if (typeof schema.exclusiveMinimum === "number") min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (typeof schema.exclusiveMaximum === "number") max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  return [Math.max(Math.ceil(min), -(2 ** 31)), Math.min(Math.floor(max), 2 ** 31 - 1)];
}

function numberArb(schema: JsonSchema): Arbitrary<number> {
  const arb = fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
  return arb.filter(
    (n) =>
      (typeof schema.exclusiveMinimum !== "number" || n > schema.exclusiveMinimum) &&
      (typeof schema.exclusiveMaximum !== "number" || n < schema.exclusiveMaximum),
  );
}

/** Exact decimals as the wire carries them: sign, up to 18 integer and 12 fraction digits. */
const decimalArb: Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }))
  .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`);

/** A value for a plain JSON Schema (a property inside a JSON column). */
function schemaValueArb(schema: JsonSchema): Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case "string":
      return textArb();
    case "integer": {
      const [min, max] = integerRange(schema);
      return fc.integer({ min, max });
    }
    case "number":
      return numberArb(schema);
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(schema.items ? schemaValueArb(schema.items) : jsonValueArb, { maxLength: 3 });
    case "object":
      return objectArb(schema);
    default:
      return jsonValueArb;
  }
}

function objectArb(schema: JsonSchema): Arbitrary<unknown> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, schemaValueArb(s)])), {
    requiredKeys: (schema.required as string[] | undefined) ?? [],
  });
  if (schema.additionalProperties === false) return known;
  const extra = fc.dictionary(keyArb.filter((k) => !(k in properties)), jsonValueArb, { maxKeys: 3 });
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** Keeps a generated text unique when the field must be: a fresh token added if the schema allows it. */
function uniqueText(field: Field, arb: Arbitrary<string>): Arbitrary<string> {
  return arb.map((text) => {
    const token = uniqueToken();
    for (const candidate of [`${text}-${token}`, `${text}${token}`]) if (fitsString(field.schema, candidate)) return candidate;
    return stringFor(field, token);
  });
}

/** Values the field's schema accepts, with foreign keys pointing at the given parents. */
export function validValueArb(field: Field, parents: Record<string, string>): Arbitrary<unknown> {
  const s = field.schema;
  if (field.references) {
    const parent = parents[field.name];
    if (parent === undefined) throw new Error(`arbitraries: no parent for ${field.name}`);
    return fc.constant(parent);
  }
  switch (field.kind) {
    case "uuid":
      return fc.uuid();
    case "datetime":
      return dateTimeArb;
    case "date":
      return dateArb;
    case "boolean":
      return fc.boolean();
    case "integer": {
      const [min, max] = integerRange(s);
      return fc.integer({ min, max });
    }
    case "number":
      return numberArb(s);
    case "decimal":
      return decimalArb;
    case "language-map":
      return fc.dictionary(fc.constantFrom("en", "ru", "de", "pt-BR"), textArb(), { maxKeys: 4 });
    case "text-or-language-map":
      return fc.oneof(textArb(), fc.dictionary(fc.constantFrom("en", "ru", "de", "pt-BR"), textArb(), { maxKeys: 4 }));
    case "json":
      return schemaValueArb(s);
    case "string": {
      if (field.enum?.length) return fc.constantFrom(...field.enum);
      let arb: Arbitrary<string>;
      if (typeof s.pattern === "string") {
        arb = fc.stringMatching(new RegExp(s.pattern, "u"), { maxLength: 40 }).filter((v) => fitsString(s, v));
      } else if (s.format === "email") arb = fc.emailAddress();
      else if (s.format === "uri") arb = fc.webUrl();
      else arb = textArb(typeof s.maxLength === "number" ? Math.min(s.maxLength, 40) : 40, s.minLength ?? 0);
      return field.unique ? uniqueText(field, arb) : arb;
    }
    default:
      throw new Error(`arbitraries: no values for field kind ${field.kind} (add its case)`);
  }
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
  const requiredKeys = mode === "create" ? fields.filter((f) => isRequiredOnCreate(f) || needsUniqueValue(f)).map((f) => f.name) : [];
  return fc.record(shape, { requiredKeys }) as Arbitrary<Row>;
}
