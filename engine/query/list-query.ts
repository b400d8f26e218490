import { validationErrorFromCauses, type ErrorCause } from "../errors.js";
import { fieldTypeOf } from "../schema/field-types/index.js";
import { filterMethods, likeMethods, type FilterMethod } from "../schema/field-types/filter-methods.js";
import type { Field, FieldKind, Model } from "../schema/model.js";
import { jsonLimitProblem } from "./json-limits.js";
import { isPlainObject } from "./plain-object.js";

// The filter language (docs/api.md): an and-list of {column, method, value}, orderBy, limit, offset,
// given as qs brackets or as JSON strings. Parsed into a checked form before any SQL is built,
// so every mistake is a 400 that names the parameter.
export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 1000;

export { filterMethods, type FilterMethod };

export interface ColumnRef {
  field: Field;
  /** Key inside a JSON column: `title->>en`. */
  key?: string;
  /** Kind of the compared value: a `->>` key is text. */
  kind: FieldKind;
}
export interface Condition extends ColumnRef {
  method: FilterMethod;
  value?: unknown;
}
/** Filters that hold together (`and`) or of which one must hold (`or`). */
export interface FilterGroup {
  group: "and" | "or";
  filters: Filter[];
}
/** A condition, or a group of filters; a list of them means all must hold. */
export type Filter = Condition | FilterGroup;
export const isGroup = (filter: Filter): filter is FilterGroup => (filter as Partial<FilterGroup>).group !== undefined;

/**
 * A condition, always made with the same fields in the same order: code that reads filters (the
 * statement's shape, its values, the SQL) then meets one kind of object, not one per way it was
 * made (a spread of a column gave as many shapes as there were columns' shapes and methods).
 */
export const condition = (column: ColumnRef, method: FilterMethod, value: unknown): Condition => ({
  field: column.field,
  key: column.key,
  kind: column.kind,
  method,
  value,
});

/** Groups inside groups, at most: `{ or: [{ and: [{ or: [...] }] }] }` is three. */
export const MAX_GROUP_DEPTH = 3;
const GROUP_KEYS = ["and", "or"] as const;
export interface Order extends ColumnRef {
  direction: "asc" | "desc";
}
export interface ListQuery {
  filters: Filter[];
  orderBy: Order[];
  limit: number;
  offset: number;
  /**
   * Only the rows after this position of the full order (the values of its keys, the id last:
   * keyset-after.ts), read from where it is rather than by skipping rows; ListCursors reads it.
   */
  after?: unknown[];
}

/** A list route's query: the list query and, when given, the `after` cursor still to be read. */
export interface ParsedListQuery extends ListQuery {
  cursor?: string;
}

/**
 * The query keys of the list route. A key it does not know (`sort=password`, a misspelt
 * `ofset`) is a 400 naming it, never ignored: ignoring it would answer an unfiltered, unordered
 * list as if the caller's condition had held.
 */
export const LIST_QUERY_KEYS = ["filters", "orderBy", "limit", "offset", "after"] as const;
/** The count route's: its filters and `estimate`, and the list's keys (see parseCountQuery). */
export const COUNT_QUERY_KEYS = [...LIST_QUERY_KEYS, "estimate"] as const;
const CONDITION_KEYS = ["column", "method", "value"];
const ORDER_KEYS = ["column", "method"];

/** A cause for each key of `value` not in `known`, at `path/key`; true when there was one. */
function refuseUnknownKeys(
  value: Record<string, unknown>,
  known: readonly string[],
  path: string,
  what: string,
  causes: ErrorCause[],
): boolean {
  let refused = false;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    fail(causes, `${path}/${key}`, `is not ${what}: use ${known.join(", ")}`);
    refused = true;
  }
  return refused;
}

