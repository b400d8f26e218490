import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelQueries } from "../../engine/query/model-tables.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

/**
 * Two blocks with the same order index (rows written by an import or by hand) stand in the order
 * they were made, then by id, in the blocks API and the composer's reorder
 * (server/site/host/blocks/placement-order.ts). A Sunday's block comes before the next Monday's,
 * which a comparison of the dates' text ("Mon …" < "Sun …") put the other way round.
 */
describe(`blocks of equal order index (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("stand in the order they were made in the blocks API", async () => {
    const { pageId } = await buildPage(t, "/ties", 0, "Ties");
    const add = async (title: string) =>
      (
        await t.request({
          method: "POST",
          url: `/api/host/pages/${pageId}/blocks`,
          payload: { data: { module: "website-builder", variant: "content-default", content: { title } } },
        })
      ).body.data;
    // Made in the opposite order to their dates, so neither the ids' nor the rows' order decides.
    const monday = await add("Made on Monday");
    const sunday = await add("Made on Sunday");
    const db = modelQueries(t.app.database.db, t.app.registry);
    const made = { [sunday.id]: new Date("2026-11-29T10:00:00Z"), [monday.id]: new Date("2026-11-30T10:00:00Z") };
    for (const [widgetId, createdAt] of Object.entries(made)) {
      await db
        .updateTable("host/pages-to-widgets")
        .set({ orderIndex: 0, createdAt })
        .where("widgetId", "=", widgetId)
        .execute();
    }
    const listed = (await t.request({ method: "GET", url: `/api/host/pages/${pageId}/blocks?language=en` })).body.data;
    expect(listed.filter((b: any) => b.region === "page").map((b: any) => b.title)).toEqual([
      "Made on Sunday",
      "Made on Monday",
    ]);
  });
});
