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

  it("gives a named segment's value", async () => {
    const { status, body } = await get("/api/host/pages/url-segment-value?url=/ru/blog/articles/hello&segment=blog.articles.slug");
    expect(status).toBe(200);
    expect(body.data).toBe("hello");
    expect((await get("/api/host/pages/url-segment-value?url=/blog/articles/hello&segment=blog.categories.slug")).status).toBe(404);
    expect((await get("/api/host/pages/url-segment-value?url=/blog&segment=blog.articles.slug")).status).toBe(404);
  });

  it("lists every url split into segments", async () => {
    const { status, body } = await get("/api/host/pages/urls");
    expect(status).toBe(200);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { id: home, url: "/", segments: [] },
        expect.objectContaining({ url: "/blog", segments: ["blog"] }),
        { id: template, url: "/blog/articles/[blog.articles.slug]", segments: ["blog", "articles", "[blog.articles.slug]"] },
      ]),
    );
  });

  it("answers 400 for a missing or malformed query", async () => {
    for (const url of [
      "/api/host/pages/find-by-url",
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
    const product = await get("/api/website-builder/pages/url-segment-value?url=/shop/products/red-shoes&segment=ecommerce.products.slug");
    expect(product.body.data).toBe("red-shoes");
    expect((await get("/api/website-builder/pages/find-by-url?url=/shop/products/blue-shoes")).status).toBe(404);
    const urls = await get("/api/website-builder/pages/urls");
    expect(urls.body.data.map((u: any) => u.url)).toEqual(["/about", "/shop/products/[ecommerce.products.slug]"]);
  });

  it("sees a new template page and a renamed record at once", async () => {
    expect((await get("/api/host/pages/find-by-url?url=/blog/categories/news")).status).toBe(404);
    await buildPage(t, "/blog/categories/[blog.categories.slug]", 1, "Category");
    await write(t, (create) => create("blog/categories", { slug: "news" }));
    expect((await get("/api/host/pages/find-by-url?url=/blog/categories/news")).status).toBe(200);
    // Through the generic API: the template list is dropped on any page change.
    const { body } = await get("/api/host/pages/find-by-url?url=/blog/categories/news");
    const patched = await t.request({ method: "PATCH", url: `/api/host/pages/${body.data.id}`, payload: { data: { url: "/news/[blog.categories.slug]" } } });
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
  });
});