export function parseListQuery(model: Model, query: Record<string, unknown>): ParsedListQuery {
  const causes: ErrorCause[] = [];
  refuseUnknownKeys(query, LIST_QUERY_KEYS, "", "a query parameter of this route", causes);
  const filters = parseFilters(model, query.filters, causes);
  const orderBy = parseOrder(model, query.orderBy, causes);
  const limit = parseInteger(query.limit, "/limit", LIST_LIMIT_DEFAULT, causes, 1);
  const offset = parseInteger(query.offset, "/offset", 0, causes, 0);
  const cursor = parseCursor(query.after, offset, causes);
  if (causes.length) throw validationErrorFromCauses(causes);
  return {
    filters,
    orderBy,
    limit: Math.min(limit, LIST_LIMIT_MAX),
    offset,
    ...(cursor === undefined ? {} : { cursor }),
  };
}

/** `after`: a page's `next` cursor, as text; it starts the page itself, so an offset beside it is refused. */
function parseCursor(raw: unknown, offset: number, causes: ErrorCause[]): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || raw === "") return void fail(causes, "/after", "must be the next cursor of a page");
  if (offset > 0)
    return void fail(causes, "/after", "cannot be combined with offset: the cursor is where the page starts");
  return raw;
}

/**
 * The count route's query: filters and `estimate` (true or false). The list's own keys are
 * checked when given (a client may send its list's query to the count too) and mean nothing here.
 */
export function parseCountQuery(
  model: Model,
  query: Record<string, unknown>,
): { filters: Filter[]; estimate: boolean } {
  const causes: ErrorCause[] = [];
  refuseUnknownKeys(query, COUNT_QUERY_KEYS, "", "a query parameter of this route", causes);
  const filters = parseFilters(model, query.filters, causes);
  parseOrder(model, query.orderBy, causes);
  parseInteger(query.limit, "/limit", LIST_LIMIT_DEFAULT, causes, 1);
  parseInteger(query.offset, "/offset", 0, causes, 0);
  const estimate = query.estimate;
  if (estimate !== undefined && estimate !== "true" && estimate !== "false")
    causes.push({ path: "/estimate", message: "must be true or false" });
  if (causes.length) throw validationErrorFromCauses(causes);
  return { filters, estimate: estimate === "true" };
}

/**
 * `filters` as a list that must all hold: `filters[and]` (a list, or one JSON string), and
 * `filters[or]` (the same, one of which must hold), both given at once meaning both. An item of
 * either list is a condition `{ column, method, value }` or itself a group `{ and: [...] }` /
 * `{ or: [...] }`, up to MAX_GROUP_DEPTH deep. Any other key is a 400, never ignored.
 */
export function parseFilters(model: Model, raw: unknown, causes: ErrorCause[]): Filter[] {
  if (raw === undefined || raw === "") return [];
  let value = typeof raw === "string" ? safeJson(raw) : raw;
  if (Array.isArray(value)) value = { and: value };
  if (!isPlainObject(value)) return fail(causes, "/filters", "must be an object with an and-list or an or-list");
  const group = parseGroup(model, value, "/filters", 0, causes);
  return group ? (group.group === "and" ? group.filters : [group]) : [];
}

/** A group object (`{ and, or }`): its and-list, with the or-list as one more filter of it. */
function parseGroup(
  model: Model,
  value: Record<string, unknown>,
  path: string,
  depth: number,
  causes: ErrorCause[],
): FilterGroup | undefined {
  let unknown = false;
  for (const key of Object.keys(value)) {
    if ((GROUP_KEYS as readonly string[]).includes(key)) continue;
    fail(causes, `${path}/${key}`, "is not a filter group: use and or or");
    unknown = true;
  }
  if (unknown) return undefined;
  if (depth > MAX_GROUP_DEPTH) return void fail(causes, path, `groups nest at most ${MAX_GROUP_DEPTH} deep`);
  const all = value.and === undefined ? [] : parseList(model, value.and, `${path}/and`, depth, causes);
  if (value.or === undefined) return { group: "and", filters: all };
  const any: FilterGroup = { group: "or", filters: parseList(model, value.or, `${path}/or`, depth, causes) };
  return value.and === undefined ? any : { group: "and", filters: [...all, any] };
}

