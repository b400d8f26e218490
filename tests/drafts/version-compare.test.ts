import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

// GET …/{id}/versions/{versionId}/compare (docs/drafts.md, Versions): a page's versions compared
// with the working copy or with each other, block by block — a block's text saved on the block
// alone (no version of the page) shows against the working copy.
describe(`comparing versions on ${testDialect}`, () => {
  let t: TestApp;
  const call = async (method: "GET" | "POST" | "PATCH", url: string, data?: unknown) => {
    const answer = await t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
    if (answer.status >= 400)
      throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  it("tells a block's text, a feature added and the blocks' order, against the working copy and between versions", async () => {
    const page = await buildPage(t, "/compare", 2);
    const url = `/api/host/pages/${page.pageId}`;
    await call("POST", `${url}/publish`);
    const slider = page.widgetIds[0]!;
    const features = page.widgetIds[1]!;
    await call("PATCH", `/api/website-builder/widgets/${slider}`, { title: { en: "Meet the team", ru: "Команда" } });
    const feature = await call("POST", "/api/website-builder/features", { title: { en: "Fast delivery" } });
    await call("POST", "/api/website-builder/widgets-to-features", {
      widgetId: features,
      featureId: feature.id,
      orderIndex: 9,
    });
    const blocks = (await call("GET", `${url}/blocks`)) as { id: string; region: string }[];
    const own = blocks.filter((b) => b.region === "page").map((b) => b.id);
    await call("PATCH", `${url}/blocks/order`, { ids: [...own].reverse() });

    // The reorder is a save of the page (a version); the block's text and item are the widget's own.
    const published = ((await call("GET", `${url}/versions`)) as { id: string; kind: string }[]).find(
      (v) => v.kind === "publish",
    );
    const { changes } = await call("GET", `${url}/versions/${published!.id}/compare`);
    expect(changes).toEqual([
      {
        kind: "blocks-reordered",
        region: "page",
        blocks: [
          expect.objectContaining({ id: own[1], module: "website-builder", variant: "default" }),
          expect.objectContaining({ id: own[0], title: { en: "Meet the team", ru: "Команда" } }),
        ],
      },
      expect.objectContaining({
        kind: "item-added",
        item: { model: "website-builder/features", id: feature.id, title: { en: "Fast delivery" } },
      }),
      expect.objectContaining({
        kind: "block-field",
        field: "title",
        language: "en",
        before: "default widget",
        after: "Meet the team",
      }),
      expect.objectContaining({ kind: "block-field", field: "title", language: "ru", before: "", after: "Команда" }),
    ]);

    // A publish records the tree as it is now: the two publish versions compared say the same.
    await call("POST", `${url}/publish`);
    const versions = (await call("GET", `${url}/versions`)) as { id: string; kind: string }[];
    const [latest, first] = [versions[0]!, [...versions].reverse().find((v) => v.kind === "publish")!];
    expect([latest.kind, first.id]).toEqual(["publish", published!.id]);
    const between = await call("GET", `${url}/versions/${first.id}/compare?to=${latest.id}`);
    expect(between.changes).toEqual(changes);
    expect((await call("GET", `${url}/versions/${versions[0]!.id}/compare?to=working`)).changes).toEqual([]);
  });

  it("refuses a bad target, another record's version, and readers who may not edit", async () => {
    const page = await buildPage(t, "/compare-refusals", 1);
    const other = await buildPage(t, "/compare-other", 1);
    for (const p of [page, other]) await call("POST", `/api/host/pages/${p.pageId}/publish`);
    const [mine] = (await call("GET", `/api/host/pages/${page.pageId}/versions`)) as { id: string }[];
    const [theirs] = (await call("GET", `/api/host/pages/${other.pageId}/versions`)) as { id: string }[];
    const compare = (query: string, key?: null) =>
      t.request({ method: "GET", url: `/api/host/pages/${page.pageId}/versions/${mine!.id}/compare${query}`, key });
    const cases: [string, number, null?][] = [
      ["?to=yesterday", 400],
      ["?since=working", 400],
      [`?to=${theirs!.id}`, 404],
      ["", 401, null],
    ];
    for (const [query, status, key] of cases)
      expect([query, (await compare(query, key)).status]).toEqual([query, status]);
    const foreign = await t.request({
      method: "GET",
      url: `/api/host/pages/${page.pageId}/versions/${theirs!.id}/compare`,
    });
    expect(foreign.status).toBe(404);
  });
});
