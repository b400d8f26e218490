import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { COUNT_EXACT_UP_TO } from "../../engine/query/repository.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// A table of a few thousand rows: GET …/count stays exact (docs/api.md); ?estimate=true, what the
// admin's tables ask for, reads at most COUNT_EXACT_UP_TO + 1 rows: exact below that, the
// planner's estimate above, saying which. Pages deep in (read as ids first) are the same rows as
// the same stretch of one long list, in every order.
const ROWS = 3 * COUNT_EXACT_UP_TO + 7;
const filter = (column: string, method: string, value: string) =>
  `filters[and]=${encodeURIComponent(JSON.stringify([{ column, method, value }]))}`;

describe(`counting a large table on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Every tenth row shares its createdAt with the one before: ties the id must settle.
    await sql`INSERT INTO blog_categories ("adminTitle", slug, title, "createdAt")
      SELECT 'Category ' || i, 'category-' || i, jsonb_build_object('en', 'Category ' || (i % 97)),
             timestamptz '2025-01-01' + (i - (i % 10 = 0)::int) * interval '1 second'
      FROM generate_series(1, ${ROWS}::int) AS i`.execute(t.database.db);
    // Written past the routes: published as a save would (the reads answer from published copies).
    await t.app.drafts.publishAll();
    await sql`ANALYZE blog_categories__published`.execute(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (query = "") =>
    (await t.request({ method: "GET", url: `/api/blog/categories/count${query ? `?${query}` : ""}` })).body;

  test("the plain count is exact and has no estimated flag", async () => {
    expect(await count()).toEqual({ data: ROWS });
    expect(await count("estimate=false")).toEqual({ data: ROWS });
  });

  test("estimate=true beyond the limit: the planner's figure, flagged, near the truth", async () => {
    const { data, estimated } = await count("estimate=true");
    expect(estimated).toBe(true);
    expect(data).toBeGreaterThan(COUNT_EXACT_UP_TO);
    expect(Math.abs(data - ROWS)).toBeLessThanOrEqual(ROWS * 0.2);
  });

  test.each([
    ["an exact match", filter("slug", "eq", "category-42"), 1],
    ["a search with a few matches", filter("adminTitle", "ilike", "%Category 299_%"), 10],
    ["no match", filter("slug", "eq", "nothing"), 0],
  ])("estimate=true within the limit (%s): the exact count, not flagged", async (_name, query, expected) => {
    expect(await count(`estimate=true&${query}`)).toEqual({ data: expected, estimated: false });
  });

  test("a filtered estimate beyond the limit is flagged too, and the exact count stays available", async () => {
    const wide = filter("slug", "like", "category-%");
    expect((await count(`estimate=true&${wide}`)).estimated).toBe(true);
    expect(await count(wide)).toEqual({ data: ROWS });
  });

  test("a bad estimate value is a 400 naming it", async () => {
    const response = await t.request({ method: "GET", url: "/api/blog/categories/count?estimate=maybe" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: "VALIDATION_ERROR",
      cause: [{ path: "/estimate", message: "must be true or false" }],
    });
  });

  const order = (column: string, method: string) =>
    `orderBy[and]=${encodeURIComponent(JSON.stringify([{ column, method }]))}`;
  test.each([
    ["default order", ""],
    ["newest first", order("createdAt", "desc")],
    ["by English title (many ties)", order("title->>en", "asc")],
    ["by slug, descending", order("slug", "desc")],
  ])("a page at an offset is that stretch of the whole list (%s)", async (_name, orderBy) => {
    const list = async (limit: number, offset: number) =>
      (
        await t.request({
          method: "GET",
          url: `/api/blog/categories?limit=${limit}&offset=${offset}${orderBy ? `&${orderBy}` : ""}`,
        })
      ).body.data.map((r: any) => r.id);
    const whole = await list(1000, 0);
    for (const offset of [20, 500, 980]) expect(await list(20, offset)).toEqual(whole.slice(offset, offset + 20));
    const far = [...(await list(1000, 2000)), ...(await list(1000, 3000))];
    expect(new Set([...whole, ...(await list(1000, 1000)), ...far]).size).toBe(ROWS);
  });
});
