import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContentIfEmpty } from "../../server/seed/seed-demo.js";
import { createTestApp, openTestDatabase, testDialect, type TestApp, type TestDatabase } from "../helpers/test-app.js";

const REQUIRED_URLS = [
  "/",
  "/blog",
  "/blog/articles/[blog.articles.slug]",
  "/blog/categories/[blog.categories.slug]",
  "/contact",
  "/products",
  "/ecommerce/products/[ecommerce.products.slug]",
  "/ecommerce/stores/[ecommerce.stores.slug]",
  "/ecommerce/categories/[ecommerce.categories.slug]",
  "/cart",
  "/rbac/subject/authentication/select-method",
  "/rbac/subject/authentication/email-and-password/registration",
  "/rbac/subject/authentication/email-and-password/forgot-password",
  "/rbac/subject/authentication/email-and-password/reset-password",
  "/rbac/subject/authentication/logout",
  "/rbac/subjects/settings",
  "/rbac/subjects/[rbac.subjects.slug]",
  "/rbac/subjects/[rbac.subjects.slug]/social/profile",
  "/404",
  "/500",
];

/** Every language map of a row has text in both languages. */
function untranslated(model: string, row: Record<string, unknown>, mapFields: string[]): string[] {
  return mapFields.flatMap((field) => {
    const value = row[field] as Record<string, string> | undefined;
    if (!value || Object.keys(value).length === 0) return [];
    return ["en", "ru"].filter((l) => !value[l]?.trim()).map((l) => `${model} ${row.slug ?? row.id} ${field}.${l}`);
  });
}

