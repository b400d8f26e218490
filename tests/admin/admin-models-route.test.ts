import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, signIn } from "../rbac/helpers.js";

const ADMIN = { adminEmail: "boss@example.com", adminPassword: "admin password 1" };

describe(`GET /api/admin/models on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN);
  });
  afterAll(() => t.close());

  it("answers 401 to a visitor and 403 to a signed-in subject without the admin role", async () => {
    expect((await as(t, undefined)({ method: "GET", url: "/api/admin/models" })).status).toBe(401);
    const user = await register(t, "plain@example.com");
    expect((await as(t, user)({ method: "GET", url: "/api/admin/models" })).status).toBe(403);
  });

  it("describes every exposed model to an admin, with embeds and naming fields", async () => {
    const admin = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
    const { status, body } = await as(t, admin)({ method: "GET", url: "/api/admin/models" });
    expect(status).toBe(200);
    const ids = body.data.map((m: any) => m.id);
    expect(ids).toEqual(t.app.registry.exposed.map((m) => m.id));
    expect(ids).not.toContain("rbac/refresh-tokens");
    const products = body.data.find((m: any) => m.id === "ecommerce/products");
    expect(products.title).toBe("Product");
    expect(products.labelField).toBe("adminTitle");
    expect(products.embeds).toContainEqual({
      relation: "ecommerce/stores-to-products",
      parentKey: "productId",
      childKey: "storeId",
      childModel: "ecommerce/stores",
    });
    const identities = body.data.find((m: any) => m.id === "rbac/identities");
    expect(identities.fields.map((f: any) => f.name)).not.toContain("password");
  });

  it("names every model and field in English and Russian, keeping title and label English", async () => {
    const admin = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
    const { body } = await as(t, admin)({ method: "GET", url: "/api/admin/models" });
    const model = (id: string) => body.data.find((m: any) => m.id === id);
    const label = (id: string, name: string) => model(id).fields.find((f: any) => f.name === name);
    const cases = [
      // A model's own title, a field with its own x-title, one whose English is its name in words,
      // a foreign key, and the common fields whose Russian the bases (schemas/_defs) give once.
      { id: "ecommerce/products", title: { en: "Product", ru: "Товар" } },
      { id: "host/pages", title: { en: "Page", ru: "Страница" } },
      {
        id: "ecommerce/products",
        field: "shortDescription",
        label: { en: "Short description", ru: "Краткое описание" },
      },
      { id: "ecommerce/products", field: "title", label: { en: "Title", ru: "Заголовок" } },
      { id: "ecommerce/stores-to-products", field: "productId", label: { en: "Product", ru: "Товар" } },
      { id: "ecommerce/stores-to-products", field: "orderIndex", label: { en: "Order index", ru: "Порядок" } },
      { id: "crm/forms", field: "createdAt", label: { en: "Created at", ru: "Создано" } },
    ];
    for (const c of cases) {
      if (c.title) expect(model(c.id)).toMatchObject({ title: c.title.en, titles: c.title });
      if (c.field) expect(label(c.id, c.field!)).toMatchObject({ label: c.label!.en, labels: c.label });
    }
    // Every one of them, not only these: the admin falls back to English only for a plug-in's schema.
    for (const m of body.data) {
      expect([m.id, Object.keys(m.titles).sort()]).toEqual([m.id, ["en", "ru"]]);
      for (const f of m.fields)
        expect([m.id, f.name, Object.keys(f.labels).sort()]).toEqual([m.id, f.name, ["en", "ru"]]);
    }
  });

  it("marks no model as drafted while DRAFTS=off (every save publishes: the plain form)", async () => {
    const admin = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
    const { body } = await as(t, admin)({ method: "GET", url: "/api/admin/models" });
    expect(body.data.filter((m: any) => m.drafts)).toEqual([]);
  });
});

describe(`GET /api/admin/models with drafts on, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...ADMIN, drafts: true });
  });
  afterAll(() => t.close());

  it("says which models have drafts: the x-drafts content, not orders or subjects", async () => {
    const admin = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
    const { body } = await as(t, admin)({ method: "GET", url: "/api/admin/models" });
    const drafts = new Map(body.data.map((m: any) => [m.id, m.drafts]));
    expect(drafts.get("host/pages")).toBe(true);
    expect(drafts.get("website-builder/slides")).toBe(true);
    expect(drafts.get("host/pages-to-widgets")).toBe(true);
    expect(drafts.get("ecommerce/orders")).toBe(false);
    expect(drafts.get("rbac/subjects")).toBe(false);
    expect(
      [...drafts.entries()]
        .filter(([, d]) => d)
        .map(([id]) => id)
        .sort(),
    ).toEqual(
      t.app.registry.exposed
        .filter((m) => m.drafts)
        .map((m) => m.id)
        .sort(),
    );
  });
});