function parseList(model: Model, raw: unknown, path: string, depth: number, causes: ErrorCause[]): Filter[] {
  let list = typeof raw === "string" ? safeJson(raw) : raw;
  if (list === undefined) return fail(causes, path, "must be a JSON list");
  // qs turns long or sparse arrays into objects keyed "0", "1", …
  if (isPlainObject(list) && Object.keys(list).every((k) => /^\d+$/.test(k))) list = Object.values(list);
  if (!Array.isArray(list)) return fail(causes, path, "must be a list");
  const filters: Filter[] = [];
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    const itemPath = `${path}/${i}`;
    if (!isPlainObject(item)) {
      fail(causes, itemPath, "must be an object with column, method and value");
      continue;
    }
    if (!("column" in item) && !("method" in item)) {
      if (Object.keys(item).length === 0)
        fail(causes, itemPath, "must be a condition (column, method, value) or a group (and, or)");
      else {
        const group = parseGroup(model, item, itemPath, depth + 1, causes);
        if (group) filters.push(group);
      }
      continue;
    }
    if (refuseUnknownKeys(item, CONDITION_KEYS, itemPath, "a key of a condition", causes)) continue;
    const condition = parseCondition(model, item, itemPath, causes);
    if (condition) filters.push(condition);
  }
  return filters;
}

function parseCondition(
  model: Model,
  item: Record<string, any>,
  path: string,
  causes: ErrorCause[],
): Condition | undefined {
  const column = resolveColumn(model, item.column, `${path}/column`, causes);
  const method = item.method as FilterMethod;
  if (!filterMethods.includes(method))
    return void fail(causes, `${path}/method`, `must be one of ${filterMethods.join(", ")}`);
  if (!column) return undefined;
  return checkValue(column, method, item.value, `${path}/value`, causes);
}

function checkValue(
  column: ColumnRef,
  method: FilterMethod,
  raw: unknown,
  path: string,
  causes: ErrorCause[],
): Condition | undefined {
  const { kind } = column;
  const type = fieldTypeOf(kind);
  if (method === "isNull" || method === "isNotNull") return condition(column, method, undefined);
  // PostgreSQL text cannot hold NUL: say so here rather than let the database word it.
  const problem = jsonLimitProblem(raw);
  if (problem) {
    fail(causes, path, problem);
    return;
  }
  if (!type.filters.methods.includes(method)) {
    const name = nameOf(column);
    fail(causes, path, type.filters.refusal?.(method, name) ?? refusal(method, name, kind));
    return;
  }
  if (method === "inArray" || method === "notInArray") {
    // qs drops an empty array, so a list the client built empty arrives as no value at all.
    const list = raw === undefined ? [] : typeof raw === "string" && raw.startsWith("[") ? safeJson(raw) : raw;
    if (!Array.isArray(list)) {
      fail(causes, path, `must be an array for ${method}`);
      return;
    }
    // A value no row can hold (a text that is no uuid) is left out of the list rather than refused.
    const neverEquals = type.filters.neverEquals;
    const values = (neverEquals ? list.filter((v) => !neverEquals(v)) : list).map((v) => type.coerce(v));
    const bad = values.indexOf(undefined);
    if (bad >= 0) {
      fail(causes, `${path}/${bad}`, `must be a ${kind} value for ${nameOf(column)}`);
      return;
    }
    return condition(column, method, values);
  }
  if (likeMethods.includes(method)) {
    if (typeof raw !== "string") {
      fail(causes, path, `must be a text pattern for ${method}`);
      return;
    }
    return condition(column, method, asPattern(raw));
  }
  const value = type.coerce(raw);
  if (value === undefined && type.filters.neverEquals?.(raw)) {
    // The original client looks records up by whatever text it has (a slug in an id filter):
    // no uuid equals a text that is not one, so eq matches nothing and ne every non-null value.
    if (method === "eq") return condition(column, "inArray", []);
    if (method === "ne") return condition(column, "isNotNull", undefined);
  }
  if (value === undefined) {
    fail(causes, path, `must be a ${kind} value for ${nameOf(column)}`);
    return;
  }
  return condition(column, method, value);
}

