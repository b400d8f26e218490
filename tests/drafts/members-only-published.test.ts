import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

// Members-only content is decided on the copy the caller reads (docs/security.md): a visitor reads
// published copies, so a link removed or added in a working copy only changes nothing for it until
// the tree is published. The demo's members' notes are a website-builder widget that only the
// article → widget link (a relation visitors may not read) reaches.
const SECRET_TEXT = "beta of shared carts";
const RELATION = "/api/blog/articles-to-website-builder-module-widgets";
const WIDGETS = "/api/website-builder/widgets";

describe(`members-only content read from the published copies, on ${testDialect}`, () => {
  let t: TestApp;
  let privateId: string;
  let linkId: string;
  const byColumn = (column: string, value: string) =>
    `filters[and]=${encodeURIComponent(JSON.stringify([{ column, method: "eq", value }]))}`;
  const visitor = (url: string) => t.request({ method: "GET", url, key: null });

  beforeAll(async () => {
    t = await createTestApp({ drafts: true, seedDemoContent: true });
    privateId = (await t.request({ method: "GET", url: `${WIDGETS}?${byColumn("slug", "members-notes-private")}` }))
      .body.data[0].id;
    linkId = (
      await t.request({
        method: "GET",
        url: `${RELATION}?draft=true&${byColumn("websiteBuilderModuleWidgetId", privateId)}`,
      })
    ).body.data[0].id;
  });
  afterAll(() => t.close());

  const visitorSees = async () => {
    const byId = await visitor(`${WIDGETS}/${privateId}`);
    const search = `filters[and]=${encodeURIComponent(JSON.stringify([{ column: "description->>en", method: "ilike", value: `%${SECRET_TEXT}%` }]))}`;
    return {
      byId: byId.status,
      text: JSON.stringify(byId.body).includes(SECRET_TEXT),
      listed: (await visitor(`${WIDGETS}?limit=1000`)).body.data.some((w: { id: string }) => w.id === privateId),
      counted: (await visitor(`${WIDGETS}/count?${search}`)).body.data,
    };
  };
  const hidden = { byId: 404, text: false, listed: false, counted: 0 };

  it("a link deleted in the working copy only keeps the published widget members-only until the article is published", async () => {
    expect(await visitorSees()).toEqual(hidden);
    expect((await t.request({ method: "DELETE", url: `${RELATION}/${linkId}` })).status).toBe(200);
    // The published link still makes it private: the visitors' copy has not changed.
    expect(await visitorSees()).toEqual(hidden);
    // Published without the link, the widget is no one's private content any more.
    const articleId = (
      await t.request({ method: "GET", url: `/api/blog/articles?${byColumn("slug", "members-notes")}` })
    ).body.data[0].id;
    expect((await t.request({ method: "POST", url: `/api/blog/articles/${articleId}/publish` })).status).toBe(200);
    expect((await visitorSees()).byId).toBe(200);
  });

  it("a link added in the working copy only does not hide the published widget from visitors yet", async () => {
    const widget = (
      await t.request({
        method: "POST",
        url: `${WIDGETS}?publish=true`,
        payload: { data: { slug: "soon-private", title: { en: "Soon private" } } },
      })
    ).body.data;
    const articleId = (await t.request({ method: "GET", url: `/api/blog/articles?${byColumn("slug", "hello-world")}` }))
      .body.data[0].id;
    const added = await t.request({
      method: "POST",
      url: RELATION,
      payload: { data: { articleId, websiteBuilderModuleWidgetId: widget.id } },
    });
    expect(added.status).toBe(201);
    expect((await visitor(`${WIDGETS}/${widget.id}`)).status).toBe(200);
    await t.request({ method: "POST", url: `/api/blog/articles/${articleId}/publish` });
    expect((await visitor(`${WIDGETS}/${widget.id}`)).status).toBe(404);
  });
});
