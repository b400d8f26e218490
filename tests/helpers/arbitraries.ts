// fast-check arbitraries for the generic routes of any model, built from its schema: bodies a
// create or update must accept, bodies it must refuse, list queries, ids, and the request to send.
import fc, { type Arbitrary, type WeightedArbitrary } from "fast-check";
import { randomUUID } from "node:crypto";
import type { Field, JsonSchema, Model } from "../../engine/schema/model.js";
import {
  fitsString,
  hiddenFields,
  isRequiredOnCreate,
  needsUniqueValue,
  query,
  stringFor,
  uniqueToken,
  UUID_PATTERN,
  visibleFields,
  writableFields,
  type Row,
} from "./build-record.js";

// ---------------------------------------------------------------------------------------------
// Raw JSON: text spliced into a body as it is (deep nesting, `__proto__` keys, huge texts),
// printed short when fast-check reports a counterexample.
// ---------------------------------------------------------------------------------------------

export class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
  [fc.toStringMethod]() {
    return `RawJson(${this.label}, ${this.text.length} chars)`;
  }
  toString() {
    return this[fc.toStringMethod]();
  }
}

/** JSON text of a value, with every RawJson spliced in as its text. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => (v instanceof RawJson ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v));
  if (text === undefined) return "null";
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!);
}

/** A value as the server stores and returns it (JSON round trip: -0 is 0, RawJson is its text). */
export const normalized = (value: unknown): unknown => JSON.parse(toJson(value));

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export type Method = "GET" | "POST" | "PATCH" | "DELETE";
export type Encoding = "json" | "urlencoded" | "multipart";
export interface Sent {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

export const encodingArb: Arbitrary<Encoding> = fc.constantFrom<Encoding>("json", "json", "urlencoded", "multipart");

/** A request carrying `data` in one of API.md's three body forms (undefined: no `data` at all). */
export function bodyRequest(method: Method, url: string, data: unknown, encoding: Encoding): Sent {
  const json = data === undefined ? undefined : toJson(data);
  if (encoding === "json") {
    return { method, url, headers: { "content-type": "application/json" }, payload: json === undefined ? "{}" : `{"data":${json}}` };
  }
  if (encoding === "urlencoded") {
    return { method, url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: json === undefined ? "" : `data=${encodeURIComponent(json)}` };
  }
  const boundary = `----fc${randomUUID().replace(/-/g, "")}`;
  const part = json === undefined ? "" : `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${json}\r\n`;
  return { method, url, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: `${part}--${boundary}--\r\n` };
}

/** A request, short enough to print. */
export function describeRequest(sent: Sent): string {
  const payload = sent.payload === undefined ? "" : `\n  ${sent.headers?.["content-type"] ?? ""}\n  ${sent.payload.length > 2000 ? `${sent.payload.slice(0, 2000)}… (${sent.payload.length} chars)` : sent.payload}`;
  const url = sent.url.length > 2000 ? `${sent.url.slice(0, 2000)}… (${sent.url.length} chars)` : sent.url;
  return `${sent.method} ${url}${payload}`;
}

// ---------------------------------------------------------------------------------------------
// Values a schema accepts
// ---------------------------------------------------------------------------------------------

const dangerousKeys = new Set(["__proto__", "constructor", "prototype"]);

/** Printable text (no NUL, no lone surrogate): what a client may store in a text column. */
export const textArb = (maxLength = 30, minLength = 0) => fc.string({ unit: "grapheme", minLength, maxLength });

const keyArb = fc.string({ maxLength: 12 }).filter((k) => !dangerousKeys.has(k));

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
    case "language-map":
      return fc.dictionary(fc.constantFrom("en", "ru", "de", "pt-BR"), textArb(), { maxKeys: 4 });
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

const NUL = "\u0000";

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
    case "boolean":
      return ["true", "false", 1, 0, "yes", ...common];
    case "language-map":
      return ["text", 42, true, [], ["en"], { en: 1 }, { en: null }, { en: { nested: "x" } }, { "EN!": "x" }, { english: "x" }, { "": "x" }];
    case "json":
      return s.type === "array"
        ? ["text", 42, true, { a: 1 }]
        : ["text", 42, true, [], [{ a: 1 }], ...(s.additionalProperties === false ? [{ notAProperty: 1 }] : []), ...Object.keys(s.properties ?? {}).slice(0, 1).map((k) => ({ [k]: { wrong: [] } }))];
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

// ---------------------------------------------------------------------------------------------
// Ids in a path
// ---------------------------------------------------------------------------------------------

/** Path segments that are not valid percent-encoding: the URL itself is malformed. */
export const malformedSegments = ["%", "%zz", "%E0%A4%A", "abc%", "%C0%AF"];

/**
 * An id for `/{id}`, as it goes in the URL, and what the server must make of it. (Malformed
 * URLs are the router's business, the same for every model: see `malformedSegments`.)
 */
export interface IdCase {
  /** The path segment as sent (already encoded, or raw on purpose). */
  segment: string;
  kind: "existing" | "missing" | "malformed" | "route";
}

export function idCaseArb(existing: string[], { existingWeight = 2, routes = true } = {}): Arbitrary<IdCase> {
  const cases: WeightedArbitrary<IdCase>[] = [
    { weight: 1, arbitrary: fc.uuid().map((id) => ({ segment: id, kind: "missing" as const })) },
    { weight: 1, arbitrary: fc.uuid().map((id) => ({ segment: id.toUpperCase(), kind: "missing" as const })) },
    {
      weight: 2,
      arbitrary: malformedUuidArb.filter((s) => s !== "" && s !== "." && s !== "..").map((id) => ({ segment: encodeURIComponent(id), kind: "malformed" as const })),
    },
  ];
  if (routes) cases.push({ weight: 1, arbitrary: fc.constantFrom("count", "bulk", "find-or-create").map((segment) => ({ segment, kind: "route" as const })) });
  if (existing.length) cases.push({ weight: existingWeight, arbitrary: fc.constantFrom(...existing).map((id) => ({ segment: id, kind: "existing" as const })) });
  return fc.oneof(...cases);
}

// ---------------------------------------------------------------------------------------------
// List queries
// ---------------------------------------------------------------------------------------------

export const filterMethodNames = [
  "eq", "ne", "gt", "gte", "lt", "lte", "like", "ilike", "notLike", "notIlike", "inArray", "notInArray", "isNull", "isNotNull",
];

/** `known`: the server must accept it as a column / method; `bad`: it must refuse it; `unknown`: either. */
interface Named {
  name: unknown;
  status: "known" | "bad" | "unknown";
}

function columnArb(model: Model): Arbitrary<Named> {
  const visible = visibleFields(model);
  const jsonFields = visible.filter((f) => f.kind === "json" || f.kind === "language-map");
  const textField = visible.find((f) => f.kind === "string");
  const known = [...visible.map((f) => f.name), ...jsonFields.flatMap((f) => [`${f.name}->>en`, `${f.name}->>ru`, `${f.name}->>a_B-9`])];
  const bad: unknown[] = [
    ...hiddenFields(model).map((f) => f.name),
    "nope", "", "ID", "id ", "id;drop table x", "created_at", "__proto__", 42, ["id"], { a: 1 },
    ...jsonFields.slice(0, 1).flatMap((f) => [`${f.name}->>en->>x`, `${f.name}->>`, `${f.name}->>bad key!`, `${f.name}->>${"a".repeat(65)}`]),
    ...(textField ? [`${textField.name}->>en`] : []),
  ];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known).map((name) => ({ name, status: "known" as const })), weight: 6 },
    { arbitrary: fc.constantFrom(...bad).map((name) => ({ name, status: "bad" as const })), weight: 2 },
    { arbitrary: fc.string({ maxLength: 12 }).map((name) => ({ name, status: known.includes(name) ? ("known" as const) : ("unknown" as const) })), weight: 1 },
  );
}

