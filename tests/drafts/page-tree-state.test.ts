import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

type Built = Awaited<ReturnType<typeof buildPage>>;
const filter = (column: string, value: string) =>
  `filters[and]=${encodeURIComponent(JSON.stringify([{ column, method: "eq", value }]))}`;

// A page's state is its whole tree's (docs/drafts.md, "A page's state"): a block's text, an item,
// the order of blocks or a layout link changed in the working copy makes the page `changed` — in
// its own read, in the list, after a publish `published` again — though the page's row is untouched.
describe(`a page's publication state over its tree on ${testDialect}`, () => {
  let t: TestApp;
  const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, data?: unknown) => {
    const answer = await t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
    if (answer.status >= 400)
      throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body?.data;
  };
  const first = async (model: string, column: string, value: string) =>
    (await call("GET", `/api/${model}?draft=true&${filter(column, value)}`))[0];
  /** The module widget a page's block number `index` shows. */
  const moduleWidget = (page: Built, index: number) => page.widgetIds[index]!;
  const stateOf = async (pageId: string) =>
    (await call("GET", `/api/host/pages/${pageId}?draft=true`)).publication.state;
  const listedState = async (pageId: string) =>
    ((await call("GET", `/api/host/pages?draft=true&limit=100`)) as any[]).find((p) => p.id === pageId)?.publication
      .state;

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  const cases: { name: string; change: (page: Built) => Promise<unknown> }[] = [
    {
      name: "a block's title",
      change: (page) =>
        call("PATCH", `/api/website-builder/widgets/${moduleWidget(page, 1)}`, { title: { en: "New" } }),
    },
    {
      name: "a feature's text",
      change: async (page) => {
        const link = await first("website-builder/widgets-to-features", "widgetId", moduleWidget(page, 1));
        return call("PATCH", `/api/website-builder/features/${link.featureId}`, { title: { ru: "Новое" } });
      },
    },
    {
      name: "a feature added",
      change: async (page) => {
        const feature = await call("POST", "/api/website-builder/features", { title: { en: "Fast delivery" } });
        return call("POST", "/api/website-builder/widgets-to-features", {
          widgetId: moduleWidget(page, 1),
          featureId: feature.id,
          orderIndex: 5,
        });
      },
    },
    {
      name: "a button of the layout's navbar",
      change: async (page) => {
        const placed = await first("host/layouts-to-widgets", "layoutId", page.layoutId);
        const external = await first("host/widgets-to-external-widgets", "widgetId", placed.widgetId);
        const arrays = await first("website-builder/widgets-to-buttons-arrays", "widgetId", external.externalWidgetId);
        const button = await first(
          "website-builder/buttons-arrays-to-buttons",
          "buttonsArrayId",
          arrays.buttonsArrayId,
        );
        return call("PATCH", `/api/website-builder/buttons/${button.buttonId}`, { url: "/elsewhere" });
      },
    },
    {
      name: "the blocks' order",
      change: async (page) => {
        const blocks = (await call("GET", `/api/host/pages/${page.pageId}/blocks`)) as { id: string; region: string }[];
        const own = blocks.filter((b) => b.region === "page").map((b) => b.id);
        return call("PATCH", `/api/host/pages/${page.pageId}/blocks/order`, { ids: [...own].reverse() });
      },
    },
    {
      name: "a block removed",
      change: async (page) => {
        const blocks = (await call("GET", `/api/host/pages/${page.pageId}/blocks`)) as { id: string; region: string }[];
        return call("DELETE", `/api/host/pages/${page.pageId}/blocks/${blocks.find((b) => b.region === "page")!.id}`);
      },
    },
    {
      name: "the layout link removed",
      change: async (page) => {
        const link = await first("host/pages-to-layouts", "pageId", page.pageId);
        return call("DELETE", `/api/host/pages-to-layouts/${link.id}`);
      },
    },
  ];

  it.each(cases)(
    "$name makes the page changed, in its read and in the list, until it is published",
    async ({ change }) => {
      const page = await buildPage(t, `/tree-${crypto.randomUUID().slice(0, 8)}`, 3);
      const other = await buildPage(t, `/other-${crypto.randomUUID().slice(0, 8)}`, 3);
      for (const p of [page, other]) await call("POST", `/api/host/pages/${p.pageId}/publish`);
      expect([await stateOf(page.pageId), await listedState(page.pageId)]).toEqual(["published", "published"]);

      await change(page);
      expect(await stateOf(page.pageId)).toBe("changed");
      expect(await listedState(page.pageId)).toBe("changed");
      // Another page (its own layout, its own blocks) is not touched by this page's tree.
      expect([await stateOf(other.pageId), await listedState(other.pageId)]).toEqual(["published", "published"]);

      await call("POST", `/api/host/pages/${page.pageId}/publish`);
      expect([await stateOf(page.pageId), await listedState(page.pageId)]).toEqual(["published", "published"]);
    },
  );

  it("reads the states of a list of pages in as many statements for 12 pages as for 2", async () => {
    const statements = async (limit: number) => {
      const before = t.database.queryCount();
      const rows = (await call("GET", `/api/host/pages?draft=true&limit=${limit}`)) as any[];
      expect(rows).toHaveLength(limit);
      return t.database.queryCount() - before;
    };
    // Enough published pages (each with a changed block) for both lists.
    for (let i = 0; i < 12; i++) {
      const page = await buildPage(t, `/many-${i}-${crypto.randomUUID().slice(0, 8)}`, 2);
      await call("POST", `/api/host/pages/${page.pageId}/publish`);
      await call("PATCH", `/api/website-builder/widgets/${page.widgetIds[0]}`, { title: { en: `Changed ${i}` } });
    }
    await statements(2); // warm-up: permission rules read once
    expect(await statements(12)).toBe(await statements(2));
  });
});
