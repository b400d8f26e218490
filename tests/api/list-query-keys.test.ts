import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// A list or count query key the route does not know (`sort=password`,
// `filters[and][0][extra]`) was ignored, so the caller got an answer to another question (an
// unsorted, unfiltered list) as if its own had been understood. Now each is a 400 naming the key;
// what our admin and the original client send still works.
const ARTICLES = "/api/blog/articles";
const condition = "filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=first";
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

type Route = "list" | "count";
const both: Route[] = ["list", "count"];

/** [what, query, routes it applies to, the cause's path]. */
const refused: [string, string, Route[], string][] = [
  ["an unknown top-level key", "sort=password", both, "/sort"],
  ["a misspelt one beside good ones", `${condition}&ofset=10`, both, "/ofset"],
  ["an unknown key in a bracket condition", `${condition}&filters[and][0][extra]=1`, both, "/filters/and/0/extra"],
  [
    "an unknown key in a JSON condition",
    `filters[and]=${json([{ column: "slug", method: "eq", value: "first", extra: 1 }])}`,
    both,
    "/filters/and/0/extra",
  ],
  [
    "an unknown key in a condition inside a group",
    "filters[or][0][and][0][column]=slug&filters[or][0][and][0][method]=eq&filters[or][0][and][0][value]=a&filters[or][0][and][0][junk]=1",
    both,
    "/filters/or/0/and/0/junk",
  ],
  ["an unknown key beside filters' and-list", `${condition}&filters[not][0][column]=slug`, both, "/filters/not"],
  [
    "an unknown key in an order",
    "orderBy[and][0][column]=slug&orderBy[and][0][method]=asc&orderBy[and][0][direction]=desc",
    both,
    "/orderBy/and/0/direction",
  ],
  [
    "an unknown key in a JSON order",
    `orderBy[and]=${json([{ column: "slug", method: "desc", nulls: "last" }])}`,
    both,
    "/orderBy/and/0/nulls",
  ],
  ["an order list that is not and", "orderBy[or][0][column]=slug", both, "/orderBy/or"],
  ["estimate, which only the count takes", "estimate=true", ["list"], "/estimate"],
];

/** Queries that must keep working: [what, query, routes]. */
const accepted: [string, string, Route[]][] = [
  ["no query", "", both],
  ["an empty query (the original client's trailing ?)", "?", both],
  [
    "the original client's qs brackets",
    qs.stringify(
      {
        filters: { and: [{ column: "slug", method: "eq", value: "first" }] },
        orderBy: { and: [{ column: "createdAt", method: "desc" }] },
        limit: 10,
        offset: 0,
      },
      { encodeValuesOnly: true },
    ),
    both,
  ],
  [
    "our admin's JSON and-lists with limit and offset",
    `filters[and]=${json([{ column: "slug", method: "ilike", value: "%first%" }])}&orderBy[and]=${json([{ column: "slug", method: "asc" }])}&limit=20&offset=0`,
    both,
  ],
  ["a condition without a value", "filters[and][0][column]=className&filters[and][0][method]=isNull", both],
  [
    "an or-group",
    "filters[or][0][column]=slug&filters[or][0][method]=eq&filters[or][0][value]=first&filters[or][1][column]=slug&filters[or][1][method]=eq&filters[or][1][value]=second",
    both,
  ],
  ["estimate on the count", `${condition}&estimate=true`, ["count"]],
];

describe(`list and count query keys, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const slug of ["first", "second"])
      await t.request({ method: "POST", url: ARTICLES, payload: { data: { slug } } });
  });
  afterAll(() => t.close());

  const get = (route: Route, query: string) =>
    t.request({
      method: "GET",
      url: `${route === "list" ? ARTICLES : `${ARTICLES}/count`}${query && !query.startsWith("?") ? `?${query}` : query}`,
    });

  describe.each(refused)("%s", (_what, query, routes, path) => {
    it.each(routes)("%s: 400 naming the key", async (route) => {
      const response = await get(route, query);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
      expect(response.body.message).toMatch(/^Validation error: /);
      expect(response.body.message).toContain(path);
      expect(response.body.cause).toContainEqual(expect.objectContaining({ path }));
    });
  });

  describe.each(accepted)("%s", (_what, query, routes) => {
    it.each(routes)("%s: 200", async (route) => {
      const response = await get(route, query);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      if (route === "count") expect(typeof response.body.data).toBe("number");
      else expect(Array.isArray(response.body.data)).toBe(true);
    });
  });

  it("the count takes the list's own keys too (checked, unused): a client may send one query to both", async () => {
    expect((await get("count", `${condition}&orderBy[and][0][column]=slug&limit=1&offset=5`)).body.data).toBe(1);
    expect((await get("count", "limit=0")).status).toBe(400);
    expect((await get("count", "orderBy[and][0][column]=password")).status).toBe(400);
  });
});
