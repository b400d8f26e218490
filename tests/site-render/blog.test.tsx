import { afterEach, describe, expect, test, vi } from "vitest";
import { renderToString } from "react-dom/server";
import type { Row } from "../../web/site/data/page-data.js";
import { PrivateContentView } from "../../web/site/modules/blog/private-content.js";
import { loadPrivateWidgets } from "../../web/site/modules/blog/private-widgets.js";
import { SiteProviders } from "../../web/site/render/site-app.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

/** A blog with two articles in one category; the second has a cover image. */
function blog(language: "en" | "ru" = "en") {
  const page = new PageBuilder({ language });
  const category = page.add("blog/categories", { slug: "news", title: en("News", "Новости"), subtitle: en("Fresh"), description: en("All news") });
  const first = page.add("blog/articles", { slug: "hello", title: en("Hello", "Привет"), subtitle: en("First post"), description: { en: JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Body text", marks: [{ type: "bold" }] }] }] }) } });
  const second = page.add("blog/articles", { slug: "second", title: en("Second"), subtitle: en("Another") });
  page.link("blog/categories-to-articles", category, first);
  page.link("blog/categories-to-articles", category, second, { orderIndex: 1 });
  page.link("blog/articles-to-file-storage-module-files", second, page.add("file-storage/files", { file: "/public/files/cover.png", mimeType: "image/png", alt: "Cover" }));
  return { page, category, first, second };
}

const cards = (html: string, marker: string) => html.split(marker).length - 1;

describe("blog widgets", () => {
  test.each([
    ["article-list-default", "data-article-card", 2],
    ["category-list-default", "data-category-card", 1],
    ["category-list-button-default", "data-category-button", 1],
    ["default", "data-article-card", 2],
  ])("%s with linked records", (variant, marker, count) => {
    const { page, category, first, second } = blog();
    const widget = page.widget("blog", { variant, className: `w-${variant}`, title: en("Section") });
    page.link("blog/widgets-to-articles", widget, second, { orderIndex: 1 });
    page.link("blog/widgets-to-articles", widget, first, { orderIndex: 0 });
    page.link("blog/widgets-to-categories", widget, category);
    const html = renderApp(page.data);
    expect(cards(html, marker)).toBe(count);
    expect(html).toMatch(new RegExp(`<section[^>]*class="w-${variant} `));
    expect(textOf(html)).toContain("Section");
  });

  test("article-list-default without linked articles shows the loaded list, two columns on large screens", () => {
    const { page, first, second } = blog();
    page.widget("blog", { variant: "article-list-default" });
    page.list("blog/articles", [second, first]);
    const html = renderApp(page.data);
    const text = textOf(html);
    expect(text.indexOf("Second")).toBeLessThan(text.indexOf("Hello"));
    expect(html).toContain("--cols-base:1;--cols-lg:2"); // site.css: two columns from 75em
  });

  test("article card: categories, title, subtitle, cover, 'Read more' to the article in the language", () => {
    const { page, first, second } = blog("ru");
    page.widget("blog", { variant: "article-list-default" });
    page.list("blog/articles", [first, second]);
    const html = renderApp(page.data);
    expect(html).toMatch(/<a[^>]*href="\/ru\/blog\/articles\/hello"[^>]*>[\s\S]*?Читать далее/);
    expect(html).toMatch(/href="\/ru\/blog\/categories\/news"[^>]*>[\s\S]*?Новости/);
    expect(html).toContain('<img src="/public/files/cover.png" alt="Cover"');
    expect(textOf(html)).toContain("Привет First post");
  });

  test("category card has a 'More' button", () => {
    const { page, category } = blog();
    page.widget("blog", { variant: "category-list-default" });
    page.list("blog/categories", [category]);
    const html = renderApp(page.data);
    expect(html).toMatch(/<a[^>]*href="\/blog\/categories\/news"[^>]*>[\s\S]*?More/);
    expect(textOf(html)).toContain("News Fresh");
  });

  test("article-overview-default shows the article the URL names with its rich text", () => {
    const { page } = blog();
    page.segment("blog.articles.slug", "hello");
    page.widget("blog", { variant: "article-overview-default" });
    const html = renderApp(page.data);
    expect(html).toMatch(/<h1[^>]*>Hello<\/h1>/);
    expect(html).toContain("<strong>Body text</strong>");
    expect(html).not.toContain("Second");
  });

  test("an overview whose slug matches nothing says Not found", () => {
    const { page } = blog();
    page.segment("blog.articles.slug", "missing");
    page.widget("blog", { variant: "article-overview-default" });
    expect(textOf(renderApp(page.data))).toContain("Not found");
  });

  test("category-overview-default: the category and its articles", () => {
    const { page } = blog("ru");
    page.segment("blog.categories.slug", "news");
    page.widget("blog", { variant: "category-overview-default" });
    const html = renderApp(page.data);
    expect(html).toMatch(/<h1[^>]*>Новости<\/h1>/);
    expect(cards(html, "data-article-card")).toBe(2);
  });

  test("article-overview-ecommerce-module-product-list-card-default: the article and its product cards", () => {
    const { page, first } = blog();
    page.segment("blog.articles.slug", "hello");
    const product = page.add("ecommerce/products", { slug: "boots", title: en("Boots"), shortDescription: en("Warm") });
    page.link("blog/articles-to-ecommerce-module-products", first, product);
    page.widget("blog", { variant: "article-overview-ecommerce-module-product-list-card-default" });
    const html = renderApp(page.data);
    expect(html).toMatch(/<h1[^>]*>Hello<\/h1>/);
    expect(html).toContain("data-product-card");
    expect(textOf(html)).toContain("Boots Warm");
  });

  test("article-overview-with-private-content-default renders the article and a skeleton on the server", () => {
    const { page } = blog();
    page.segment("blog.articles.slug", "hello");
    page.widget("blog", { variant: "article-overview-with-private-content-default" });
    const html = renderApp(page.data);
    expect(html).toMatch(/<h1[^>]*>Hello<\/h1>/);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain("Not authorized");
  });
});

describe("private content", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubApi(authorized: boolean, widgets: Row[] = []) {
    const calls: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      calls.push(decodeURIComponent(url));
      let data: unknown = authorized;
      if (url.startsWith("/api/blog/")) data = widgets.map((w, i) => ({ id: `link-${i}`, articleId: "a1", websiteBuilderModuleWidgetId: w.id, orderIndex: i }));
      if (url.startsWith("/api/website-builder/widgets")) data = widgets;
      return new Response(JSON.stringify({ data }), { status: 200, headers: { "content-type": "application/json" } });
    });
    return calls;
  }

  test("asks is-authorized for GET on the private relation; false → nothing loaded", async () => {
    const calls = stubApi(false);
    const { page } = blog();
    expect(await loadPrivateWidgets(page.data, "a1")).toBeUndefined();
    expect(calls).toEqual(["/api/rbac/subjects/authentication/is-authorized?route=/api/blog/articles-to-website-builder-module-widgets&method=GET"]);
  });

  test("authorized: the article's widgets are fetched and rendered by their variants", async () => {
    const secret = { id: "w1", variant: "content-default", title: { en: "Members only" }, subtitle: {}, description: {} };
    const calls = stubApi(true, [secret]);
    const { page } = blog();
    const data = await loadPrivateWidgets(page.data, "a1");
    expect(calls[1]).toContain('filters[and]=[{"column":"articleId","method":"eq","value":"a1"}]');
    expect(calls[2]).toContain('[{"column":"id","method":"inArray","value":["w1"]}]');
    const html = renderToString(
      <SiteProviders data={page.data}>
        <PrivateContentView articleId="a1" state={{ status: "ready", data: data! }} />
      </SiteProviders>,
    );
    expect(textOf(html)).toContain("Members only");
  });

  test.each([
    ["denied", "Not authorized", "en"],
    ["denied", "Нет доступа", "ru"],
  ] as const)("state %s shows %s (%s)", (status, expected, language) => {
    const page = new PageBuilder({ language });
    const html = renderToString(
      <SiteProviders data={page.data}>
        <PrivateContentView articleId="a1" state={{ status }} />
      </SiteProviders>,
    );
    expect(textOf(html)).toBe(expected);
  });
});
