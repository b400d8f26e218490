import { describe, expect, test } from "vitest";
import type { Language } from "../../common/site/page-data.js";
import { markedSnippet, type SiteSearch } from "../../common/site/site-search.js";
import { renderDocument } from "../../web/site/render/render-document.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

const assets = { scripts: ["/static/assets/site-abc.js"], styles: [] };

/** The demo's /search page: the results widget, its data as server/site/search-page.ts completes it. */
function resultsPage(language: Language, search: SiteSearch) {
  const page = new PageBuilder({
    language,
    path: "/search",
    page: { url: "/search", title: en("Search · Northwind Studio", "Поиск · Студия «Норд»") },
  });
  page.add("host/metadata", {});
  page.widget("website-builder", { variant: "search-results-default" });
  page.data.search = search;
  return page;
}

const hit = (type: string, id: string, title: string, url: string, snippet: string) => ({
  type,
  id,
  title,
  url,
  snippet,
  rank: 1,
});

const MUGS: SiteSearch = {
  query: "mug",
  hits: [
    hit(
      "ecommerce.products",
      "p1",
      "Ceramic mug",
      "/ecommerce/products/ceramic-mug",
      "A <mark>mug</mark> &amp; saucer",
    ),
    hit("blog.articles", "a1", "Glazes", "/blog/articles/glazes", "Every <mark>mug</mark> we fire"),
    hit("host.pages", "h1", "Products", "/products", "The <mark>mug</mark> shelf"),
    hit(
      "ecommerce.products",
      "p2",
      "Travel mug",
      "/ecommerce/products/travel-mug",
      "<b>bold</b> <mark>mug</mark> &amp; tea",
    ),
  ],
  next: "cursor-2",
};

describe("search results page", () => {
  test.each([
    ["en", "Articles", "Products", "Pages", "/blog/articles/glazes", "More results"],
    ["ru", "Статьи", "Товары", "Страницы", "/ru/blog/articles/glazes", "Ещё результаты"],
  ] as const)(
    "%s: grouped by kind in order, titles linked in the language, marks kept, More results",
    (language, articles, products, pages, articleHref, more) => {
      const html = renderApp(resultsPage(language, MUGS).data);
      const headings = [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
      expect(headings).toEqual([articles, products, pages]);
      expect(html).toContain(`href="${articleHref}"`);
      expect(html).toContain("A <mark>mug</mark> &amp; saucer");
      // A snippet with another tag is shown as its words, never inserted as HTML.
      expect(html).not.toContain("<b>bold</b>");
      expect(html).toContain("bold mug &amp; tea");
      expect(html).toMatch(
        new RegExp(`<a href="${language === "ru" ? "/ru" : ""}/search\\?q=mug&amp;after=cursor-2"[^>]*>${more}</a>`),
      );
      expect(html).toMatch(/<h1[^>]*>[^<]*: mug<\/h1>/);
    },
  );

  test.each([
    ["en", "Nothing found for “zzqx”.", "Did you mean"],
    ["ru", "По запросу «zzqx» ничего не найдено.", "Возможно, вы имели в виду"],
  ] as const)("%s: nothing found, with the API's spelling as a link", (language, nothing, didYouMean) => {
    const html = renderApp(resultsPage(language, { query: "zzqx", hits: [], next: null, suggestion: "mug" }).data);
    expect(textOf(html)).toContain(nothing);
    expect(html.replaceAll("<!-- -->", "")).toContain(
      `${didYouMean} <a href="${language === "ru" ? "/ru" : ""}/search?q=mug">mug</a>?`,
    );
    expect(html).not.toContain("data-search-more");
  });

  test.each([
    ["en", "Nothing found for “cermaic”.", "Closest matches"],
    ["ru", "По запросу «cermaic» ничего не найдено.", "Ближайшие совпадения"],
  ] as const)(
    "%s: the API's typo fallback (no word marked) is Nothing found, then its titles as the closest matches",
    (language, nothing, closest) => {
      const closestHits = [
        hit("ecommerce.products", "p1", "Ceramic mug", "/ecommerce/products/ceramic-mug", "Hand-glazed"),
      ];
      const html = renderApp(resultsPage(language, { query: "cermaic", hits: closestHits, next: null }).data);
      expect(textOf(html)).toContain(nothing);
      expect(html).toMatch(
        new RegExp(
          `<h2>${closest}</h2><ul><li[^>]*><a href="[^"]*/ecommerce/products/ceramic-mug"[^>]*>Ceramic mug</a>`,
        ),
      );
      expect(html).not.toContain("data-search-group=");
    },
  );

  test("the head: the query in the title, noindex, the query escaped", () => {
    const head = renderDocument(resultsPage("en", { ...MUGS, query: "<mug>" }).data, assets).split("</head>")[0]!;
    expect(head).toContain("<title>Search: &lt;mug&gt; · Search · Northwind Studio</title>");
    expect(head).toContain('<meta name="robots" content="noindex">');
  });

  test("the header box: a combobox in a search landmark, collapsed, that sends q to the language's results page", () => {
    const page = new PageBuilder({ language: "ru", path: "/" });
    page.widget("website-builder", { variant: "navbar-search-default", title: en("Acme") });
    const html = renderApp(page.data);
    expect(html).toMatch(/<search class="s-search">/);
    expect(html).toMatch(/<form[^>]* action="\/ru\/search" method="get"/);
    const input = html.match(/<input[^>]*role="combobox"[^>]*>/)?.[0] ?? "";
    for (const attribute of ['name="q"', 'aria-label="Поиск"', 'aria-expanded="false"', 'aria-autocomplete="list"'])
      expect(input).toContain(attribute);
    expect(input).toMatch(/aria-controls="([^"]+)"/);
    expect(html).toMatch(/<div id="[^"]+" role="listbox" aria-label="Подсказки"[^>]*hidden=""/);
    expect(html).toMatch(/<button[^>]*aria-label="Открыть поиск"/);
  });
});

describe("markedSnippet", () => {
  test.each([
    ["a <mark>mug</mark> &lt;b&gt;", true],
    ["plain", true],
    ["<mark class=x>mug</mark>", false],
    ["<img src=x onerror=alert(1)>", false],
    ["<MARK>mug</MARK>", false],
    ["a > b", false],
  ])("%s → %s", (snippet, kept) => {
    expect(markedSnippet(snippet) !== undefined).toBe(kept);
  });
});
