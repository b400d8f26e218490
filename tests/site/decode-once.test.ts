import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage, write } from "./fixtures.js";

// A page path is percent-decoded once, where the language prefix is split off: the address's
// "%25" is a "%" of the page's url, never the start of a second escape ("%2500" is "%00", not a NUL).
describe(`a page path is decoded once (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await buildPage(t, "/a%00b", 0, "Percent zero zero");
    await buildPage(t, "/100%", 0, "Hundred percent");
    await buildPage(t, "/a?b", 0, "Question mark");
    await write(t, (create) => create("blog/articles", { slug: "50%25off", title: { en: "Sale" } }));
    await buildPage(t, "/blog/[blog.articles.slug]", 0, "Article page");
  });
  afterAll(() => t?.close());

  it.each([
    ["/a%2500b", 200, "Percent zero zero"],
    ["/ru/a%2500b", 200, "Percent zero zero"],
    ["/a%252500b", 404, undefined],
    ["/100%25", 200, "Hundred percent"],
    ["/ru/100%25", 200, "Hundred percent"],
    ["/100%2525", 404, undefined],
    ["/a%3Fb", 200, "Question mark"],
    ["/a?b", 404, undefined],
    // The article found by its slug "50%25off" heads the page with its own title (common/site/item-metadata.ts).
    ["/blog/50%2525off", 200, "Sale"],
    ["/blog/50%25off", 404, undefined],
    ["/a%00b", 400, undefined],
  ])("%s answers %i", async (url, status, title) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(status);
    if (title) expect(response.body).toContain(`<title>${title}`);
  });

  it.each([
    ["/a%2500b", "/a%00b"],
    ["/ru/100%25", "/100%"],
    ["/a%3Fb", "/a?b"],
  ])("find-by-url takes the address %s as the page %s", async (address, url) => {
    const response = await t.request({
      method: "GET",
      url: `/api/host/pages/find-by-url?url=${encodeURIComponent(address)}`,
      key: null,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.url).toBe(url);
  });

  it.each(["/a%252500b", "/x%2500"])("find-by-url answers 404, not 500, for %s", async (address) => {
    const response = await t.request({
      method: "GET",
      url: `/api/host/pages/find-by-url?url=${encodeURIComponent(address)}`,
      key: null,
    });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("NOT_FOUND");
  });
});