describe(`demo content on ${testDialect}`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let pages: any[];

  beforeAll(async () => {
    // A migrated database of its own, not the run's demo image or template (tests/helpers/test-app.ts,
    // `startingFor`): this test's app writes the demo content at its own first start.
    database = await openTestDatabase({ from: "migrated" });
    t = await createTestApp({ seedDemoContent: true }, { database });
    pages = (await t.request({ method: "GET", url: "/api/host/pages/urls?templates=true", key: null })).body.data;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it("is written at the first start, with every page the spec names", () => {
    expect(pages.map((p) => p.url)).toEqual(expect.arrayContaining(REQUIRED_URLS));
  });

  it("has the mail templates as rows to reword: order-status-changed and password-reset, in English and Russian", async () => {
    const templates = (await t.request({ method: "GET", url: "/api/notification/templates" })).body.data;
    for (const name of ["order-status-changed", "owner-order-paid", "owner-form-submitted", "password-reset"]) {
      const row = templates.find((r: any) => r.variant === name);
      expect(row, name).toBeTruthy();
      for (const language of ["en", "ru"]) {
        expect(row.title[language], `${name} ${language}`).toBeTruthy();
        expect(row.description[language], `${name} ${language}`).toBeTruthy();
      }
    }
    expect(templates.find((r: any) => r.variant === "order-status-changed").title.ru).toBe(
      "Заказ {{orderNumber}}: {{statusText}}",
    );
  });

  it("is not written twice", async () => {
    expect(await seedDemoContentIfEmpty(t.app)).toBeUndefined();
    const again = (await t.request({ method: "GET", url: "/api/host/pages/urls?templates=true", key: null })).body.data;
    expect(again).toHaveLength(pages.length);
  });

  it("has every language map in English and Russian, and rich text as tiptap JSON", async () => {
    const missing: string[] = [];
    for (const model of t.app.registry.exposed) {
      const maps = model.fields.filter((f) => f.kind === "language-map").map((f) => f.name);
      if (!maps.length) continue;
      const rows = await t.app.repositories.get(model.id)!.list({ filters: [], orderBy: [], limit: 1000, offset: 0 });
      for (const row of rows) missing.push(...untranslated(model.id, row, maps));
    }
    expect(missing).toEqual([]);
    const articles = await t.app.repositories
      .get("blog/articles")!
      .list({ filters: [], orderBy: [], limit: 100, offset: 0 });
    for (const article of articles) {
      for (const language of ["en", "ru"]) expect(JSON.parse((article.description as any)[language]).type).toBe("doc");
    }
    expect(JSON.stringify(articles)).toContain('\\"type\\":\\"copyText\\"');
  });

  it("renders every page in English and Russian", async () => {
    const subject = await t.app.repositories.get("rbac/subjects")!.create({ slug: "demo-member" });
    const article = (
      await t.app.repositories.get("blog/articles")!.list({ filters: [], orderBy: [], limit: 1, offset: 0 })
    )[0]!;
    const category = (
      await t.app.repositories.get("blog/categories")!.list({ filters: [], orderBy: [], limit: 1, offset: 0 })
    )[0]!;
    const product = (
      await t.app.repositories.get("ecommerce/products")!.list({ filters: [], orderBy: [], limit: 1, offset: 0 })
    )[0]!;
    const fill: Record<string, string> = {
      "[blog.articles.slug]": String(article.slug),
      "[blog.categories.slug]": String(category.slug),
      "[ecommerce.products.slug]": String(product.slug),
      "[rbac.subjects.slug]": String(subject.slug),
      "[ecommerce.stores.slug]": "northwind-store",
      "[ecommerce.categories.slug]": "studio-goods",
    };
    const failures: string[] = [];
    for (const { url } of pages) {
      const path = url.replace(/\[[^\]]+\]/g, (segment: string) => fill[segment]!);
      for (const prefix of ["", "/ru"]) {
        const visited = prefix + (path === "/" && prefix ? "" : path);
        const response = await t.app.inject({ method: "GET", url: visited });
        // '/404' and '/500' visited by name are pages like any other.
        if (response.statusCode !== 200) failures.push(`${visited}: ${response.statusCode}`);
        if (!response.body.includes(`lang="${prefix ? "ru" : "en"}"`)) failures.push(`${visited}: wrong lang`);
      }
    }
    expect(failures).toEqual([]);
    // The navigation is on every page, from the shared layout.
    const contact = await t.app.inject({ method: "GET", url: "/ru/contact" });
    expect(contact.body).toContain("Контакты");
    expect(contact.body).toContain('href="/ru/blog"');
    // Sign-in is the user menu's, drawn after hydration: the cached HTML holds its placeholder.
    expect(contact.body).toContain('data-user-menu="loading"');
  });

  it("prices every product in both currencies, with the store's own price on the store's page", async () => {
    const products = await t.app.repositories
      .get("ecommerce/products")!
      .list({ filters: [], orderBy: [], limit: 100, offset: 0 });
    for (const product of products) {
      const html = (await t.app.inject({ method: "GET", url: `/ecommerce/products/${product.slug}` })).body;
      expect(html, String(product.slug)).toMatch(/aria-label="Price: \$\d+\.\d{2}"/);
      expect(html, String(product.slug)).toMatch(/aria-label="Price: €\d+\.\d{2}"/);
    }
    const mug = (await t.app.inject({ method: "GET", url: "/ecommerce/products/ceramic-mug" })).body;
    expect(mug).toContain('aria-label="Price: $24.50"');
    const store = (await t.app.inject({ method: "GET", url: "/ru/ecommerce/stores/northwind-store" })).body;
    expect(store).toContain('aria-label="Цена: $21.00"');
    expect(store).not.toContain('aria-label="Цена: $24.50"');
    const cart = (await t.app.inject({ method: "GET", url: "/ru/cart" })).body;
    expect(cart).toContain("Корзина");
  });

  it("names every attribute as a person recognises it: the product and the price's currency (and store), or the feature", async () => {
    const rows = await t.app.repositories
      .get("ecommerce/attributes")!
      .list({ filters: [], orderBy: [], limit: 100, offset: 0 });
    const titles = rows.map((row) => row.adminTitle);
    expect(titles.filter((title) => !title)).toEqual([]);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Ceramic mug — price USD",
        "Ceramic mug — price EUR",
        "Ceramic mug — price USD, Northwind store",
        "Ceramic mug — Volume: 350 ml",
      ]),
    );
  });
});
