import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage, write } from "./fixtures.js";

describe(`pages by url on ${testDialect}`, () => {
  let t: TestApp;
  let home: string;
  let template: string;
  let hello: string;
  const get = (url: string) => t.request({ method: "GET", url, key: null });

  beforeAll(async () => {
    t = await createTestApp();
    home = (await buildPage(t, "/", 1, "Home")).pageId;
    await buildPage(t, "/blog", 1, "Blog");
    template = (await buildPage(t, "/blog/articles/[blog.articles.slug]", 1, "Article")).pageId;
    hello = await write(t, async (create) => {
      await create("blog/articles", { slug: "other", title: { en: "Other" } });
      return (await create("blog/articles", { slug: "hello", title: { en: "Hello" } })).id;
    });
    await write(t, async (create) => {
      await create("website-builder/pages", { url: "/about", slug: "about" });
      await create("website-builder/pages", { url: "/shop/products/[ecommerce.products.slug]", slug: "product" });
      await create("ecommerce/products", { slug: "red-shoes" });
    });
  });
  afterAll(() => t.close());

  it("finds a page by its exact url, anonymously, with or without a language prefix", async () => {
    for (const url of ["/", "/ru", "/ru/", "/en"]) {
      const { status, body } = await get(`/api/host/pages/find-by-url?url=${encodeURIComponent(url)}`);
      expect(status, url).toBe(200);
      expect(body.data).toMatchObject({ id: home, url: "/" });
    }
    const blog = await get("/api/host/pages/find-by-url?url=/ru/blog/");
    expect(blog.body.data.url).toBe("/blog");
  });

  it("takes url=index, an empty url or none as the home page, as the original client asks for it", async () => {
    for (const url of [
      "/api/host/pages/find-by-url?url=index",
      "/api/host/pages/find-by-url?url=",
      "/api/host/pages/find-by-url",
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      expect(body.data).toMatchObject({ id: home, url: "/" });
    }
  });

  it("resolves a url template through the record its segment names, and 404s when there is none", async () => {
    const found = await get("/api/host/pages/find-by-url?url=/blog/articles/hello");
    expect(found.status).toBe(200);
    expect(found.body.data.id).toBe(template);
    expect((await get("/api/host/pages/find-by-url?url=/ru/blog/articles/hello")).body.data.id).toBe(template);
    expect((await get("/api/host/pages/find-by-url?url=/blog/articles/missing")).status).toBe(404);
    expect((await get("/api/host/pages/find-by-url?url=/nowhere")).status).toBe(404);
    expect((await get("/api/host/pages/find-by-url?url=/blog/articles/hello/more")).status).toBe(404);
    expect(hello).toBeTruthy();
  });

  it("gives a named segment's value; null for a segment the page does not have; 404 for a url of no page", async () => {
    const { status, body } = await get(
      "/api/host/pages/url-segment-value?url=/ru/blog/articles/hello&segment=blog.articles.slug",
    );
    expect(status).toBe(200);
    expect(body.data).toBe("hello");
    // The original answers a segment the url does not have with no value, not an error.
    expect(
      await get("/api/host/pages/url-segment-value?url=/blog/articles/hello&segment=blog.categories.slug"),
    ).toEqual({ status: 200, body: { data: null } });
    expect(await get("/api/host/pages/url-segment-value?url=/blog&segment=blog.articles.slug")).toEqual({
      status: 200,
      body: { data: null },
    });
    expect((await get("/api/host/pages/url-segment-value?url=/nowhere&segment=blog.articles.slug")).status).toBe(404);
  });

  it("lists every page's addresses, a template once per record, as the original client reads them", async () => {
    const { status, body } = await get("/api/host/pages/urls");
    expect(status).toBe(200);
    const urls = body.data.urls.map((u: any) => u.url);
    expect(urls).toEqual(expect.arrayContaining(["/", "/blog", "/blog/articles/hello", "/blog/articles/other"]));
    expect(urls.some((u: string) => u.includes("["))).toBe(false);
    expect(body.data.urls).toContainEqual({
      id: template,
      url: "/blog/articles/hello",
      segments: ["blog", "articles", "hello"],
    });
    expect(body.data.urls).toContainEqual({ id: home, url: "/", segments: [] });
  });

  it("lists the page rows' own urls split into segments with ?templates=true", async () => {
    const { status, body } = await get("/api/host/pages/urls?templates=true");
    expect(status).toBe(200);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { id: home, url: "/", segments: [] },
        expect.objectContaining({ url: "/blog", segments: ["blog"] }),
        {
          id: template,
          url: "/blog/articles/[blog.articles.slug]",
          segments: ["blog", "articles", "[blog.articles.slug]"],
        },
      ]),
    );
  });

  it("answers 400 for a missing or malformed query", async () => {
    for (const url of [
      "/api/host/pages/find-by-url?url=blog",
      "/api/host/pages/url-segment-value?url=/blog",
      "/api/host/pages/url-segment-value?url=/blog&segment=slug",
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.message).toMatch(/^Validation error/);
    }
  });

  it("serves the same three routes for website-builder pages", async () => {
    expect((await get("/api/website-builder/pages/find-by-url?url=/ru/about")).body.data.url).toBe("/about");
    const product = await get(
      "/api/website-builder/pages/url-segment-value?url=/shop/products/red-shoes&segment=ecommerce.products.slug",
    );
    expect(product.body.data).toBe("red-shoes");
    expect((await get("/api/website-builder/pages/find-by-url?url=/shop/products/blue-shoes")).status).toBe(404);
    const urls = await get("/api/website-builder/pages/urls?templates=true");
    expect(urls.body.data.map((u: any) => u.url)).toEqual(["/about", "/shop/products/[ecommerce.products.slug]"]);
    const addresses = await get("/api/website-builder/pages/urls");
    expect(addresses.body.data.urls.map((u: any) => u.url)).toEqual(["/about", "/shop/products/red-shoes"]);
  });

  it("sees a new template page and a renamed record at once", async () => {
    expect((await get("/api/host/pages/find-by-url?url=/blog/categories/news")).status).toBe(404);
    await buildPage(t, "/blog/categories/[blog.categories.slug]", 1, "Category");
    await write(t, (create) => create("blog/categories", { slug: "news" }));
    expect((await get("/api/host/pages/find-by-url?url=/blog/categories/news")).status).toBe(200);
    // Through the generic API: the template list is dropped on any page change.
    const { body } = await get("/api/host/pages/find-by-url?url=/blog/categories/news");
    const patched = await t.request({
      method: "PATCH",
      url: `/api/host/pages/${body.data.id}`,
      payload: { data: { url: "/news/[blog.categories.slug]" } },
    });
    expect(patched.status).toBe(200);
    expect((await get("/api/host/pages/find-by-url?url=/blog/categories/news")).status).toBe(404);
    expect((await get("/api/host/pages/find-by-url?url=/news/news")).status).toBe(200);
  });

  it("never resolves a template naming a model visitors may not read (rbac/identities), but does subjects by slug", async () => {
    await write(t, async (create) => {
      await create("host/pages", { url: "/who/[rbac.identities.email]", slug: "who" });
      await create("rbac/identities", { email: "someone@example.com" });
      await create("host/pages", { url: "/people/[rbac.subjects.slug]", slug: "people" });
      await create("rbac/subjects", { slug: "ada" });
    });
    expect((await get("/api/host/pages/find-by-url?url=/who/someone@example.com")).status).toBe(404);
    expect((await get("/api/host/pages/find-by-url?url=/people/ada")).status).toBe(200);
    // Nor are accounts listed as addresses: a public list of subjects' slugs would enumerate them.
    const urls = (await get("/api/host/pages/urls")).body.data.urls.map((u: any) => u.url);
    expect(urls.filter((u: string) => u.startsWith("/who/") || u.startsWith("/people/"))).toEqual([]);
  });
});
