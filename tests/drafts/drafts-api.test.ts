import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";

const byParent = (column: string, value: string) =>
  `filters[and]=${encodeURIComponent(JSON.stringify([{ column, method: "eq", value }]))}`;

// Drafts on (the product's default; docs/drafts.md): a visitor never sees a working
// copy through any read path; an editor reads it with draft=true; publishing a page publishes its
// whole tree at once, removals included, or nothing.
describe(`drafts and publishing on ${testDialect}`, () => {
  let t: TestApp;
  const anonymous = (url: string) => t.request({ method: "GET", url, key: null });
  const editor = (method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const html = async (path: string) => (await t.app.inject({ method: "GET", url: path })).body;

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
  });
  afterAll(() => t.close());

  it("keeps a new record from visitors until it is published: get, list, filter, count, find-by-url, the page and the sitemap", async () => {
    const built = await buildPage(t, "/drafted", 2, "Drafted page");
    const page = `/api/host/pages/${built.pageId}`;
    expect((await anonymous(page)).status).toBe(404);
    expect((await anonymous("/api/host/pages")).body.data.map((p: any) => p.id)).not.toContain(built.pageId);
    const byUrl = `/api/host/pages?filters[and]=${encodeURIComponent(JSON.stringify([{ column: "url", method: "eq", value: "/drafted" }]))}`;
    expect((await anonymous(byUrl)).body.data).toEqual([]);
    expect(
      (
        await anonymous(
          `/api/host/pages/count?filters[and]=${encodeURIComponent(JSON.stringify([{ column: "url", method: "eq", value: "/drafted" }]))}`,
        )
      ).body.data,
    ).toBe(0);
    expect((await anonymous("/api/host/pages/find-by-url?url=/drafted")).status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/drafted" })).statusCode).toBe(404);
    expect(await html("/sitemap.xml")).not.toContain("/drafted");
    // The secret key reads the published copy too unless it asks for the working one.
    expect((await editor("GET", page)).status).toBe(404);
    const draft = await editor("GET", `${page}?draft=true`);
    expect(draft.status).toBe(200);
    expect(draft.body.data.publication).toMatchObject({ state: "draft", publishedAt: null });
    expect((await anonymous(`${page}?draft=true`)).status).toBe(401);

    const published = await editor("POST", `${page}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.data.publication.state).toBe("published");
    expect((await anonymous(page)).body.data).toMatchObject({ url: "/drafted", publication: { state: "published" } });
    expect((await anonymous("/api/host/pages/find-by-url?url=/drafted")).status).toBe(200);
    expect(await html("/drafted")).toContain("Feature 1");
    expect(await html("/sitemap.xml")).toContain("/drafted");
  });

  it("keeps an unpublished record out of a template page's addresses: urls, url-segment-value, the page and its structured data", async () => {
    const built = await buildPage(t, "/stories/[blog.articles.slug]", 1, "Story page");
    await editor("POST", `/api/host/pages/${built.pageId}/publish`);
    const published = (
      await editor("POST", "/api/blog/articles?publish=true", { slug: "open-story", title: { en: "Open story" } })
    ).body.data;
    const secret = (await editor("POST", "/api/blog/articles", { slug: "secret-story", title: { en: "Secret story" } }))
      .body.data;
    const urls = (await anonymous("/api/host/pages/urls")).body.data.urls.map((u: any) => u.url);
    expect(urls).toContain("/stories/open-story");
    expect(urls).not.toContain("/stories/secret-story");
    const segment = (slug: string) =>
      anonymous(`/api/host/pages/url-segment-value?url=/stories/${slug}&segment=blog.articles.slug`);
    expect((await segment("open-story")).status).toBe(200);
    expect((await segment("secret-story")).status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/stories/secret-story" })).statusCode).toBe(404);
    expect(await html("/sitemap.xml")).not.toContain("secret-story");
    // Published, with a title still in draft: the page and its structured data say the published one.
    await editor("PATCH", `/api/blog/articles/${published.id}`, { title: { en: "Open story, retitled" } });
    const page = await html("/stories/open-story");
    expect(page).toContain("Open story");
    expect(page).toContain("application/ld+json");
    expect(page).not.toContain("retitled");
    await editor("POST", `/api/blog/articles/${secret.id}/publish`);
    expect((await segment("secret-story")).status).toBe(200);
    expect((await anonymous("/api/host/pages/urls")).body.data.urls.map((u: any) => u.url)).toContain(
      "/stories/secret-story",
    );
  });

  it("shows visitors the published version while an editor changes the working copy, cached page included", async () => {
    const built = await buildPage(t, "/edited", 2, "Edited page");
    await editor("POST", `/api/host/pages/${built.pageId}/publish`);
    const link = (await editor("GET", `/api/host/pages-to-metadata?draft=true&${byParent("pageId", built.pageId)}`))
      .body.data[0];
    const metadata = `/api/host/metadata/${link.metadataId}`;
    expect(await html("/edited")).toContain("<title>Edited page</title>"); // warms the page cache
    const saved = await editor("PATCH", metadata, { title: "Edited in draft" });
    expect(saved.status).toBe(200);
    expect(saved.body.data.publication.state).toBe("changed");
    expect(await html("/edited")).toContain("<title>Edited page</title>");
    expect((await anonymous(metadata)).body.data.title).toBe("Edited page");
    expect((await editor("GET", metadata)).body.data.title).toBe("Edited page");
    expect((await editor("GET", `${metadata}?draft=true`)).body.data.title).toBe("Edited in draft");
    expect(
      (await editor("GET", `/api/host/metadata?draft=true&limit=100`)).body.data.find(
        (m: any) => m.id === link.metadataId,
      ).publication.state,
    ).toBe("changed");

    await editor("POST", `/api/host/pages/${built.pageId}/publish`);
    expect(await html("/edited")).toContain("<title>Edited in draft</title>");
    expect((await editor("GET", `${metadata}?draft=true`)).body.data.publication.state).toBe("published");
  });

  it("publishes a removed block with its page: visitors keep it until then", async () => {
    const built = await buildPage(t, "/removal", 2, "Removal page");
    await editor("POST", `/api/host/pages/${built.pageId}/publish`);
    const links = (await editor("GET", `/api/host/pages-to-widgets?draft=true&${byParent("pageId", built.pageId)}`))
      .body.data;
    expect(links).toHaveLength(2);
    const features = links.find((l: any) => l.orderIndex === 1);
    expect((await editor("DELETE", `/api/host/pages-to-widgets/${features.id}`)).status).toBe(200);
    expect(await html("/removal")).toContain("Feature 1");
    expect((await anonymous(`/api/host/pages-to-widgets/${features.id}`)).status).toBe(200);
    await editor("POST", `/api/host/pages/${built.pageId}/publish`);
    expect(await html("/removal")).not.toContain("Feature 1");
    expect((await anonymous(`/api/host/pages-to-widgets/${features.id}`)).status).toBe(404);
  });

  it("publishes a tree all or nothing: a url another published page holds refuses every record of it", async () => {
    const first = await buildPage(t, "/taken", 1, "First");
    await editor("POST", `/api/host/pages/${first.pageId}/publish`);
    // The first page moves away in its working copy only; the second takes its url there.
    await editor("PATCH", `/api/host/pages/${first.pageId}`, { url: "/moved" });
    const second = await buildPage(t, "/taken-too", 1, "Second");
    await editor("PATCH", `/api/host/pages/${second.pageId}`, { url: "/taken" });
    const refused = await editor("POST", `/api/host/pages/${second.pageId}/publish`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("CONFLICT");
    // Nothing of the second page's tree went out: not its widget, not its layout.
    expect((await anonymous(`/api/host/pages/${second.pageId}`)).status).toBe(404);
    expect((await anonymous(`/api/website-builder/widgets/${second.widgetIds[0]}`)).status).toBe(404);
    expect((await anonymous(`/api/host/layouts/${second.layoutId}`)).status).toBe(404);
    // Publishing the move first frees the url.
    await editor("POST", `/api/host/pages/${first.pageId}/publish`);
    expect((await editor("POST", `/api/host/pages/${second.pageId}/publish`)).status).toBe(200);
    expect(await html("/taken")).toContain("Second");
  });

  it("writes and publishes in one request with ?publish=true; unpublish takes a record off the site", async () => {
    const created = await editor("POST", "/api/blog/articles?publish=true", { title: { en: "At once" } });
    expect(created.status).toBe(201);
    expect(created.body.data.publication.state).toBe("published");
    const url = `/api/blog/articles/${created.body.data.id}`;
    expect((await anonymous(url)).body.data.title.en).toBe("At once");
    const patched = await t.request({
      method: "PATCH",
      url: `${url}?publish=true`,
      payload: { data: { title: { en: "At once, again" } } },
    });
    expect(patched.body.data.publication.state).toBe("published");
    expect((await anonymous(url)).body.data.title.en).toBe("At once, again");

    const off = await editor("POST", `${url}/unpublish`);
    expect(off.body.data.publication).toMatchObject({ state: "draft", publishedAt: null });
    expect((await anonymous(url)).status).toBe(404);
    expect((await editor("GET", `${url}?draft=true`)).status).toBe(200);
    expect((await editor("POST", `/api/blog/articles/${crypto.randomUUID()}/publish`)).status).toBe(404);
    expect((await editor("POST", "/api/blog/articles/not-an-id/publish")).status).toBe(400);
    expect(
      (await t.request({ method: "POST", url: "/api/blog/articles?publish=maybe", payload: { data: {} } })).status,
    ).toBe(400);
  });

  it("takes a deleted entity off the site at once", async () => {
    const created = await editor("POST", "/api/blog/articles?publish=true", { title: { en: "Going" } });
    const url = `/api/blog/articles/${created.body.data.id}`;
    expect((await editor("DELETE", url)).status).toBe(200);
    expect((await anonymous(url)).status).toBe(404);
  });

  it("refuses draft=true to a caller who may not edit, and a bad value to anyone", async () => {
    expect((await anonymous("/api/blog/articles?draft=true")).status).toBe(401);
    expect((await editor("GET", "/api/blog/articles?draft=yes")).status).toBe(400);
    // A model without x-drafts has one copy: draft=true changes nothing there.
    expect((await editor("GET", "/api/billing/currencies?draft=true")).status).toBe(200);
  });
});

describe(`DRAFTS=off on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ drafts: false });
  });
  afterAll(() => t.close());

  it("publishes every save at once, the routes' and the modules' alike", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { title: { en: "Live" } } },
    });
    expect(created.body.data.publication.state).toBe("published");
    expect(
      (await t.request({ method: "GET", url: `/api/blog/articles/${created.body.data.id}`, key: null })).body.data.title
        .en,
    ).toBe("Live");
    const built = await buildPage(t, "/live", 1, "Live page");
    expect((await t.app.inject({ method: "GET", url: "/live" })).statusCode).toBe(200);
    expect(
      (await t.request({ method: "GET", url: `/api/host/pages/${built.pageId}?draft=true` })).body.data.publication
        .state,
    ).toBe("published");
  });
});
