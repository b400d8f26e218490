import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ListCursors } from "../../engine/query/list-cursor.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { register } from "../rbac/helpers.js";

// A list's `after` cursor (its answer's `next`) walks the same pages as
// offsets do, in every order (ties, nulls, moments a microsecond apart within one millisecond,
// descending, a JSON key), with filters; a cursor not made for this list and order is a 400; and
// a cursor carries no hidden field.
const ROWS = 1234;
const PAGE = 100;
const CATEGORIES = "/api/blog/categories";
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const order = (column: string, method: string) => `orderBy[and]=${json([{ column, method }])}`;
const filters = (list: object[]) => `filters[and]=${json(list)}`;

describe(`lists paged by cursor on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // createdAt: seven rows per millisecond, a microsecond apart in threes (so exact ties too);
    // English titles repeat and every eleventh has none; className is null on every fifth.
    await sql`INSERT INTO blog_categories ("adminTitle", slug, title, "className", "createdAt")
      SELECT 'Category ' || i, 'category-' || i,
             CASE WHEN i % 11 = 0 THEN '{}'::jsonb ELSE jsonb_build_object('en', 'Category ' || (i % 97)) END,
             CASE WHEN i % 5 = 0 THEN NULL ELSE 'c' || (i % 4) END,
             timestamptz '2025-01-01' + (i / 7) * interval '1 millisecond' + (i % 3) * interval '1 microsecond'
      FROM generate_series(1, ${ROWS}::int) AS i`.execute(t.database.db);
    // Written past the routes: published as a save would be (lists answer from published copies).
    await t.app.drafts.publishAll();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string) => t.request({ method: "GET", url: `${CATEGORIES}?${query}` });
  async function byCursor(query: string): Promise<string[][]> {
    const pages: string[][] = [];
    let next: string | undefined;
    do {
      const response = await get(`limit=${PAGE}${query}${next ? `&after=${encodeURIComponent(next)}` : ""}`);
      expect(response.status).toBe(200);
      pages.push(response.body.data.map((r: { id: string }) => r.id));
      next = response.body.next;
      if (pages.length > ROWS / PAGE + 2) throw new Error("the cursor does not move on");
    } while (next);
    return pages;
  }
  async function byOffset(query: string, pages: number): Promise<string[][]> {
    const all: string[][] = [];
    for (let i = 0; i < pages; i++)
      all.push((await get(`limit=${PAGE}&offset=${i * PAGE}${query}`)).body.data.map((r: { id: string }) => r.id));
    return all;
  }

  test.each([
    ["the default order (moments within a millisecond)", ""],
    ["newest first", `&${order("createdAt", "desc")}`],
    ["by English title, ties and missing titles", `&${order("title->>en", "asc")}`],
    ["by English title, descending", `&${order("title->>en", "desc")}`],
    ["by a whole JSON column (jsonb order)", `&${order("title", "asc")}`],
    ["by a nullable column", `&${order("className", "asc")}`],
    ["by a nullable column, descending", `&${order("className", "desc")}`],
    [
      "by slug, descending, filtered twice",
      `&${order("slug", "desc")}&${filters([
        { column: "adminTitle", method: "ilike", value: "%1%" },
        { column: "className", method: "isNotNull" },
      ])}`,
    ],
    [
      "by English title, filtered by an or-group",
      `&${order("title->>en", "asc")}&filters[or]=${json([
        { column: "className", method: "eq", value: "c1" },
        { column: "className", method: "isNull" },
      ])}`,
    ],
  ])("cursor pages are the offset pages over the whole table (%s)", async (_name, query) => {
    const cursorPages = await byCursor(query);
    const offsetPages = await byOffset(query, cursorPages.length);
    expect(cursorPages).toEqual(offsetPages);
    const ids = cursorPages.flat();
    expect(new Set(ids).size).toBe(ids.length);
    if (!query.includes("filters")) expect(ids.length).toBe(ROWS);
    // Past the last page: nothing more, and no next.
    const last = await get(`limit=${PAGE}&offset=${ids.length}${query}`);
    expect(last.body).toEqual({ data: [] });
  });

  test("a full page carries next, a short one does not; the data is unchanged", async () => {
    const full = await get("limit=5");
    expect(Object.keys(full.body).sort()).toEqual(["data", "next"]);
    expect(typeof full.body.next).toBe("string");
    const short = await get(`${filters([{ column: "slug", method: "eq", value: "category-7" }])}`);
    expect(short.body).toEqual({ data: [expect.objectContaining({ slug: "category-7" })] });
  });

  const badCursor = async (query: string, message: RegExp) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/^Validation error: \/after /),
    });
    expect(response.body.cause).toEqual([{ path: "/after", message: expect.stringMatching(message) }]);
    expect(typeof response.body.requestId).toBe("string");
  };

  test("a cursor not made here, altered, or for another order or list is a 400 naming after", async () => {
    const next: string = (await get(`limit=10&${order("slug", "asc")}`)).body.next;
    const [body, signature] = next.split(".") as [string, string];
    const values = JSON.parse(Buffer.from(body, "base64url").toString()) as unknown[];
    const forged = Buffer.from(JSON.stringify(["category-0", ...values.slice(1)])).toString("base64url");
    await badCursor(`limit=10&${order("slug", "asc")}&after=nonsense`, /is not a list cursor/);
    await badCursor(`limit=10&${order("slug", "asc")}&after=${forged}.${signature}`, /is not a cursor of this list/);
    await badCursor(
      `limit=10&${order("slug", "desc")}&after=${encodeURIComponent(next)}`,
      /is not a cursor of this list/,
    );
    await badCursor(`limit=10&after=${encodeURIComponent(next)}`, /is not a cursor of this list/);
    await badCursor(
      `limit=10&${order("slug", "asc")}&after=${encodeURIComponent(next)}&offset=10`,
      /cannot be combined with offset/,
    );
    await badCursor("limit=10&after=", /must be the next cursor/);
    const elsewhere = await t.request({
      method: "GET",
      url: `/api/blog/articles?limit=10&${order("slug", "asc")}&after=${encodeURIComponent(next)}`,
    });
    expect(elsewhere.status).toBe(400);
    // The cursor itself is fine: it reads the page after.
    expect((await get(`limit=10&${order("slug", "asc")}&after=${encodeURIComponent(next)}`)).status).toBe(200);
  });

  // The order's JSON key is part of what is signed: a cursor along the English titles is no
  // position along the Russian ones (nor along the whole column, nor descending).
  test.each([
    ["title->>ru, asc", order("title->>ru", "asc")],
    ["title->>en, desc", order("title->>en", "desc")],
    ["title, asc", order("title", "asc")],
  ])("a cursor made for title->>en, asc is a 400 for %s", async (_what, other) => {
    const next: string = (await get(`limit=10&${order("title->>en", "asc")}`)).body.next;
    expect(typeof next).toBe("string");
    await badCursor(`limit=10&${other}&after=${encodeURIComponent(next)}`, /is not a cursor of this list/);
    expect((await get(`limit=10&${order("title->>en", "asc")}&after=${encodeURIComponent(next)}`)).status).toBe(200);
  });

  test("hidden fields never enter a cursor, and a caller who may not list gets no rows by one", async () => {
    await register(t, "ann@example.com");
    await register(t, "bob@example.com");
    const { rows } = await sql<{ password: string; salt: string }>`SELECT password, salt FROM rbac_identities`.execute(
      t.database.db,
    );
    const list = await t.request({ method: "GET", url: "/api/rbac/identities?limit=1" });
    const content = Buffer.from(list.body.next.split(".")[0], "base64url").toString();
    for (const row of rows)
      for (const secret of [row.password, row.salt]) if (secret) expect(content).not.toContain(secret);
    const sorted = await t.request({ method: "GET", url: `/api/rbac/identities?limit=1&${order("password", "asc")}` });
    expect(sorted.status).toBe(400);
    const anonymous = await t.request({
      method: "GET",
      url: `/api/rbac/identities?limit=1&after=${encodeURIComponent(list.body.next)}`,
      key: null,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data).toBeUndefined();
    // An order on a hidden field (which the routes refuse before) is never put in a cursor, nor read from one.
    const identities = t.app.registry.get("rbac/identities");
    const password = identities.fieldMap.get("password")!;
    const cursors = new ListCursors(() => "a-secret-of-at-least-thirty-two-characters");
    const byPassword = [{ field: password, kind: password.kind, direction: "asc" as const }];
    expect(await cursors.next(identities, byPassword, 1, list.body.data)).toBeUndefined();
    await expect(cursors.read(identities, byPassword, list.body.next)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });
});
