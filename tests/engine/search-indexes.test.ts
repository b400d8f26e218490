import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fullOrder, whereAll } from "../../engine/query/where.js";
import { parseFilters, parseOrder } from "../../engine/query/list-query.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// The indexes a large table relies on exist, and the SQL the filters and orders compile to can be
// answered from them: with sequential scans (and sorts) ruled out, the planner still finds a plan
// on the index. A search on an expression no index has, or an order ending otherwise than the
// index (createdAt, id), would fail here.
describe(`search and order indexes on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test("content tables have trigram indexes, every table (createdAt, id), relations (parent, orderIndex, createdAt, id)", async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()
      AND tablename IN ('ecommerce_products', 'ecommerce_categories_to_products')`.execute(t.database.db);
    const def = (name: string) => rows.find((r) => r.indexname === name)?.indexdef ?? "";
    expect(def("ecommerce_products_adminTitle_trgm")).toMatch(/USING gin \("adminTitle" (public\.)?gin_trgm_ops\)/);
    expect(def("ecommerce_products_title_en_trgm")).toMatch(
      /USING gin \(\(\(title ->> 'en'::text\)\) (public\.)?gin_trgm_ops\)/,
    );
    expect(def("ecommerce_products_title_ru_trgm")).toMatch(/title ->> 'ru'/);
    expect(def("ecommerce_products_createdAt_idx")).toMatch(/\("createdAt", id\)/);
    expect(def("ecommerce_categories_to_products_categoryId_idx")).toMatch(
      /\("categoryId", "orderIndex", "createdAt", id\)/,
    );
  });

  /**
   * The plan of a list built as the repository builds it, with what could do without the index
   * ruled out: sequential scans, and sorts (for an order) or plain index scans (for a search, so
   * only a bitmap scan on an index matching the condition is left).
   */
  async function planOf(
    model: string,
    filters: unknown[],
    orderBy: unknown[],
    ruledOut: "enable_sort" | "enable_indexscan",
  ) {
    const m = t.app.registry.get(model);
    const causes: { path: string; message: string }[] = [];
    const conditions = parseFilters(m, filters, causes);
    const order = fullOrder(parseOrder(m, orderBy, causes), m.defaultOrder);
    expect(causes).toEqual([]);
    const query = order
      .reduce(
        (q, key) => q.orderBy(key),
        t.database.db
          .selectFrom(m.table)
          .selectAll()
          .$if(conditions.length > 0, (q) => q.where((eb) => whereAll(eb, conditions)))
          .limit(20),
      )
      .compile();
    return t.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql.raw(`SET LOCAL ${ruledOut} = off`).execute(trx);
      const { rows } = await trx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
      );
      return rows.map((r) => Object.values(r)[0]).join("\n");
    });
  }

  test.each([
    [
      "title->>en ilike",
      "ecommerce/products",
      [{ column: "title->>en", method: "ilike", value: "%mug%" }],
      [],
      "ecommerce_products_title_en_trgm",
    ],
    [
      "title->>ru ilike",
      "ecommerce/products",
      [{ column: "title->>ru", method: "ilike", value: "%кружка%" }],
      [],
      "ecommerce_products_title_ru_trgm",
    ],
    [
      "adminTitle ilike (the admin's search box)",
      "ecommerce/products",
      [{ column: "adminTitle", method: "ilike", value: "%mug%" }],
      [],
      "ecommerce_products_adminTitle_trgm",
    ],
    [
      "newest first",
      "ecommerce/products",
      [],
      [{ column: "createdAt", method: "desc" }],
      "ecommerce_products_createdAt_idx",
    ],
    [
      "a category's products, default order",
      "ecommerce/categories-to-products",
      [{ column: "categoryId", method: "eq", value: "00000000-0000-4000-8000-000000000000" }],
      [],
      "ecommerce_categories_to_products_categoryId_idx",
    ],
    [
      "a category's products by orderIndex (the admin)",
      "ecommerce/categories-to-products",
      [{ column: "categoryId", method: "eq", value: "00000000-0000-4000-8000-000000000000" }],
      [{ column: "orderIndex", method: "asc" }],
      "ecommerce_categories_to_products_categoryId_idx",
    ],
  ])("%s can be answered from its index", async (_name, model, filters, orderBy, index) => {
    const search = index.endsWith("_trgm");
    const plan = await planOf(model, filters, orderBy, search ? "enable_indexscan" : "enable_sort");
    expect(plan).toContain(index);
    if (!search) expect(plan).not.toMatch(/^\s*(->\s*)?Sort/m);
  });
});
