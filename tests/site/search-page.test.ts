import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

/** The page data the results page was rendered from (and hydrates with). */
const searchOf = (html: string) => {
  const json = /<script id="__SITE_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? "{}").search as { query: string; hits: { type: string; url: string }[] } | undefined;
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, "&");

// The demo's /search page (docs/site.md, "Search"): rendered per query from GET /api/search,
// never kept in the page cache nor by a CDN, noindex and out of the sitemap.
describe(`the search results page (${testDialect})`, () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: "GET", url });

  beforeAll(async () => {
    t = await createTestApp({ seedDemoContent: true });
  });
  afterAll(() => t?.close());

  it.each([
    {
      url: "/search?q=mug",
      title: "Search: mug · Northwind Studio",
      heading: "Products",
      product: "/ecommerce/products/ceramic-mug",
    },
    {
      url: `/ru/search?q=${encodeURIComponent("кружка")}`,
      title: "Поиск: кружка · Northwind Studio",
      heading: "Товары",
      product: "/ru/ecommerce/products/ceramic-mug",
    },
  ])(
    "$url: the product in its group, the query in the title, noindex, no-store",
    async ({ url, title, heading, product }) => {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-cache"]).toBe("MISS");
      expect(titleOf(answer.body)).toBe(title);
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
      expect(answer.body).toMatch(new RegExp(`<h2>${heading}</h2><ul>[\\s\\S]*href="${product}"`));
      expect(searchOf(answer.body)?.hits.some((hit) => hit.type === "ecommerce.products")).toBe(true);
    },
  );

  it("one visitor's query is never another's page: each request renders its own, none is cached", async () => {
    const mug = await get("/search?q=mug");
    const nothing = await get("/search?q=qqxzzvv");
    expect(searchOf(mug.body)?.query).toBe("mug");
    expect(searchOf(nothing.body)?.query).toBe("qqxzzvv");
    expect(nothing.body).toContain("Nothing found for “qqxzzvv”.");
    expect((await get("/search?q=mug")).headers["x-cache"]).toBe("MISS");
    expect((await get("/search")).body).toContain("Type a word to search");
  });

  it("a misspelt query: Nothing found, the API's spelling as a link, and what it finds as the closest matches", async () => {
    const answer = await get("/search?q=ceramc");
    expect(answer.body).toContain("Nothing found for “ceramc”.");
    expect(answer.body.replaceAll("<!-- -->", "")).toContain('Did you mean <a href="/search?q=ceramic">ceramic</a>?');
    expect(answer.body).toMatch(/<h2>Closest matches<\/h2><ul>[\s\S]*href="\/ecommerce\/products\/ceramic-mug"/);
  });

  it.each([
    ["an over-long query", `/search?q=${"a".repeat(500)}`],
    ["a cursor that is not the API's", "/search?q=mug&after=not-a-cursor"],
  ])("%s: the page says it could not search, no 500", async (_name, url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain("This search could not be run");
  });

  it("other pages are still cached, and the sitemap leaves /search out", async () => {
    await get("/contact");
    expect((await get("/contact")).headers["x-cache"]).toBe("HIT");
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain("/contact</loc>");
    expect(sitemap).not.toContain("/search</loc>");
  });
});