/** A filtered column as an error names it: the field, and the key of a language map or JSON field read. */
const nameOf = (column: ColumnRef) => column.field.name + (column.key ? `->>${column.key}` : "");

/** Why a type refuses a method, when the type does not word it itself. */
const refusal = (method: FilterMethod, name: string, kind: FieldKind) =>
  likeMethods.includes(method)
    ? `${method} needs a text column, ${name} is ${kind}`
    : `${method} does not apply to ${name}, which is ${kind}`;

/**
 * A like pattern as given, or a bare word (no `%` or `_`, as the original client sends search
 * text) as "contains": `shoe` → `%shoe%`, with LIKE's escape character escaped.
 */
const asPattern = (raw: string) => (/[%_]/.test(raw) ? raw : `%${raw.replace(/\\/g, "\\\\")}%`);

export function parseOrder(model: Model, raw: unknown, causes: ErrorCause[]): Order[] {
  const items = andList(raw, "/orderBy", causes);
  return items.flatMap((item, i) => {
    const path = `/orderBy/and/${i}`;
    if (!isPlainObject(item)) return fail(causes, path, "must be an object with column and method");
    if (refuseUnknownKeys(item, ORDER_KEYS, path, "a key of an order", causes)) return [];
    const column = resolveColumn(model, item.column, `${path}/column`, causes);
    const direction = item.method ?? "asc";
    if (direction !== "asc" && direction !== "desc") return fail(causes, `${path}/method`, "must be asc or desc");
    return column ? [{ ...column, direction }] : [];
  });
}

/** A column the client may name: a visible field, or `field->>key` inside a JSON field. */
function resolveColumn(model: Model, raw: unknown, path: string, causes: ErrorCause[]): ColumnRef | undefined {
  if (typeof raw !== "string") return void fail(causes, path, "must be a column name");
  // A plain field name (nearly every filter and order) without splitting it.
  const plain = model.fieldMap.get(raw);
  if (plain && !plain.hidden) return { field: plain, kind: plain.kind };
  const [name, key, extra] = raw.split("->>");
  const field = model.fieldMap.get(name!);
  if (!field || field.hidden || key === undefined)
    return void fail(causes, path, `${raw} is not a column of ${model.id}`);
  if (extra !== undefined || !/^[A-Za-z0-9_-]{1,64}$/.test(key) || !fieldTypeOf(field.kind).filters.keys) {
    return void fail(causes, path, `${raw} is not a column of ${model.id}`);
  }
  return { field, key, kind: "string" };
}

/** `x[and]` as an array, whether qs built it or it came as one JSON string. */
function andList(raw: unknown, path: string, causes: ErrorCause[]): unknown[] {
  if (raw === undefined || raw === "") return [];
  let value = typeof raw === "string" ? safeJson(raw) : raw;
  if (Array.isArray(value)) value = { and: value };
  if (!isPlainObject(value)) return fail(causes, path, "must be an object with an and-list");
  if (refuseUnknownKeys(value, ["and"], path, "an order list", causes)) return [];
  let list = value.and;
  if (typeof list === "string") {
    list = safeJson(list);
    if (list === undefined) return fail(causes, `${path}/and`, "must be a JSON list");
  }
  // qs turns long or sparse arrays into objects keyed "0", "1", …
  if (isPlainObject(list) && Object.keys(list).every((k) => /^\d+$/.test(k))) list = Object.values(list);
  if (list === undefined) return [];
  if (!Array.isArray(list)) return fail(causes, `${path}/and`, "must be a list");
  return list;
}

function parseInteger(raw: unknown, path: string, fallback: number, causes: ErrorCause[], min: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    fail(causes, path, `must be an integer of at least ${min}`);
    return fallback;
  }
  return n;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fail(causes: ErrorCause[], path: string, message: string): [] {
  causes.push({ path, message });
  return [];
}