const methodArb: Arbitrary<Named> = fc.oneof(
  { arbitrary: fc.constantFrom(...filterMethodNames).map((name) => ({ name, status: "known" as const })), weight: 6 },
  { arbitrary: fc.constantFrom<unknown>("EQ", "contains", "", "between", "like ", "in", "toString", 1).map((name) => ({ name, status: "bad" as const })), weight: 1 },
  { arbitrary: fc.string({ maxLength: 10 }).map((name) => ({ name, status: filterMethodNames.includes(name) ? ("known" as const) : ("unknown" as const) })), weight: 1 },
);

const scalarArb: Arbitrary<unknown> = fc.oneof(
  textArb(20),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  dateTimeArb,
  dateArb,
  fc.constantFrom("true", "1", "-1", "1.5", "2147483648", "1e400", "NaN", "2024-01-01", "2024-02-30", "[1,2]", '{"en":"x"}', "{", "%", "_", `a${NUL}b`, "\\"),
);

export function filterValueArb(existing: string[]): Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: scalarArb, weight: 6 },
    { arbitrary: fc.array(scalarArb, { maxLength: 4 }), weight: 2 },
    { arbitrary: fc.array(scalarArb, { maxLength: 4 }).map((a) => JSON.stringify(a)), weight: 1 },
    { arbitrary: fc.dictionary(keyArb, scalarArb, { maxKeys: 2 }), weight: 1 },
    { arbitrary: fc.constant(longText(5_000)), weight: 1 },
    ...(existing.length ? [{ arbitrary: fc.constantFrom(...existing), weight: 2 }, { arbitrary: fc.constant(existing), weight: 1 }] : []),
  );
}

export interface ListCase {
  /** The query string, without `?`. */
  query: string;
  /** The server must answer 400 (an unknown column, method, direction, limit or offset). */
  mustRefuse: boolean;
  /** The limit asked for, when it is a valid one. */
  limit?: number;
  describe: string;
}

interface FilterItem {
  item: unknown;
  bad: boolean;
}

