import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageData } from "../../common/site/page-data.js";
import { SiteData } from "../../web/site/data/site-data.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage, write } from "./fixtures.js";

describe(`page loader on ${testDialect}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await buildPage(t, "/five", 5);
    await buildPage(t, "/fifty", 50);
    await buildPage(t, "/rbac/subjects/[rbac.subjects.slug]", 1, "Subject");
    await buildPage(t, "/blog/articles/[blog.articles.slug]", 1, "Article");
    await write(t, async (create) => {
      const article = await create("blog/articles", { slug: "public-article", title: { en: "Public" } });
      const secret = await create("website-builder/widgets", {
        slug: "private-content",
        title: { en: "Members only" },
      });
      await create("blog/articles-to-website-builder-module-widgets", {
        articleId: article.id,
        websiteBuilderModuleWidgetId: secret.id,
      });
      const category = await create("blog/categories", { slug: "news" });
      await create("blog/categories-to-articles", { categoryId: category.id, articleId: article.id });
      await create("ecommerce/products", { slug: "red-shoes" });
      const subject = await create("rbac/subjects", { slug: "ada" });
      const identity = await create("rbac/identities", {
        email: "ada@example.com",
        password: "stored-hash",
        salt: "pepper",
        code: "reset-code",
      });
      await create("rbac/subjects-to-identities", { subjectId: subject.id, identityId: identity.id });
      const profile = await create("social/profiles", { slug: "ada-profile", title: { en: "Ada's profile" } });
      await create("rbac/subjects-to-social-module-profiles", {
        subjectId: subject.id,
        socialModuleProfileId: profile.id,
      });
    });
  });
  afterAll(() => t.close());

  async function load(url: string): Promise<{ data: PageData; models: Set<string>; queries: number }> {
    const resolved = await t.app.site.hostPages.resolve(url);
    if (!resolved) throw new Error(`no page at ${url}`);
    const before = t.database.queryCount();
    const { data, models } = await t.app.site.loader.load(resolved, "host/pages", "en", url);
    return { data, models, queries: t.database.queryCount() - before };
  }

  it("runs as many queries for 50 widgets as for 5, and loads them all", async () => {
    await load("/five"); // warms the permission rules, read once per process
    const five = await load("/five");
    const fifty = await load("/fifty");
    expect(Object.keys(fifty.data.records["host/pages-to-widgets"]!)).toHaveLength(50);
    expect(Object.keys(five.data.records["host/pages-to-widgets"]!)).toHaveLength(5);
    expect(fifty.queries).toBe(five.queries);
    expect(five.queries).toBeLessThan(60);
    // Every level of the walk arrived: navbar buttons in the layout, slides' buttons, form inputs.
    for (const model of [
      "host/metadata",
      "host/layouts-to-widgets",
      "website-builder/logotypes",
      "website-builder/slides",
      "website-builder/buttons",
      "website-builder/features",
      "crm/inputs",
    ]) {
      expect(Object.keys(fifty.data.records[model] ?? {}).length, model).toBeGreaterThan(0);
    }
    // 10 sliders × 2 slides × 1 button, plus the navbar's 2.
    expect(Object.keys(fifty.data.records["website-builder/buttons"]!)).toHaveLength(22);
  });

  it("describes every relation it includes, from the schemas' foreign keys", async () => {
    const { data } = await load("/five");
    for (const model of Object.keys(data.records).filter((m) => /-to-/.test(m)))
      expect(data.relations[model], model).toBeDefined();
    expect(data.relations["website-builder/sliders-to-slides"]).toEqual({
      parent: { key: "sliderId", model: "website-builder/sliders" },
      child: { key: "slideId", model: "website-builder/slides" },
    });
  });

  it("loads whole-model lists only for a widget with a list variant", async () => {
    const { data } = await load("/five");
    expect(data.lists["blog/articles"]).toEqual([expect.any(String)]);
    expect(data.lists["ecommerce/products"]).toHaveLength(1);
    expect(data.records["ecommerce/products"]![data.lists["ecommerce/products"]![0]!]!.slug).toBe("red-shoes");
    expect(data.lists["blog/categories"]).toBeUndefined();
  });

  it("includes the record a url names with its parents and readable children, never the private link", async () => {
    const { data } = await load("/blog/articles/public-article");
    expect(data.segments).toEqual({ "blog.articles.slug": "public-article" });
    expect(Object.values(data.records["blog/articles"]!).map((a) => a.slug)).toContain("public-article");
    expect(Object.values(data.records["blog/categories"]!).map((c) => c.slug)).toEqual(["news"]);
    expect(data.records["blog/articles-to-website-builder-module-widgets"]).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain("Members only");
  });

  it("shows a subject named by its url as id, slug and variant only, and no identity data", async () => {
    const { data } = await load("/rbac/subjects/ada");
    const subjects = Object.values(data.records["rbac/subjects"]!);
    expect(subjects).toHaveLength(1);
    expect(Object.keys(subjects[0]!).sort()).toEqual(["id", "slug", "variant"]);
    const text = JSON.stringify(data);
    for (const secret of ["ada@example.com", "stored-hash", "pepper", "reset-code", "password", "salt"])
      expect(text).not.toContain(secret);
    const rbacModels = Object.keys(data.records).filter(
      (m) => m.startsWith("rbac/") && m !== "rbac/subjects" && m !== "rbac/widgets",
    );
    expect(rbacModels).toEqual(["rbac/subjects-to-social-module-profiles"]);
  });

  it("follows a subject named by its url to its public social profiles, and only that link", async () => {
    const { data, models } = await load("/rbac/subjects/ada");
    const site = new SiteData(data);
    const subject = site.bySegment("rbac.subjects.slug")!;
    expect(site.related("rbac/subjects-to-social-module-profiles", subject.id).map((r) => r.record.slug)).toEqual([
      "ada-profile",
    ]);
    expect(models.has("rbac/subjects-to-social-module-profiles")).toBe(true);
    expect(data.records["rbac/subjects-to-identities"]).toBeUndefined();
    expect(data.records["rbac/identities"]).toBeUndefined();
  });

  it("leaves out a model once visitors may no longer read it", async () => {
    const permissions = t.app.repositories.get("rbac/permissions")!;
    const [rule] = await permissions.list({
      filters: [
        {
          field: permissions.model.fieldMap.get("path")!,
          kind: "string",
          method: "eq",
          value: "/api/ecommerce/products/**",
        },
      ],
      orderBy: [],
      limit: 1,
      offset: 0,
    });
    expect((await load("/five")).data.lists["ecommerce/products"]).toHaveLength(1);
    // Through the API, as an admin would: the permission goes, and so do the products.
    expect((await t.request({ method: "DELETE", url: `/api/rbac/permissions/${rule!.id}` })).status).toBe(200);
    const { data } = await load("/five");
    expect(data.lists["ecommerce/products"]).toBeUndefined();
    expect(data.records["ecommerce/products"]).toBeUndefined();
  });
});
