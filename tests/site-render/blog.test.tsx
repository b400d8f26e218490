import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { api } from "../../web/api/client.js";
import { PrivateContentView } from "../../web/site/modules/blog/private-content.js";
import { loadPrivateWidgets } from "../../web/site/modules/blog/private-widgets.js";
import { SiteProviders } from "../../web/site/render/site-app.js";
import { siteVariants } from "../../web/site/variants.js";
import { injectFetch } from "../helpers/inject-fetch.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, register } from "../rbac/helpers.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

/** A blog with two articles in one category; the second has a cover image. */
function blog(language: "en" | "ru" = "en") {
  const page = new PageBuilder({ language });
  const category = page.add("blog/categories", {
    slug: "news",
    title: en("News", "Новости"),
    subtitle: en("Fresh"),
    description: en("All news"),
  });
  const first = page.add("blog/articles", {
    slug: "hello",
    title: en("Hello", "Привет"),
    subtitle: en("First post"),
    description: {
      en: JSON.stringify({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Body text", marks: [{ type: "bold" }] }] }],
      }),
    },
  });
  const second = page.add("blog/articles", { slug: "second", title: en("Second"), subtitle: en("Another") });
  page.link("blog/categories-to-articles", category, first);
  page.link("blog/categories-to-articles", category, second, { orderIndex: 1 });
  page.link(
    "blog/articles-to-file-storage-module-files",
    second,
    page.add("file-storage/files", { file: "/public/files/cover.png", mimeType: "image/png", alt: "Cover" }),
  );
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

// The browser's loader against the real app (its fetch routed to app.inject, cookies kept like a
// browser's): the server decides who may read the private link and what the filters return.
describe(`private content, loaded from the real app on ${testDialect}`, () => {
  const RELATION = "blog/articles-to-website-builder-module-widgets";
  let t: TestApp;
  let articleId: string;
  let secretId: string;
  const create = (url: string, data: object) => createRecord(t, url, data);

  beforeAll(async () => {
    t = await createTestApp();
    // Two articles, each with a members-only widget: the loader must bring only its article's.
    articleId = (await create("/api/blog/articles", { slug: "hello", title: en("Hello") })).id;
    const other = (await create("/api/blog/articles", { slug: "other", title: en("Other") })).id;
    secretId = (
      await create("/api/website-builder/widgets", {
        slug: "members-only",
        variant: "content-default",
        title: en("Members only"),
      })
    ).id;
    const elsewhere = (
      await create("/api/website-builder/widgets", {
        slug: "other-members-only",
        variant: "content-default",
        title: en("Someone else's"),
      })
    ).id;
    await create(`/api/${RELATION}`, { articleId, websiteBuilderModuleWidgetId: secretId });
    await create(`/api/${RELATION}`, { articleId: other, websiteBuilderModuleWidgetId: elsewhere });
    // A "members" role that may read the private link, as an admin would set it up.
    const role = await create("/api/rbac/roles", { title: "Members", uid: "members" });
    const permission = await create("/api/rbac/permissions", {
      method: "GET",
      path: `/api/${RELATION}/**`,
      type: "HTTP",
    });
    await create("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    const member = await register(t, "member@example.com");
    await create("/api/rbac/subjects-to-roles", { subjectId: member.subjectId, roleId: role.id });
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => t?.close());

  /** A browser with no session, or one signed in as the member through the sign-in route (its cookie kept). */
  async function browser(signedIn: boolean) {
    const site = injectFetch(t.app);
    vi.stubGlobal("fetch", site.fetch);
    if (signedIn)
      await api(`${AUTH}/email-and-password/authentication`, {
        method: "POST",
        body: { login: "member@example.com", password: PASSWORD },
        raw: true,
      });
    site.requests.length = 0;
    return site;
  }

  test("a visitor: is-authorized for GET on the private relation says no, and nothing more is asked", async () => {
    const site = await browser(false);
    const { page } = blog();
    expect(await loadPrivateWidgets(page.data, articleId)).toBeUndefined();
    expect(site.requests.map(decodeURIComponent)).toEqual([
      `GET ${AUTH}/is-authorized?route=/api/${RELATION}&method=GET`,
    ]);
  });

  test("a member: the article's widgets are fetched and rendered by their variants", async () => {
    const site = await browser(true);
    const { page } = blog();
    const data = await loadPrivateWidgets(page.data, articleId);
    const asked = site.requests.map(decodeURIComponent);
    expect(asked).toHaveLength(3);
    expect(asked[1]).toContain(`filters[and]=[{"column":"articleId","method":"eq","value":"${articleId}"}]`);
    expect(asked[2]).toContain(`[{"column":"id","method":"inArray","value":["${secretId}"]}]`);
    expect(Object.keys(data!.records["website-builder/widgets"] ?? {})).toEqual([secretId]);
    const html = renderToString(
      <SiteProviders data={page.data} variants={siteVariants}>
        <PrivateContentView articleId={articleId} state={{ status: "ready", data: data! }} />
      </SiteProviders>,
    );
    expect(textOf(html)).toContain("Members only");
    expect(textOf(html)).not.toContain("Someone else's");
  });

  test.each([
    ["denied", "Not authorized", "en"],
    ["denied", "Нет доступа", "ru"],
  ] as const)("state %s shows %s (%s)", (status, expected, language) => {
    const page = new PageBuilder({ language });
    const html = renderToString(
      <SiteProviders data={page.data} variants={siteVariants}>
        <PrivateContentView articleId="a1" state={{ status }} />
      </SiteProviders>,
    );
    expect(textOf(html)).toBe(expected);
  });
});
