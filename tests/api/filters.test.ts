import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from "../../engine/query/list-query.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// Attribute rows give every column type a filter can meet: text, integer-ish number, boolean,
// date, date-time, a language map, and nulls.
const rows = [
  {
    variant: "alpha",
    number: "1",
    boolean: true,
    date: "2024-01-10",
    datetime: "2024-01-10T10:00:00.000Z",
    string: { en: "Red", ru: "Красный" },
  },
  {
    variant: "beta",
    number: "2.5",
    boolean: false,
    date: "2024-02-10",
    datetime: "2024-02-10T10:00:00.000Z",
    string: { en: "Green" },
  },
  {
    variant: "gamma",
    number: "10",
    boolean: true,
    date: "2024-03-10",
    datetime: "2024-03-10T10:00:00.000Z",
    string: { en: "Blue" },
  },
  { variant: "Delta", className: "x", string: {} },
];

type Filter = { column: string; method: string; value?: unknown };

describe(`filters on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { status } = await t.request({
      method: "POST",
      url: "/api/ecommerce/attributes/bulk",
      payload: { data: rows },
    });
    expect(status).toBe(201);
  });
  afterAll(() => t.close());

  const list = async (filters: Filter[], extra: Record<string, unknown> = {}) =>
    t.request({
      method: "GET",
      url: `/api/ecommerce/attributes?${qs.stringify({ filters: { and: filters }, ...extra })}`,
    });
  const variants = async (filters: Filter[], extra?: Record<string, unknown>) => {
    const { status, body } = await list(filters, {
      orderBy: { and: [{ column: "variant", method: "asc" }] },
      ...extra,
    });
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
    [
      "ilike with a bare word on a language-map key",
      [{ column: "string->>en", method: "ilike", value: "ree" }],
      ["beta"],
    ],
    ["notLike", [{ column: "variant", method: "notLike", value: "%mm%" }], ["Delta", "alpha", "beta"]],
    ["notIlike", [{ column: "variant", method: "notIlike", value: "%A%" }], []],
    ["inArray", [{ column: "variant", method: "inArray", value: ["alpha", "gamma", "nope"] }], ["alpha", "gamma"]],
    ["notInArray", [{ column: "variant", method: "notInArray", value: ["alpha", "gamma"] }], ["Delta", "beta"]],
    // qs drops an empty array: inArray without a value is the empty list (nothing), notInArray excludes nothing.
    ["inArray without a value", [{ column: "variant", method: "inArray" }], []],
    ["notInArray without a value", [{ column: "variant", method: "notInArray" }], ["Delta", "alpha", "beta", "gamma"]],
    // No uuid equals a text that is not one (the original client filters ids by any text it has).
    ["eq on a uuid column with a text that is not a uuid", [{ column: "id", method: "eq", value: "123" }], []],
    [
      "ne on a uuid column with a text that is not a uuid",
      [{ column: "id", method: "ne", value: "hello-world" }],
      ["Delta", "alpha", "beta", "gamma"],
    ],
    [
      "inArray on a uuid column leaves out texts that are not uuids",
      [{ column: "id", method: "inArray", value: ["123", "nope"] }],
      [],
    ],
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

  // `or` groups: filters[or] at the top, or {or: [...]} / {and: [...]} as an item of a
  // list, nested; top-level and and or both hold. Tested like the and-list, through the same helper.
  type Group = { or?: (Filter | Group)[]; and?: (Filter | Group)[] };
  const grouped = async (filters: Group, extra: Record<string, unknown> = {}) => {
    const { status, body } = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes?${qs.stringify({ filters, orderBy: { and: [{ column: "variant", method: "asc" }] }, ...extra })}`,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.map((r: any) => r.variant);
  };
  const orCases: [string, Group, string[]][] = [
    [
      "or of two eq",
      {
        or: [
          { column: "variant", method: "eq", value: "alpha" },
          { column: "variant", method: "eq", value: "gamma" },
        ],
      },
      ["alpha", "gamma"],
    ],
    [
      "or across columns",
      {
        or: [
          { column: "className", method: "isNotNull" },
          { column: "number", method: "gt", value: 5 },
        ],
      },
      ["Delta", "gamma"],
    ],
    [
      "or with a language-map key and ilike",
      {
        or: [
          { column: "string->>en", method: "ilike", value: "re" },
          { column: "string->>ru", method: "ilike", value: "крас" },
        ],
      },
      ["alpha", "beta"],
    ],
    [
      "and with an or inside",
      {
        and: [
          { column: "boolean", method: "eq", value: true },
          {
            or: [
              { column: "variant", method: "eq", value: "alpha" },
              { column: "variant", method: "eq", value: "beta" },
            ],
          },
        ],
      },
      ["alpha"],
    ],
    [
      "top-level and and or together",
      {
        and: [{ column: "boolean", method: "eq", value: true }],
        or: [
          { column: "number", method: "gt", value: 5 },
          { column: "variant", method: "eq", value: "beta" },
        ],
      },
      ["gamma"],
    ],
    [
      "or with an and inside",
      {
        or: [
          {
            and: [
              { column: "boolean", method: "eq", value: false },
              { column: "number", method: "gt", value: 1 },
            ],
          },
          { column: "variant", method: "eq", value: "Delta" },
        ],
      },
      ["Delta", "beta"],
    ],
    ["or of one", { or: [{ column: "variant", method: "eq", value: "beta" }] }, ["beta"]],
    [
      "or that matches nothing",
      {
        or: [
          { column: "variant", method: "eq", value: "none" },
          { column: "id", method: "eq", value: "not-a-uuid" },
        ],
      },
      [],
    ],
  ];

  it.each(orCases)("%s", async (_, filters, expected) => {
    expect(await grouped(filters)).toEqual(expected);
  });

  it("takes filters[or] as one JSON string and the whole filters as JSON; count uses the same groups", async () => {
    const or = [
      { column: "variant", method: "eq", value: "alpha" },
      { column: "variant", method: "eq", value: "Delta" },
    ];
    const asJson = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes?filters[or]=${encodeURIComponent(JSON.stringify(or))}`,
    });
    expect(asJson.body.data.map((r: any) => r.variant).sort()).toEqual(["Delta", "alpha"]);
    const whole = encodeURIComponent(JSON.stringify({ and: [{ or }] }));
    const count = await t.request({ method: "GET", url: `/api/ecommerce/attributes/count?filters=${whole}` });
    expect(count.body.data).toBe(2);
    const counted = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes/count?${qs.stringify({ filters: { or } })}`,
    });
    expect(counted.body.data).toBe(2);
  });

  it("takes filters[and] as one JSON string, and count uses the same filters", async () => {
    const and = JSON.stringify([{ column: "variant", method: "inArray", value: ["alpha", "beta"] }]);
    const { body } = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes?${qs.stringify({ filters: { and } })}`,
    });
    expect(body.data.map((r: any) => r.variant).sort()).toEqual(["alpha", "beta"]);
    const count = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes/count?${qs.stringify({ filters: { and } })}`,
    });
    expect(count).toEqual({ status: 200, body: { data: 2 } });
  });

  it("takes an empty inArray list (JSON form: qs drops empty arrays) as matching nothing", async () => {
    for (const [method, count] of [
      ["inArray", 0],
      ["notInArray", 4],
    ] as const) {
      const and = JSON.stringify([{ column: "variant", method, value: [] }]);
      const { body } = await t.request({
        method: "GET",
        url: `/api/ecommerce/attributes/count?${qs.stringify({ filters: { and } })}`,
      });
      expect(body.data).toBe(count);
    }
  });

  it("orders by any column, a language-map key, descending, and pages with limit and offset", async () => {
    expect(await variants([], { orderBy: { and: [{ column: "number", method: "desc" }] } })).toEqual([
      "Delta",
      "gamma",
      "beta",
      "alpha",
    ]);
    expect(
      await variants([], { orderBy: { and: [{ column: "string->>en", method: "asc" }] }, limit: 2, offset: 1 }),
    ).toEqual(["beta", "alpha"]);
    const json = JSON.stringify([{ column: "date", method: "desc" }]);
    const { body } = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes?${qs.stringify({ orderBy: { and: json }, limit: 1 })}`,
    });
    expect(body.data.map((r: any) => r.variant)).toEqual(["Delta"]);
  });

  it("orders by createdAt when the entity has no orderIndex, and by orderIndex when it has", async () => {
    const { body } = await t.request({ method: "GET", url: "/api/ecommerce/attributes" });
    expect(body.data.map((r: any) => r.variant)).toEqual(["alpha", "beta", "gamma", "Delta"]);
    const key = await t.request({
      method: "POST",
      url: "/api/ecommerce/attribute-keys",
      payload: { data: { title: { en: "Colour" } } },
    });
    const attributeIds = body.data.map((r: any) => r.id);
    const links = attributeIds.map((attributeId: string, i: number) => ({
      attributeKeyId: key.body.data.id,
      attributeId,
      orderIndex: 10 - i,
    }));
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/ecommerce/attribute-keys-to-attributes/bulk",
          payload: { data: links },
        })
      ).status,
    ).toBe(201);
    const relations = await t.request({ method: "GET", url: "/api/ecommerce/attribute-keys-to-attributes" });
    expect(relations.body.data.map((r: any) => r.orderIndex)).toEqual([7, 8, 9, 10]);
  });

  // More rows than the maximum, so the cap can be seen to cut (a test with 109 rows never reached it).
  it(`caps limit at ${LIST_LIMIT_MAX} and defaults to ${LIST_LIMIT_DEFAULT}`, async () => {
    const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ variant: `bulk-${from + i}` }));
    for (const many of [batch(0, 1000), batch(1000, 100)]) {
      expect(
        (await t.request({ method: "POST", url: "/api/ecommerce/attributes/bulk", payload: { data: many } })).status,
      ).toBe(201);
    }
    const total = (await t.request({ method: "GET", url: "/api/ecommerce/attributes/count" })).body.data;
    expect(total).toBeGreaterThan(LIST_LIMIT_MAX + 100);
    expect((await t.request({ method: "GET", url: "/api/ecommerce/attributes" })).body.data).toHaveLength(
      LIST_LIMIT_DEFAULT,
    );
    for (const limit of [LIST_LIMIT_MAX, LIST_LIMIT_MAX + 1, LIST_LIMIT_MAX + 500, 1_000_000]) {
      const capped = await t.request({ method: "GET", url: `/api/ecommerce/attributes?limit=${limit}` });
      expect(capped.body.data, `limit=${limit}`).toHaveLength(LIST_LIMIT_MAX);
    }
    // The rest is reached with offset: pages never lose or repeat a row.
    const rest = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes?limit=${LIST_LIMIT_MAX}&offset=${LIST_LIMIT_MAX}`,
    });
    expect(rest.body.data).toHaveLength(total - LIST_LIMIT_MAX);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["an unknown column", { filters: { and: [{ column: "nope", method: "eq", value: 1 }] } }, "/filters/and/0/column"],
    [
      "an unknown method",
      { filters: { and: [{ column: "variant", method: "between", value: 1 }] } },
      "/filters/and/0/method",
    ],
    [
      "a value of the wrong type",
      { filters: { and: [{ column: "number", method: "gt", value: "lots" }] } },
      "/filters/and/0/value",
    ],
    [
      "gt on a uuid with a malformed uuid",
      { filters: { and: [{ column: "id", method: "gt", value: "123" }] } },
      "/filters/and/0/value",
    ],
    [
      "a number in a uuid list",
      { filters: { and: [{ column: "id", method: "inArray", value: JSON.stringify([1]) }] } },
      "/filters/and/0/value/0",
    ],
    [
      "a malformed date",
      { filters: { and: [{ column: "date", method: "eq", value: "10/01/2024" }] } },
      "/filters/and/0/value",
    ],
    [
      "like on a number",
      { filters: { and: [{ column: "number", method: "like", value: "1%" }] } },
      "/filters/and/0/value",
    ],
    [
      "inArray without a list",
      { filters: { and: [{ column: "variant", method: "inArray", value: "alpha" }] } },
      "/filters/and/0/value",
    ],
    [
      "gt on a JSON column",
      { filters: { and: [{ column: "string", method: "gt", value: "{}" }] } },
      "/filters/and/0/value",
    ],
    [
      "a key of a non-JSON column",
      { filters: { and: [{ column: "variant->>en", method: "eq", value: "x" }] } },
      "/filters/and/0/column",
    ],
    ["filters[and] that is not JSON", { filters: { and: "[{oops" } }, "/filters/and"],
    // An unknown key was once ignored and every row answered: now a 400.
    [
      "an unknown filter group",
      { filters: { any: [{ column: "variant", method: "eq", value: "alpha" }] } },
      "/filters/any",
    ],
    [
      "an unknown key beside and",
      {
        filters: {
          and: [{ column: "variant", method: "eq", value: "alpha" }],
          not: [{ column: "variant", method: "eq", value: "beta" }],
        },
      },
      "/filters/not",
    ],
    [
      "a bad condition inside or",
      {
        filters: {
          or: [
            { column: "variant", method: "eq", value: "a" },
            { column: "nope", method: "eq", value: 1 },
          ],
        },
      },
      "/filters/or/1/column",
    ],
    [
      "a bad condition in a nested group",
      { filters: { and: [{ or: [{ column: "number", method: "gt", value: "lots" }] }] } },
      "/filters/and/0/or/0/value",
    ],
    ["or that is not a list", { filters: { or: "alpha" } }, "/filters/or"],
    [
      "a group with an unknown key",
      { filters: { and: [{ xor: [{ column: "variant", method: "eq", value: "a" }] }] } },
      "/filters/and/0/xor",
    ],
    ["an empty item", { filters: JSON.stringify({ and: [{}] }) }, "/filters/and/0"],
    [
      "groups nested too deep",
      {
        filters: JSON.stringify({
          or: [{ and: [{ or: [{ and: [{ or: [{ column: "variant", method: "eq", value: "a" }] }] }] }] }],
        }),
      },
      "/filters/or/0/and/0/or/0/and/0",
    ],
    ["an unknown order column", { orderBy: { and: [{ column: "nope", method: "asc" }] } }, "/orderBy/and/0/column"],
    [
      "an unknown order direction",
      { orderBy: { and: [{ column: "variant", method: "up" }] } },
      "/orderBy/and/0/method",
    ],
    ["a negative offset", { offset: -1 }, "/offset"],
    ["a zero limit", { limit: 0 }, "/limit"],
  ];

  it.each(bad)("answers 400 naming the parameter for %s", async (_, query, path) => {
    const { status, body } = await t.request({
      method: "GET",
      url: `/api/ecommerce/attributes?${qs.stringify(query)}`,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(body.message).toMatch(/^Validation error: /);
    // `error` carries the whole message: the original client shows `error` first.
    expect(body.error).toBe(body.message);
    expect(body.cause.map((c: any) => c.path)).toContain(path);
    expect(typeof body.requestId).toBe("string");
  });
});
