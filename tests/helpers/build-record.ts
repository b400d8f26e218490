// Valid records for any model, built from its schema alone, and the API.md checks every test
// of the generic routes shares (error body, hidden fields).
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import qs from "qs";
import type { Field, JsonSchema, Model } from "../../engine/schema/model.js";
import { propertySeed } from "./fc-seed.js";
import type { TestApp } from "./test-app.js";

export type Row = Record<string, any>;

// ---------------------------------------------------------------------------------------------
// Which fields a body carries
// ---------------------------------------------------------------------------------------------

/** A client may send it: not hidden, not maintained by the server. */
export const isWritable = (f: Field) => !f.hidden && !f.readOnly;

/** A create must carry it: required, with no default and nothing generated. */
export const isRequiredOnCreate = (f: Field) => isWritable(f) && f.required && f.default === undefined && !f.generated;

/**
 * Unique fields the server does not make unique by itself: a default repeats ("/" for a page
 * url), a generator (slug, uuid) does not. Bodies fill these with fresh values.
 */
export const needsUniqueValue = (f: Field) => isWritable(f) && f.unique && !f.generated;

export const visibleFields = (model: Model) => model.fields.filter((f) => !f.hidden);

/** The keys of a record as the routes answer it: its visible fields, and an x-drafts record's read-only publication. */
export const answeredKeys = (model: Model) => [...visibleFields(model).map((f) => f.name), ...(model.published ? ["publication"] : [])].sort();
export const hiddenFields = (model: Model) => model.fields.filter((f) => f.hidden);
export const writableFields = (model: Model) => model.fields.filter(isWritable);

/** The fields `buildBody` fills: the required ones and unique ones, or (all) every writable one. */
export function fieldsToFill(model: Model, all = false): Field[] {
  return model.fields.filter((f) => (all ? isWritable(f) : isRequiredOnCreate(f) || needsUniqueValue(f)));
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

let sequence = 0;
/** A short token no other call in this process returns: lower-case letters and digits only. */
export function uniqueToken(): string {
  sequence += 1;
  return `${sequence.toString(36)}x${randomUUID().replace(/-/g, "").slice(0, 10)}`;
}

export const FIXED_DATE_TIME = "2024-05-06T07:08:09.123Z";
export const FIXED_DATE = "2024-05-06";

/** The strict form the routes accept in a path (`isUuid` in engine/query/coerce.ts). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A number the schema's minimum/maximum (inclusive or exclusive) allow, `preferred` if it can. */
export function numberWithin(schema: JsonSchema, preferred: number, integer: boolean): number {
  let lo = -Infinity;
  let hi = Infinity;
  if (typeof schema.minimum === "number") lo = Math.max(lo, schema.minimum);
  if (typeof schema.maximum === "number") hi = Math.min(hi, schema.maximum);
  if (typeof schema.exclusiveMinimum === "number") lo = Math.max(lo, integer ? Math.floor(schema.exclusiveMinimum) + 1 : schema.exclusiveMinimum + 1e-6);
  if (typeof schema.exclusiveMaximum === "number") hi = Math.min(hi, integer ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.exclusiveMaximum - 1e-6);
  if (integer) {
    lo = Math.max(lo, -(2 ** 31));
    hi = Math.min(hi, 2 ** 31 - 1);
    lo = Math.ceil(lo);
    hi = Math.floor(hi);
  }
  if (preferred >= lo && preferred <= hi) return preferred;
  return Number.isFinite(lo) ? lo : hi;
}

/** Whether a text satisfies the string keywords of a schema (enum aside). */
export function fitsString(schema: JsonSchema, text: string): boolean {
  const length = [...text].length; // JSON Schema counts code points
  if (typeof schema.minLength === "number" && length < schema.minLength) return false;
  if (typeof schema.maxLength === "number" && length > schema.maxLength) return false;
  if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(text)) return false;
  return true;
}

/** Pads or trims a text to the schema's length limits, keeping its end (where the token is). */
function toLength(schema: JsonSchema, text: string): string {
  let out = text;
  if (typeof schema.minLength === "number" && out.length < schema.minLength) out = out + "x".repeat(schema.minLength - out.length);
  if (typeof schema.maxLength === "number" && out.length > schema.maxLength) out = out.slice(out.length - schema.maxLength);
  return out;
}

