// Ids in a path and list queries: real and unknown columns, methods, values, orders.
import fc, { type Arbitrary, type WeightedArbitrary } from "fast-check";
import { filterMethods } from "../../../engine/schema/field-types/filter-methods.js";
import { fieldTypeOf } from "../../../engine/schema/field-types/index.js";
import type { Model } from "../../../engine/schema/model.js";
import { hiddenFields, query, visibleFields, type Row } from "../build-record.js";
import { dateArb, dateTimeArb, keyArb, textArb } from "./values.js";
import { longText, malformedUuidArb, NUL } from "./body-cases.js";

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
      arbitrary: malformedUuidArb
        .filter((s) => s !== "" && s !== "." && s !== "..")
        .map((id) => ({ segment: encodeURIComponent(id), kind: "malformed" as const })),
    },
  ];
  if (routes)
    cases.push({
      weight: 1,
      arbitrary: fc
        .constantFrom("count", "bulk", "find-or-create")
        .map((segment) => ({ segment, kind: "route" as const })),
    });
  if (existing.length)
    cases.push({
      weight: existingWeight,
      arbitrary: fc.constantFrom(...existing).map((id) => ({ segment: id, kind: "existing" as const })),
    });
  return fc.oneof(...cases);
}

// ---------------------------------------------------------------------------------------------
// List queries
// ---------------------------------------------------------------------------------------------

/** The filter language's methods, as the engine lists them: generated queries name known and unknown ones. */
export const filterMethodNames: readonly string[] = filterMethods;

/** `known`: the server must accept it as a column / method; `bad`: it must refuse it; `unknown`: either. */
interface Named {
  name: unknown;
  status: "known" | "bad" | "unknown";
}

function columnArb(model: Model): Arbitrary<Named> {
  const visible = visibleFields(model);
  // Columns whose type compares keys inside the value (`title->>en`), and one whose type does not.
  const jsonFields = visible.filter((f) => fieldTypeOf(f.kind).filters.keys);
  const textField = visible.find((f) => !fieldTypeOf(f.kind).filters.keys);
  const known = [
    ...visible.map((f) => f.name),
    ...jsonFields.flatMap((f) => [`${f.name}->>en`, `${f.name}->>ru`, `${f.name}->>a_B-9`]),
  ];
  const bad: unknown[] = [
    ...hiddenFields(model).map((f) => f.name),
    "nope",
    "",
    "ID",
    "id ",
    "id;drop table x",
    "created_at",
    "__proto__",
    42,
    ["id"],
    { a: 1 },
    ...jsonFields
      .slice(0, 1)
      .flatMap((f) => [`${f.name}->>en->>x`, `${f.name}->>`, `${f.name}->>bad key!`, `${f.name}->>${"a".repeat(65)}`]),
    ...(textField ? [`${textField.name}->>en`] : []),
  ];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known).map((name) => ({ name, status: "known" as const })), weight: 6 },
    { arbitrary: fc.constantFrom(...bad).map((name) => ({ name, status: "bad" as const })), weight: 2 },
    {
      arbitrary: fc
        .string({ maxLength: 12 })
        .map((name) => ({ name, status: known.includes(name) ? ("known" as const) : ("unknown" as const) })),
      weight: 1,
    },
  );
}

const methodArb: Arbitrary<Named> = fc.oneof(
  { arbitrary: fc.constantFrom(...filterMethodNames).map((name) => ({ name, status: "known" as const })), weight: 6 },
  {
    arbitrary: fc
      .constantFrom<unknown>("EQ", "contains", "", "between", "like ", "in", "toString", 1)
      .map((name) => ({ name, status: "bad" as const })),
    weight: 1,
  },
  {
    arbitrary: fc
      .string({ maxLength: 10 })
      .map((name) => ({ name, status: filterMethodNames.includes(name) ? ("known" as const) : ("unknown" as const) })),
    weight: 1,
  },
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
  fc.constantFrom(
    "true",
    "1",
    "-1",
    "1.5",
    "2147483648",
    "1e400",
    "NaN",
    "2024-01-01",
    "2024-02-30",
    "[1,2]",
    '{"en":"x"}',
    "{",
    "%",
    "_",
    `a${NUL}b`,
    "\\",
  ),
);

export function filterValueArb(existing: string[]): Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: scalarArb, weight: 6 },
    { arbitrary: fc.array(scalarArb, { maxLength: 4 }), weight: 2 },
    { arbitrary: fc.array(scalarArb, { maxLength: 4 }).map((a) => JSON.stringify(a)), weight: 1 },
    { arbitrary: fc.dictionary(keyArb, scalarArb, { maxKeys: 2 }), weight: 1 },
    { arbitrary: fc.constant(longText(5_000)), weight: 1 },
    ...(existing.length
      ? [
          { arbitrary: fc.constantFrom(...existing), weight: 2 },
          { arbitrary: fc.constant(existing), weight: 1 },
        ]
      : []),
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
      arbitrary: fc
        .record({
          column: columnArb(model),
          method: methodArb,
          value: fc.option(filterValueArb(existing), { nil: undefined, freq: 8 }),
        })
        .map(({ column, method, value }) => ({
          item: { column: column.name, method: method.name, ...(value === undefined ? {} : { value }) },
          bad: column.status === "bad" || method.status === "bad",
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>("id", 42, ["id", "eq", "x"]).map((item) => ({ item, bad: true })),
    },
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
        .constantFrom<unknown>(
          min - 1,
          -5,
          "abc",
          "1.5",
          "1e3",
          "99999999999999999999",
          ["1", "2"],
          { a: "1" },
          " 1",
          "0x10",
        )
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
      // `/count` reads filters only (docs/api.md), so its queries carry no orderBy either.
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
      if (form === "json")
        Object.assign(params, { filters: JSON.stringify({ and: f }), ...orderBy(JSON.stringify({ and: o })) });
      if (form === "and-json")
        Object.assign(params, { filters: { and: JSON.stringify(f) }, ...orderBy({ and: JSON.stringify(o) }) });
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
    "filters=abc",
    "filters=[",
    "filters[and]=abc",
    "filters[and][0]=abc",
    "filters[or][0][column]=id",
    "filters[and][0][column][x]=1",
    "orderBy=desc",
    "orderBy[and][0]=id",
    "limit=&offset=",
    "filters=%7B%22and%22%3A5%7D",
    "filters[and][99999][column]=id",
    "filters[and][0][column]=id&filters[and][0][method]=inArray&filters[and][0][value]=%5B",
    "filters=%00",
    "limit=%00",
    "filters[and][0][column]=%ZZ",
    "%",
    "a=%zz",
  ),
  fc.string({ maxLength: 60 }).map((s) => encodeURI(s).replace(/%25/g, "%")),
  fc
    .dictionary(
      fc.constantFrom("filters", "orderBy", "limit", "offset", "filters[and]", "filters[and][0]"),
      fc.string({ maxLength: 20 }),
      { maxKeys: 3 },
    )
    .map((d) =>
      Object.entries(d)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join("&"),
    ),
);
