// Valid records for any model, built from its schema and its fields' types alone, and the
// docs/api.md checks every test of the generic routes shares (error body, hidden fields).
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import qs from "qs";
import type { ExampleTools } from "../../engine/schema/field-types/field-examples.js";
import { fieldTypeOf } from "../../engine/schema/field-types/index.js";
import type { Field, Model } from "../../engine/schema/model.js";
import { RawJson } from "./arbitraries/requests.js";
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
export const answeredKeys = (model: Model) =>
  [...visibleFields(model).map((f) => f.name), ...(model.published ? ["publication"] : [])].sort();
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

/** The strict form the routes accept in a path (`isUuid` in engine/query/coerce.ts). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the field types' examples are made with (engine/schema/field-types/field-examples.ts). */
export const exampleTools: ExampleTools = {
  fc,
  rawJson: (text, label) => new RawJson(text, label),
  uniqueToken,
  get seed() {
    return propertySeed();
  },
};

/** A value that satisfies the field's schema, as its type gives one; texts carry `token` so unique fields stay unique. */
export function validValue(field: Field, token: string = uniqueToken()): unknown {
  return fieldTypeOf(field.kind).examples.valid(field, token, exampleTools);
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

/**
 * Values a module checks beyond the schema, for its model's bodies: a webhook's URL must be a
 * public address (an IP literal: no DNS in tests) and its events must name real events: a domain
 * event the generic writes never make, so the test's other writes queue no deliveries to it.
 */
const CHECKED_VALUES: Record<string, (token: string) => Row> = {
  "admin/webhooks": (token) => ({ url: `https://93.184.215.14/${token}`, events: ["ecommerce.order.paid"] }),
};

/** A valid create body for the model (no request is made). */
export function buildBody(model: Model, options: BodyOptions = {}): Row {
  const { parents = {}, all = false } = options;
  const token = uniqueToken();
  const overrides = { ...CHECKED_VALUES[model.id]?.(token), ...options.overrides };
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
    throw new Error(
      `POST ${apiPath(m)} ${JSON.stringify({ data: body })} answered ${response.status}: ${JSON.stringify(response.body)}`,
    );
  }
  return response.body.data;
}

// ---------------------------------------------------------------------------------------------
// docs/api.md checks
// ---------------------------------------------------------------------------------------------

/** The class of failure each status's `message` starts with (docs/api.md, "Errors"). */
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

/** What is wrong with an error answer, measured against the JSON error body; [] when nothing. */
export function errorBodyProblems(status: number, body: unknown): string[] {
  const problems: string[] = [];
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return [`body is not a JSON object: ${String(body).slice(0, 200)}`];
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
    if (prefixes && !prefixes.some((p) => (b.message as string).startsWith(p)))
      problems.push(`message "${b.message.slice(0, 120)}" does not start with ${prefixes.join(" or ")}`);
    if (/\n\s+at .+\(.*:\d+:\d+\)/.test(b.message)) problems.push("message holds a stack trace");
  }
  if (!Array.isArray(b.cause)) problems.push(`cause ${JSON.stringify(b.cause)} is not a list`);
  else if (
    b.cause.some(
      (c: unknown) =>
        typeof c !== "object" ||
        c === null ||
        typeof (c as Row).path !== "string" ||
        typeof (c as Row).message !== "string",
    )
  ) {
    problems.push(`cause items are not { path, message }: ${JSON.stringify(b.cause).slice(0, 200)}`);
  }
  if (typeof b.requestId !== "string" || !b.requestId)
    problems.push(`requestId ${JSON.stringify(b.requestId)} is not a text`);
  return problems;
}

/** The records an answer carries: `data` as one record or a list of them. */
export function recordsOf(body: unknown): Row[] {
  const data = (body as Row | null)?.data;
  if (Array.isArray(data)) return data.filter((r) => typeof r === "object" && r !== null);
  return typeof data === "object" && data !== null ? [data] : [];
}

/** Hidden fields an answer shows (by name, in any record it carries); [] when none. */
/**
 * A hidden field a create answers once, by design (docs/webhooks.md "The secret"): taken out of
 * that answer, after checking it is there, so the answer is then the record as every read shows it.
 */
const ONE_TIME_ON_CREATE: Record<string, { field: string; pattern: RegExp }> = {
  "admin/webhooks": { field: "secret", pattern: /^whsec_[A-Za-z0-9+/]{32,}=*$/ },
};

/** Takes the create answer's one-time hidden field out (see ONE_TIME_ON_CREATE); throws when it is missing or malformed. */
export function withoutOneTimeField(model: Model, body: { data?: Row }): void {
  const once = ONE_TIME_ON_CREATE[model.id];
  if (!once || !body?.data) return;
  if (!once.pattern.test(String(body.data[once.field])))
    throw new Error(`${model.id}: the create should answer its ${once.field} once`);
  delete body.data[once.field];
}

export function hiddenFieldLeaks(model: Model, body: unknown): string[] {
  const hidden = hiddenFields(model).map((f) => f.name);
  if (!hidden.length) return [];
  return recordsOf(body).flatMap((record) => hidden.filter((name) => name in record));
}