/** A valid text for a string field, containing `token` whenever the schema allows it. */
export function stringFor(field: Field, token: string): string {
  const s = field.schema;
  if (field.enum?.length) return field.enum[0]!;
  const candidates =
    s.format === "email"
      ? [`user-${token}@example.com`]
      : s.format === "uri"
        ? [`https://example.com/${token}`]
        : [`${field.name}-${token}`, token, `${token}-${field.name}`.toLowerCase(), token.toUpperCase()];
  for (const candidate of candidates.map((c) => toLength(s, c))) if (fitsString(s, candidate)) return candidate;
  if (typeof s.pattern === "string") {
    // An unusual pattern: let fast-check find texts it matches, and keep one that fits the lengths.
    const samples = fc.sample(fc.stringMatching(new RegExp(s.pattern, "u"), { maxLength: 40 }), { numRuns: 200, seed: propertySeed() });
    const found = samples.find((c) => fitsString(s, c) && c.length > 3) ?? samples.find((c) => fitsString(s, c));
    if (found !== undefined) return found;
  }
  throw new Error(`build-record: no valid text for ${field.name} (${JSON.stringify(s)})`);
}

/** A value that satisfies the field's schema; texts carry `token` so unique fields stay unique. */
export function validValue(field: Field, token: string = uniqueToken()): unknown {
  const s = field.schema;
  switch (field.kind) {
    case "uuid":
      return randomUUID();
    case "datetime":
      return FIXED_DATE_TIME;
    case "date":
      return FIXED_DATE;
    case "boolean":
      return true;
    case "integer":
      return numberWithin(s, 1, true);
    case "number":
      return numberWithin(s, 1.5, false);
    case "decimal":
      return "19.99";
    case "language-map":
    case "text-or-language-map":
      return { en: `English ${token}`, ru: `Русский ${token}` };
    case "json":
      return s.type === "array" ? [] : {};
    case "string":
      return stringFor(field, token);
    default:
      throw new Error(`build-record: no valid value for field kind ${field.kind} (add its case)`);
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies and records
// ---------------------------------------------------------------------------------------------

export interface BodyOptions {
  /** Foreign key field → id of an existing parent. Every required foreign key needs one. */
  parents?: Record<string, string>;
  /** Fill every writable field, not only the ones a create needs. */
  all?: boolean;
  /** Values that replace the built ones (and may add fields the builder would not send). */
  overrides?: Row;
}

/** A valid create body for the model (no request is made). */
export function buildBody(model: Model, options: BodyOptions = {}): Row {
  const { parents = {}, all = false, overrides = {} } = options;
  const token = uniqueToken();
  const body: Row = {};
  for (const field of fieldsToFill(model, all)) {
    if (field.name in overrides) continue;
    if (field.references) {
      const parent = parents[field.name];
      if (parent === undefined) {
        if (!field.required) continue;
        throw new Error(`build-record: ${model.id}.${field.name} needs a parent ${field.references.model}`);
      }
      body[field.name] = parent;
    } else {
      body[field.name] = validValue(field, token);
    }
  }
  return { ...body, ...overrides };
}

export const apiPath = (model: Model | string) => `/api/${typeof model === "string" ? model : model.id}`;

/** A query string with the `qs` conventions the routes read (brackets, indices). */
export const query = (params: Record<string, unknown>) => qs.stringify(params, { encodeValuesOnly: false });

/** `?filters[and][0][column]=id&…[method]=eq&…[value]=<id>` */
export const byIdFilter = (id: string) => query({ filters: { and: [{ column: "id", method: "eq", value: id }] } });

const modelOf = (t: TestApp, model: Model | string) => (typeof model === "string" ? t.app.registry.get(model) : model);

/**
 * Creates (through POST) one parent for every foreign key of the model that is not in `given`,
 * recursively. With a cache (model id → record), a parent model gets one record, reused.
 */
export async function createParents(
  t: TestApp,
  model: Model | string,
  options: { given?: Row; all?: boolean; cache?: Map<string, Row>; depth?: number } = {},
): Promise<Record<string, string>> {
  const m = modelOf(t, model);
  const { given = {}, all = false, cache, depth = 0 } = options;
  if (depth > 8) throw new Error(`build-record: foreign keys of ${m.id} nest too deep (a required cycle?)`);
  const parents: Record<string, string> = {};
  // The child of an x-owned relation belongs to one link (deleting the link deletes it): never shared.
  const ownedChild = m.ownsChild ? m.fields.filter((f) => f.references)[1] : undefined;
  for (const field of m.fields) {
    if (!field.references || field.name in given || !isWritable(field) || !(field.required || all)) continue;
    const parentModel = t.app.registry.get(field.references.model);
    const shared = field !== ownedChild;
    let parent = shared ? cache?.get(parentModel.id) : undefined;
    if (!parent) {
      parent = await createRecord(t, parentModel, {}, { cache, depth: depth + 1 });
      if (shared) cache?.set(parentModel.id, parent);
    }
    parents[field.name] = parent.id;
  }
  return parents;
}

/**
 * Creates a valid record through `POST /api/{model}`, its parents first, and returns the
 * created record (`data` of the 201). Throws with the request and answer if it is not a 201.
 */
export async function createRecord(
  t: TestApp,
  model: Model | string,
  overrides: Row = {},
  options: { all?: boolean; cache?: Map<string, Row>; depth?: number } = {},
): Promise<Row> {
  const m = modelOf(t, model);
  const parents = await createParents(t, m, { given: overrides, ...options });
  const body = buildBody(m, { parents, overrides, all: options.all });
  const response = await t.request({ method: "POST", url: apiPath(m), payload: { data: body } });
  if (response.status !== 201) {
    throw new Error(`POST ${apiPath(m)} ${JSON.stringify({ data: body })} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body.data;
}

// ---------------------------------------------------------------------------------------------
// API.md checks
// ---------------------------------------------------------------------------------------------

/** The class of failure each status's `message` starts with (API.md, "Envelope and status codes"). */
export const messagePrefixes: Record<number, string[]> = {
  400: ["Validation error"],
  401: ["Authentication error"],
  403: ["Permission error"],
  404: ["Not Found error"],
  409: ["Conflict error"],
  413: ["Payload Too Large error"],
  415: ["Validation error", "Unsupported Media Type error"],
  429: ["Rate limit error"],
  500: ["Internal error"],
};

export const errorCodeFor: Record<number, string> = {
  400: "VALIDATION_ERROR",
  401: "AUTHENTICATION_ERROR",
  403: "PERMISSION_ERROR",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMIT",
  500: "INTERNAL_ERROR",
};

const errorKeys = ["status", "error", "code", "message", "cause", "requestId"];

/** What is wrong with an error answer, measured against API.md's error body; [] when nothing. */
export function errorBodyProblems(status: number, body: unknown): string[] {
  const problems: string[] = [];
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [`body is not a JSON object: ${String(body).slice(0, 200)}`];
  const b = body as Row;
  for (const key of errorKeys) if (!(key in b)) problems.push(`no "${key}"`);
  const extra = Object.keys(b).filter((k) => !errorKeys.includes(k));
  if (extra.length) problems.push(`unexpected keys ${extra.join(", ")}`);
  if (b.status !== status) problems.push(`status ${JSON.stringify(b.status)} is not the HTTP status ${status}`);
  if (typeof b.error !== "string" || !b.error) problems.push(`error ${JSON.stringify(b.error)} is not a text`);
  const code = errorCodeFor[status];
  if (code && b.code !== code) problems.push(`code ${JSON.stringify(b.code)} is not ${code}`);
  if (typeof b.message !== "string") problems.push(`message ${JSON.stringify(b.message)} is not a text`);
  else {
    const prefixes = messagePrefixes[status];
    if (prefixes && !prefixes.some((p) => (b.message as string).startsWith(p))) problems.push(`message "${b.message.slice(0, 120)}" does not start with ${prefixes.join(" or ")}`);
    if (/\n\s+at .+\(.*:\d+:\d+\)/.test(b.message)) problems.push("message holds a stack trace");
  }
  if (!Array.isArray(b.cause)) problems.push(`cause ${JSON.stringify(b.cause)} is not a list`);
  else if (b.cause.some((c: unknown) => typeof c !== "object" || c === null || typeof (c as Row).path !== "string" || typeof (c as Row).message !== "string")) {
    problems.push(`cause items are not { path, message }: ${JSON.stringify(b.cause).slice(0, 200)}`);
  }
  if (typeof b.requestId !== "string" || !b.requestId) problems.push(`requestId ${JSON.stringify(b.requestId)} is not a text`);
  return problems;
}

/** The records an answer carries: `data` as one record or a list of them. */
export function recordsOf(body: unknown): Row[] {
  const data = (body as Row | null)?.data;
  if (Array.isArray(data)) return data.filter((r) => typeof r === "object" && r !== null);
  return typeof data === "object" && data !== null ? [data] : [];
}

/** Hidden fields an answer shows (by name, in any record it carries); [] when none. */
export function hiddenFieldLeaks(model: Model, body: unknown): string[] {
  const hidden = hiddenFields(model).map((f) => f.name);
  if (!hidden.length) return [];
  return recordsOf(body).flatMap((record) => hidden.filter((name) => name in record));
}
