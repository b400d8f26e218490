import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from "../../engine/query/list-query.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// Attribute rows give every column type a filter can meet: text, integer-ish number, boolean,
// date, date-time, a language map, and nulls.
const rows = [
  { variant: "alpha", number: "1", boolean: true, date: "2024-01-10", datetime: "2024-01-10T10:00:00.000Z", string: { en: "Red", ru: "Красный" } },
  { variant: "beta", number: "2.5", boolean: false, date: "2024-02-10", datetime: "2024-02-10T10:00:00.000Z", string: { en: "Green" } },
  { variant: "gamma", number: "10", boolean: true, date: "2024-03-10", datetime: "2024-03-10T10:00:00.000Z", string: { en: "Blue" } },
  { variant: "Delta", className: "x", string: {} },
];

type Filter = { column: string; method: string; value?: unknown };

describe(`filters on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { status } = await t.request({ method: "POST", url: "/api/ecommerce/attributes/bulk", payload: { data: rows } });
    expect(status).toBe(201);
  });
  afterAll(() => t.close());

  const list = async (filters: Filter[], extra: Record<string, unknown> = {}) =>
    t.request({ method: "GET", url: `/api/ecommerce/attributes?${qs.stringify({ filters: { and: filters }, ...extra })}` });
  const variants = async (filters: Filter[], extra?: Record<string, unknown>) => {
    const { status, body } = await list(filters, { orderBy: { and: [{ column: "variant", method: "asc" }] }, ...extra });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.map((r: any) => r.variant);
  };

  const cases: [string, Filter[], string[]][] = [
    ["eq", [{ column: "variant", method: "eq", value: "alpha" }], ["alpha"]],
    ["ne", [{ column: "variant", method: "ne", value: "alpha" }], ["Delta", "beta", "gamma"]],
    ["gt on a number", [{ column: "number", method: "gt", value: "2.5" }], ["gamma"]],
    ["gte on a number", [{ column: "number", method: "gte", value: 2.5 }], ["beta", "gamma"]],
    ["lt on a date", [{ column: "date", method: "lt", value: "2024-02-10" }], ["alpha"]],
    ["lte on a date-time", [{ column: "datetime", method: "lte", value: "2024-02-10T10:00:00Z" }], ["alpha", "beta"]],
    ["like", [{ column: "variant", method: "like", value: "%a" }], ["Delta", "alpha", "beta", "gamma"]],
    ["ilike", [{ column: "variant", method: "ilike", value: "d%" }], ["Delta"]],
    // A bare word (no % or _), as the original client sends search text, is a substring.
    ["like with a bare word", [{ column: "variant", method: "like", value: "lph" }], ["alpha"]],
    ["ilike with a bare word", [{ column: "variant", method: "ilike", value: "ELT" }], ["Delta"]],
    ["notIlike with a bare word", [{ column: "variant", method: "notIlike", value: "a" }], []],
    ["ilike with a bare word on a language-map key", [{ column: "string->>en", method: "ilike", value: "ree" }], ["beta"]],
    ["notLike", [{ column: "variant", method: "notLike", value: "%mm%" }], ["Delta", "alpha", "beta"]],
    ["notIlike", [{ column: "variant", method: "notIlike", value: "%A%" }], []],
    ["inArray", [{ column: "variant", method: "inArray", value: ["alpha", "gamma", "nope"] }], ["alpha", "gamma"]],
    ["notInArray", [{ column: "variant", method: "notInArray", value: ["alpha", "gamma"] }], ["Delta", "beta"]],
    // qs drops an empty array: inArray without a value is the empty list (nothing), notInArray excludes nothing.
    ["inArray without a value", [{ column: "variant", method: "inArray" }], []],
    ["notInArray without a value", [{ column: "variant", method: "notInArray" }], ["Delta", "alpha", "beta", "gamma"]],
    // No uuid equals a text that is not one (the original client filters ids by any text it has).
    ["eq on a uuid column with a text that is not a uuid", [{ column: "id", method: "eq", value: "123" }], []],
    ["ne on a uuid column with a text that is not a uuid", [{ column: "id", method: "ne", value: "hello-world" }], ["Delta", "alpha", "beta", "gamma"]],
    ["inArray on a uuid column leaves out texts that are not uuids", [{ column: "id", method: "inArray", value: ["123", "nope"] }], []],
    ["isNull", [{ column: "className", method: "isNull" }], ["alpha", "beta", "gamma"]],
    ["isNotNull", [{ column: "className", method: "isNotNull" }], ["Delta"]],
    ["eq on a boolean", [{ column: "boolean", method: "eq", value: "false" }], ["beta"]],
    ["a key of a language map", [{ column: "string->>en", method: "eq", value: "Red" }], ["alpha"]],
    ["ilike on a language-map key", [{ column: "string->>ru", method: "ilike", value: "крас%" }], ["alpha"]],
    ["a whole language map", [{ column: "string", method: "eq", value: JSON.stringify({ en: "Green" }) }], ["beta"]],
    [
      "several conditions (and)",
      [
        { column: "boolean", method: "eq", value: true },
        { column: "number", method: "lt", value: 5 },
      ],
      ["alpha"],
    ],
  ];

  it.each(cases)("%s", async (_, filters, expected) => {
    expect(await variants(filters)).toEqual(expected);
  });

  it("takes filters[and] as one JSON string, and count uses the same filters", async () => {
    const and = JSON.stringify([{ column: "variant", method: "inArray", value: ["alpha", "beta"] }]);
    const { body } = await t.request({ method: "GET", url: `/api/ecommerce/attributes?${qs.stringify({ filters: { and } })}` });
    expect(body.data.map((r: any) => r.variant).sort()).toEqual(["alpha", "beta"]);
    const count = await t.request({ method: "GET", url: `/api/ecommerce/attributes/count?${qs.stringify({ filters: { and } })}` });
    expect(count).toEqual({ status: 200, body: { data: 2 } });
  });

  it("takes an empty inArray list (JSON form: qs drops empty arrays) as matching nothing", async () => {
    for (const [method, count] of [["inArray", 0], ["notInArray", 4]] as const) {
      const and = JSON.stringify([{ column: "variant", method, value: [] }]);
      const { body } = await t.request({ method: "GET", url: `/api/ecommerce/attributes/count?${qs.stringify({ filters: { and } })}` });
      expect(body.data).toBe(count);
    }
  });

  it("orders by any column, a language-map key, descending, and pages with limit and offset", async () => {
    expect(await variants([], { orderBy: { and: [{ column: "number", method: "desc" }] } })).toEqual(["Delta", "gamma", "beta", "alpha"]);
    expect(await variants([], { orderBy: { and: [{ column: "string->>en", method: "asc" }] }, limit: 2, offset: 1 })).toEqual(["beta", "alpha"]);
    const json = JSON.stringify([{ column: "date", method: "desc" }]);
    const { body } = await t.request({ method: "GET", url: `/api/ecommerce/attributes?${qs.stringify({ orderBy: { and: json }, limit: 1 })}` });
    expect(body.data.map((r: any) => r.variant)).toEqual(["Delta"]);
  });

  it("orders by createdAt when the entity has no orderIndex, and by orderIndex when it has", async () => {
    const { body } = await t.request({ method: "GET", url: "/api/ecommerce/attributes" });
    expect(body.data.map((r: any) => r.variant)).toEqual(["alpha", "beta", "gamma", "Delta"]);
    const key = await t.request({ method: "POST", url: "/api/ecommerce/attribute-keys", payload: { data: { title: { en: "Colour" } } } });
    const attributeIds = body.data.map((r: any) => r.id);
    const links = attributeIds.map((attributeId: string, i: number) => ({ attributeKeyId: key.body.data.id, attributeId, orderIndex: 10 - i }));
    expect((await t.request({ method: "POST", url: "/api/ecommerce/attribute-keys-to-attributes/bulk", payload: { data: links } })).status).toBe(201);
    const relations = await t.request({ method: "GET", url: "/api/ecommerce/attribute-keys-to-attributes" });
    expect(relations.body.data.map((r: any) => r.orderIndex)).toEqual([7, 8, 9, 10]);
  });

  it(`caps limit at ${LIST_LIMIT_MAX} and defaults to ${LIST_LIMIT_DEFAULT}`, async () => {
    const many = Array.from({ length: LIST_LIMIT_DEFAULT + 5 }, (_, i) => ({ variant: `bulk-${i}` }));
    expect((await t.request({ method: "POST", url: "/api/ecommerce/attributes/bulk", payload: { data: many } })).status).toBe(201);
    expect((await t.request({ method: "GET", url: "/api/ecommerce/attributes" })).body.data).toHaveLength(LIST_LIMIT_DEFAULT);
    const capped = await t.request({ method: "GET", url: `/api/ecommerce/attributes?limit=${LIST_LIMIT_MAX + 500}` });
    expect(capped.body.data).toHaveLength(many.length + rows.length);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["an unknown column", { filters: { and: [{ column: "nope", method: "eq", value: 1 }] } }, "/filters/and/0/column"],
    ["an unknown method", { filters: { and: [{ column: "variant", method: "between", value: 1 }] } }, "/filters/and/0/method"],
    ["a value of the wrong type", { filters: { and: [{ column: "number", method: "gt", value: "lots" }] } }, "/filters/and/0/value"],
    ["gt on a uuid with a malformed uuid", { filters: { and: [{ column: "id", method: "gt", value: "123" }] } }, "/filters/and/0/value"],
    ["a number in a uuid list", { filters: { and: [{ column: "id", method: "inArray", value: JSON.stringify([1]) }] } }, "/filters/and/0/value/0"],
    ["a malformed date", { filters: { and: [{ column: "date", method: "eq", value: "10/01/2024" }] } }, "/filters/and/0/value"],
    ["like on a number", { filters: { and: [{ column: "number", method: "like", value: "1%" }] } }, "/filters/and/0/value"],
    ["inArray without a list", { filters: { and: [{ column: "variant", method: "inArray", value: "alpha" }] } }, "/filters/and/0/value"],
    ["gt on a JSON column", { filters: { and: [{ column: "string", method: "gt", value: "{}" }] } }, "/filters/and/0/value"],
    ["a key of a non-JSON column", { filters: { and: [{ column: "variant->>en", method: "eq", value: "x" }] } }, "/filters/and/0/column"],
    ["filters[and] that is not JSON", { filters: { and: "[{oops" } }, "/filters/and"],
    ["an unknown order column", { orderBy: { and: [{ column: "nope", method: "asc" }] } }, "/orderBy/and/0/column"],
    ["an unknown order direction", { orderBy: { and: [{ column: "variant", method: "up" }] } }, "/orderBy/and/0/method"],
    ["a negative offset", { offset: -1 }, "/offset"],
    ["a zero limit", { limit: 0 }, "/limit"],
  ];

  it.each(bad)("answers 400 naming the parameter for %s", async (_, query, path) => {
    const { status, body } = await t.request({ method: "GET", url: `/api/ecommerce/attributes?${qs.stringify(query)}` });
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(body.message).toMatch(/^Validation error: /);
    // `error` carries the whole message: the original client shows `error` first.
    expect(body.error).toBe(body.message);
    expect(body.cause.map((c: any) => c.path)).toContain(path);
    expect(typeof body.requestId).toBe("string");
  });
});