function filterItemArb(model: Model, existing: string[]): Arbitrary<FilterItem> {
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc.record({ column: columnArb(model), method: methodArb, value: fc.option(filterValueArb(existing), { nil: undefined, freq: 8 }) }).map(({ column, method, value }) => ({
        item: { column: column.name, method: method.name, ...(value === undefined ? {} : { value }) },
        bad: column.status === "bad" || method.status === "bad",
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom<unknown>("id", 42, ["id", "eq", "x"]).map((item) => ({ item, bad: true })) },
  );
}

function orderItemArb(model: Model): Arbitrary<FilterItem> {
  const direction = fc.oneof(
    fc.constantFrom("asc", "desc", undefined).map((name) => ({ name, status: "known" as const })),
    fc.constantFrom("ASC", "up", "", "random()", 1).map((name) => ({ name, status: "bad" as const })),
  );
  return fc.record({ column: columnArb(model), method: direction }).map(({ column, method }) => ({
    item: { column: column.name, ...(method.name === undefined ? {} : { method: method.name }) },
    bad: column.status === "bad" || method.status === "bad",
  }));
}

/** A `limit` or `offset`: absent, a valid one, or one the server must refuse. */
function pagingArb(min: number, max: number): Arbitrary<{ value: unknown; bad: boolean }> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ value: undefined, bad: false }) },
    { weight: 4, arbitrary: fc.integer({ min, max }).map((n) => ({ value: n, bad: false })) },
    { weight: 1, arbitrary: fc.constant({ value: "", bad: false }) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<unknown>(min - 1, -5, "abc", "1.5", "1e3", "99999999999999999999", ["1", "2"], { a: "1" }, " 1", "0x10")
        .map((value) => ({ value, bad: true })),
    },
  );
}

/**
 * List queries: filters (and-lists of column, method, value, in qs brackets or as JSON text),
 * orderBy, limit and offset, with real and unknown columns (`title->>en` too), valid and
 * unknown methods, values of every type.
 */
export function listCaseArb(model: Model, existing: string[], { paging = true } = {}): Arbitrary<ListCase> {
  return fc
    .record({
      filters: fc.array(filterItemArb(model, existing), { maxLength: 3 }),
      // `/count` reads filters only (API.md), so its queries carry no orderBy either.
      orders: paging ? fc.array(orderItemArb(model), { maxLength: 2 }) : fc.constant<FilterItem[]>([]),
      limit: paging ? pagingArb(1, 1500) : fc.constant({ value: undefined, bad: false }),
      offset: paging ? pagingArb(0, 5) : fc.constant({ value: undefined, bad: false }),
      form: fc.constantFrom("brackets", "brackets", "json", "and-json", "array-json"),
    })
    .map(({ filters, orders, limit, offset, form }) => {
      const f = filters.map((x) => x.item);
      const o = orders.map((x) => x.item);
      const params: Row = {};
      const orderBy = (value: unknown) => (paging ? { orderBy: value } : {});
      if (form === "brackets") Object.assign(params, { filters: { and: f }, ...orderBy({ and: o }) });
      if (form === "json") Object.assign(params, { filters: JSON.stringify({ and: f }), ...orderBy(JSON.stringify({ and: o })) });
      if (form === "and-json") Object.assign(params, { filters: { and: JSON.stringify(f) }, ...orderBy({ and: JSON.stringify(o) }) });
      if (form === "array-json") Object.assign(params, { filters: JSON.stringify(f), ...orderBy(JSON.stringify(o)) });
      if (limit.value !== undefined) params.limit = limit.value;
      if (offset.value !== undefined) params.offset = offset.value;
      const mustRefuse = [...filters, ...orders, limit, offset].some((x) => x.bad);
      return {
        query: query(params),
        mustRefuse,
        limit: !limit.bad && typeof limit.value === "number" ? limit.value : undefined,
        describe: JSON.stringify(params).slice(0, 1500),
      };
    });
}

/** Query strings nobody would write: raw garbage around the list parameters. */
export const garbageQueryArb: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "filters=abc", "filters=[", "filters[and]=abc", "filters[and][0]=abc", "filters[or][0][column]=id", "filters[and][0][column][x]=1",
    "orderBy=desc", "orderBy[and][0]=id", "limit=&offset=", "filters=%7B%22and%22%3A5%7D", "filters[and][99999][column]=id",
    "filters[and][0][column]=id&filters[and][0][method]=inArray&filters[and][0][value]=%5B",
    "filters=%00", "limit=%00", "filters[and][0][column]=%ZZ", "%", "a=%zz",
  ),
  fc.string({ maxLength: 60 }).map((s) => encodeURI(s).replace(/%25/g, "%")),
  fc.dictionary(fc.constantFrom("filters", "orderBy", "limit", "offset", "filters[and]", "filters[and][0]"), fc.string({ maxLength: 20 }), { maxKeys: 3 }).map((d) =>
    Object.entries(d).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&"),
  ),
);
