import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

// A preview shows exactly what publishing its page would publish (docs/drafts.md, Preview): the
// page's tree from its working copies, everything else as visitors see it. So a template page's
// token opens no draft article at the template, and a list on the page (the newest articles) shows
// no draft that publishing the page would leave unpublished; a product a block links is part of
// the page's tree, and its draft title is shown, as publishing the page would put it live.
describe(`a preview shows the tree its publish would publish, on ${testDialect}`, () => {
  let t: TestApp;
  const editor = (method: "GET" | "POST" | "PATCH", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const visit = (url: string) => t.app.inject({ method: "GET", url });
  const local = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get("preview")!;
  const previewOf = async (pageId: string, data?: unknown) => editor("POST", `/api/host/pages/${pageId}/preview`, data);
  const created = async (url: string, data: object) => {
    const answer = await editor("POST", url, data);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    // A published article with a title changed in its working copy, and one never published.
    const open = await created("/api/blog/articles?publish=true", {
      slug: "open-article",
      title: { en: "Open article" },
    });
    await editor("PATCH", `/api/blog/articles/${open.id}`, { title: { en: "Open article, retitled in draft" } });
    await created("/api/blog/articles", { slug: "draft-article", title: { en: "Draft article" } });
  });
  afterAll(() => t.close());

  it("a template page's token opens its addresses as they will be published, not a draft article's", async () => {
    const template = await buildPage(t, "/blog/articles/[blog.articles.slug]", 1, "Article template");
    const link = await previewOf(template.pageId);
    expect(link.status).toBe(200);
    // By default the first address publishing gives: the published article's, not the draft's.
    expect(new URL(link.body.data.url).pathname).toBe("/blog/articles/open-article");
    const token = tokenOf(link.body.data.url);
    const open = await visit(local(link.body.data.url));
    expect(open.statusCode).toBe(200);
    // Headed by the article as published (common/site/item-metadata.ts), on the draft template page.
    expect(open.body).toContain("<title>Open article</title>");
    expect(open.body).toContain('<meta name="description" content="Article template description">');
    expect(open.body).not.toContain("retitled in draft");
    // The draft article is not the page's: publishing the page would not publish it.
    const draft = await visit(`/blog/articles/draft-article?preview=${encodeURIComponent(token)}`);
    expect(draft.statusCode).toBe(404);
    expect(draft.body).not.toContain("Draft article");
    expect((await previewOf(template.pageId, { path: "/blog/articles/draft-article" })).status).toBe(400);
  });

  it("lists show what visitors see; records the page's blocks link show their working copies", async () => {
    const page = await created("/api/host/pages?publish=true", { url: "/listing", slug: "listing" });
    const product = await created("/api/ecommerce/products", {
      adminTitle: "Linked",
      title: { en: "Linked product draft" },
    });
    await created("/api/ecommerce/products", { adminTitle: "Unlinked", title: { en: "Unlinked product draft" } });
    const blocks = [
      { module: "blog", variant: "article-list-default" },
      { module: "ecommerce", variant: "product-list-default", content: { products: [product.id] } },
    ];
    for (const block of blocks) await created(`/api/host/pages/${page.id}/blocks`, block);
    const link = await previewOf(page.id);
    const preview = await visit(local(link.body.data.url));
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain("Open article");
    expect(preview.body).not.toContain("retitled in draft");
    expect(preview.body).not.toContain("Draft article");
    expect(preview.body).toContain("Linked product draft");
    expect(preview.body).not.toContain("Unlinked product draft");
    // What the preview promised is what publishing gives visitors.
    expect((await editor("POST", `/api/host/pages/${page.id}/publish`)).status).toBe(200);
    const published = (await visit("/listing")).body;
    for (const text of ["Open article", "Linked product draft"]) expect(published).toContain(text);
    for (const text of ["retitled in draft", "Draft article", "Unlinked product draft"])
      expect(published).not.toContain(text);
  });

  it("a preview leaves nothing published behind it", async () => {
    const listed = (await t.request({ method: "GET", url: "/api/blog/articles?limit=100", key: null })).body.data.map(
      (a: { slug: string }) => a.slug,
    );
    expect(listed).toEqual(["open-article"]);
  });
});
