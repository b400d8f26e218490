import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

const htmlText = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const tag = (html: string, pattern: RegExp) => {
  const found = pattern.exec(html)?.[1];
  return found === undefined ? undefined : htmlText(found);
};
/** What a page's head says of it, and its hidden heading when it has one. */
const headOf = (html: string) => ({
  title: tag(html, /<title>([^<]*)<\/title>/),
  description: tag(html, /<meta name="description" content="([^"]*)">/),
  ogTitle: tag(html, /<meta property="og:title" content="([^"]*)">/),
  ogDescription: tag(html, /<meta property="og:description" content="([^"]*)">/),
  twitterTitle: tag(html, /<meta name="twitter:title" content="([^"]*)">/),
});

const PAGES = [
  { kind: "product", model: "ecommerce/products", url: "/ecommerce/products/", describedBy: "shortDescription" },
  { kind: "article", model: "blog/articles", url: "/blog/articles/", describedBy: "subtitle" },
] as const;
const LANGUAGES = [
  { language: "en", prefix: "" },
  { language: "ru", prefix: "/ru" },
] as const;

// Every product and article page of the demo site has a head of its own, from the item, in the page's
// language (common/site/item-metadata.ts): not the template page's "Product · Northwind Studio" on
// all of them, nor English on /ru/. And /ru/'s hidden heading is Russian.
describe(`the demo's item pages, their heads per language (${testDialect})`, () => {
  let t: TestApp;
  const html = async (path: string) => {
    const response = await t.app.inject({ method: "GET", url: path });
    expect(response.statusCode, path).toBe(200);
    return response.body;
  };
  const items = async (model: string) =>
    (await t.request({ method: "GET", url: `/api/${model}?limit=100` })).body.data as Record<string, any>[];

  beforeAll(async () => {
    t = await createTestApp({ seedDemoContent: true });
  });
  afterAll(() => t?.close());

  for (const { kind, model, url, describedBy } of PAGES)
    for (const { language, prefix } of LANGUAGES)
      it(`each ${kind} page in ${language}: <title>, description, og:title and twitter:title from the ${kind}`, async () => {
        const rows = (await items(model)).filter((row) => row.slug && row.title?.[language]);
        expect(rows.length).toBeGreaterThan(1);
        const titles = new Set<string>();
        for (const row of rows) {
          const path = `${prefix}${url}${row.slug}`;
          const head = headOf(await html(path));
          const title = row.title[language].trim();
          const description = (row[describedBy]?.[language] as string | undefined)?.trim();
          expect(head, path).toMatchObject({ title, ogTitle: title, twitterTitle: title });
          if (description) expect(head, path).toMatchObject({ description, ogDescription: description });
          titles.add(head.title!);
        }
        // Each page its own.
        expect(titles.size).toBe(rows.length);
      });

  it.each(LANGUAGES)("the home page's hidden heading and <title> in $language", async ({ language, prefix }) => {
    const page = await html(`${prefix}/`);
    const heading = tag(page, /<h1 class="s-visually-hidden">([^<]*)<\/h1>/);
    const name = language === "ru" ? "Студия «Норд»" : "Northwind Studio";
    expect({ heading, title: headOf(page).title }).toEqual({ heading: name, title: name });
  });

  it("no hidden heading on a Russian page of the demo is in English", async () => {
    const pages = (await t.request({ method: "GET", url: "/api/host/pages?limit=100" })).body.data as {
      url: string;
    }[];
    const fixed = pages.map((p) => p.url).filter((u) => !u.includes("["));
    expect(fixed).toContain("/");
    const english: [string, string][] = [];
    for (const path of fixed) {
      const response = await t.app.inject({ method: "GET", url: `/ru${path === "/" ? "" : path}` });
      const heading = tag(response.body, /<h1 class="s-visually-hidden">([^<]*)<\/h1>/);
      if (heading !== undefined && !/[а-яё]/i.test(heading)) english.push([path, heading]);
    }
    expect(english).toEqual([]);
  });
});
