import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage, write } from "../site/fixtures.js";

// With drafts on, a published page still renders in a number of
// statements that follows the models it uses, never its widget count (the page loader over the
// published copies batches as over the working ones), and so does its preview; publishing a
// page's tree is one transaction whose statements follow its models too.
describe(`drafts: statements per render and per publish on ${testDialect}`, () => {
  let t: TestApp;
  const pages: Record<"five" | "fifty", { pageId: string }> = {} as never;

  /** Rows for the list widgets (three articles, three products). */
  const listed = (app: TestApp) =>
    write(app, async (create) => {
      for (let i = 0; i < 3; i++) {
        await create("blog/articles", { slug: `article-${i}`, title: { en: `Article ${i}` } });
        await create("ecommerce/products", { slug: `product-${i}`, title: { en: `Product ${i}` } });
      }
    });

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    pages.five = await buildPage(t, "/five", 5, "Five widgets");
    pages.fifty = await buildPage(t, "/fifty", 50, "Fifty widgets");
    await listed(t);
    await t.app.drafts.publishAll();
  });
  afterAll(() => t.close());

  /** Statements of one uncached render of `url` (after a warm-up render reading the permission rules). */
  async function statements(url: string): Promise<{ count: number; body: string }> {
    t.app.site.pages.cache.clear();
    await t.app.inject({ method: "GET", url });
    t.app.site.pages.cache.clear();
    const before = t.database.queryCount();
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    return { count: t.database.queryCount() - before, body: response.body };
  }

  it("renders a published page of 50 widgets in as many statements as one of 5", async () => {
    const five = await statements("/five");
    const fifty = await statements("/fifty");
    expect(fifty.body).toContain("Feature 1");
    expect(fifty.count).toBe(five.count);
    expect(five.count).toBeLessThan(60);
    console.log(`published render, drafts on: ${five.count} statements for 5 widgets, ${fifty.count} for 50`);

    // The same page with drafts off (one copy, the site reading the working tables as before drafts).
    const off = await createTestApp({ drafts: false });
    try {
      await buildPage(off, "/five", 5, "Five widgets");
      await listed(off);
      const warm = () => off.app.inject({ method: "GET", url: "/five" });
      off.app.site.pages.cache.clear();
      await warm();
      off.app.site.pages.cache.clear();
      const before = off.database.queryCount();
      expect((await warm()).statusCode).toBe(200);
      const withoutDrafts = off.database.queryCount() - before;
      expect(five.count).toBe(withoutDrafts);
      console.log(`published render, drafts off: ${withoutDrafts} statements for 5 widgets`);
    } finally {
      await off.close();
    }
  });

  it("renders a preview of 50 widgets in as many statements as one of 5", async () => {
    const link = async (pageId: string) => {
      const url = new URL(
        (await t.request({ method: "POST", url: `/api/host/pages/${pageId}/preview` })).body.data.url,
      );
      return url.pathname + url.search;
    };
    const five = await statements(await link(pages.five.pageId));
    const fifty = await statements(await link(pages.fifty.pageId));
    expect(fifty.count).toBe(five.count);
    console.log(`preview render: ${five.count} statements for 5 widgets, ${fifty.count} for 50`);
  });

  it("publishes a 50-widget page in one transaction, in as many statements as a 5-widget page", async () => {
    const pagesModel = t.app.registry.get("host/pages");
    const counts: Record<string, number> = {};
    for (const [name, { pageId }] of Object.entries(pages)) {
      // Every record of the tree changed in its working copy since the last publish.
      const tree = await t.app.drafts.treeOf(t.database.db, pagesModel, pageId);
      for (const [modelId, ids] of tree) {
        await t.database.db
          .updateTable(t.app.registry.get(modelId).table)
          .set({ updatedAt: sql`now()` })
          .where("id", "in", [...ids])
          .execute();
      }
      const before = t.database.queryCount();
      const published = await t.app.drafts.publishTree(pagesModel, pageId);
      counts[name] = t.database.queryCount() - before;

      // One transaction wrote every published row of the tree: they share one transaction id (xmin).
      const transactions = new Set<string>();
      let rows = 0;
      for (const [modelId, ids] of published) {
        const table = t.app.registry.get(modelId).published!.table;
        const { rows: found } = await sql<{
          tx: string;
        }>`SELECT xmin::text AS tx FROM ${sql.table(table)} WHERE "id" IN (${sql.join([...ids])})`.execute(
          t.database.db,
        );
        rows += found.length;
        for (const row of found) transactions.add(row.tx);
      }
      expect(rows).toBeGreaterThan(name === "fifty" ? 400 : 40);
      expect(transactions.size, name).toBe(1);
    }
    expect(counts.fifty).toBe(counts.five);
    console.log(`publishTree: ${counts.five} statements for 5 widgets, ${counts.fifty} for 50`);
  });
});
