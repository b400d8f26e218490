import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, signIn, type SignedIn } from "../rbac/helpers.js";

const ADMIN = { adminEmail: "first@example.com", adminPassword: "first admin password" };

interface Found {
  model: string;
  id: string;
  label: string;
  detail: string;
  screen: string;
}

/**
 * The admin's global search (docs/admin.md, "Finding any record"): GET /api/admin/search finds any
 * record by its titles and x-search fields — the working copy, drafts included — and orders by
 * number or customer email; each result named as a person knows it, with the screen that opens it.
 */
describe(`GET /api/admin/search on ${testDialect}`, () => {
  let t: TestApp;
  let admin: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A webhook's receiver on 127.0.0.1 (no lookup of a public name in a test).
    t = await createTestApp({ ...ADMIN, environment: { WEBHOOK_ALLOW_PRIVATE: "true" } });
    admin = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
    ids.about = (
      await createRecord(t, "/api/host/pages", {
        url: "/about-lighthouse",
        adminTitle: "About us",
        title: { en: "About the lighthouse", ru: "О маяке" },
      })
    ).id;
    ids.aboutPrefix = (
      await createRecord(t, "/api/host/pages", {
        url: "/lighthouse-tours",
        adminTitle: "Tours",
        title: "Lighthouse tours",
      })
    ).id;
    ids.mug = (
      await createRecord(t, "/api/ecommerce/products", {
        adminTitle: "Lighthouse mug",
        title: { en: "Lighthouse mug", ru: "Кружка с маяком" },
      })
    ).id;
    ids.article = (
      await createRecord(t, "/api/blog/articles", { adminTitle: "Keeper's diary", title: { en: "Keeper's diary" } })
    ).id;
    ids.order = (
      await createRecord(t, "/api/ecommerce/orders", {
        type: "history",
        status: "new",
        receipt: "",
        email: "ann.keeper@example.com",
      })
    ).id;
    // A cart is not an order yet: the desk does not list it, nor does the search.
    ids.cart = (
      await createRecord(t, "/api/ecommerce/orders", {
        type: "cart",
        status: "new",
        receipt: "",
        email: "ann.cart@example.com",
      })
    ).id;
    ids.webhook = (
      await createRecord(t, "/api/admin/webhooks", {
        title: "Lighthouse ERP feed",
        url: "http://127.0.0.1:9/hook",
        events: ["ecommerce.order.paid"],
      })
    ).id;
    // A kind common/admin/record-kinds.ts has no words for: named by its schema's title, in Russian its x-title.
    ids.topic = (await createRecord(t, "/api/notification/topics", { adminTitle: "Beacon bulletin" })).id;
    // Published as "Old harbour", then renamed in the working copy only.
    ids.renamed = (
      await createRecord(t, "/api/host/pages", { url: "/harbour", adminTitle: "Harbour page", title: "Old harbour" })
    ).id;
    expect((await t.request({ method: "POST", url: `/api/host/pages/${ids.renamed}/publish` })).status).toBe(200);
    const renamed = await t.request({
      method: "PATCH",
      url: `/api/host/pages/${ids.renamed}`,
      payload: { data: { title: "New harbour" } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
  afterAll(() => t.close());

  const search = async (query: string, session: SignedIn | null = admin) =>
    as(t, session ?? undefined)({ method: "GET", url: `/api/admin/search?${query}` });
  const found = async (query: string): Promise<Found[]> => {
    const { status, body } = await search(query);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };

  const orderNumber = () => ids.order!.slice(0, 8);
  it.each([
    {
      name: "a page by its title, opening in the composer",
      query: () => "q=about the lighthouse",
      expected: () => ({
        model: "host/pages",
        id: ids.about,
        label: "About us",
        detail: "Page · /about-lighthouse",
        screen: `/admin/pages/${ids.about}`,
      }),
    },
    {
      name: "a page by its Russian title, in Russian",
      query: () => `q=${encodeURIComponent("маяке")}&language=ru`,
      expected: () => ({ id: ids.about, detail: "Страница · /about-lighthouse" }),
    },
    {
      name: "a product, opening in the product editor",
      query: () => "q=lighthouse mug",
      expected: () => ({
        model: "ecommerce/products",
        id: ids.mug,
        label: "Lighthouse mug",
        detail: "Product",
        screen: `/admin/products/${ids.mug}`,
      }),
    },
    {
      name: "any other record, opening in its generated form",
      query: () => "q=keeper's",
      expected: () => ({
        model: "blog/articles",
        id: ids.article,
        label: "Keeper's diary",
        detail: "Article",
        screen: `/admin/blog/articles?edit=${ids.article}`,
      }),
    },
    {
      name: "a webhook, opening in its page",
      query: () => "q=lighthouse erp",
      expected: () => ({
        model: "admin/webhooks",
        id: ids.webhook,
        label: "Lighthouse ERP feed",
        detail: "Webhook · http://127.0.0.1:9/hook",
        screen: `/admin/webhooks/${ids.webhook}`,
      }),
    },
    {
      name: "an order by its number, opening in the desk",
      query: () => `q=${orderNumber()}`,
      expected: () => ({
        model: "ecommerce/orders",
        id: ids.order,
        label: `#${orderNumber()} · ann.keeper@example.com`,
        detail: `Order #${orderNumber()} · ann.keeper@example.com`,
        screen: `/admin/orders/${ids.order}`,
      }),
    },
    {
      name: "an order by its number as the mails write it",
      query: () => `q=${encodeURIComponent(`#${orderNumber()}`)}`,
      expected: () => ({ model: "ecommerce/orders", id: ids.order }),
    },
    {
      name: "an order by its customer's email, in Russian",
      query: () => "q=ann.keeper@example.com&language=ru",
      expected: () => ({ id: ids.order, detail: `Заказ #${orderNumber()} · ann.keeper@example.com` }),
    },
    {
      name: "a record of any other kind by its model's title, in Russian",
      query: () => "q=beacon bulletin&language=ru",
      expected: () => ({ model: "notification/topics", id: ids.topic, detail: "Тема уведомлений" }),
    },
    {
      name: "the same in English",
      query: () => "q=beacon bulletin",
      expected: () => ({ model: "notification/topics", id: ids.topic, detail: "Topic" }),
    },
    {
      name: "a working copy's new title, never published",
      query: () => "q=new harbour",
      expected: () => ({ model: "host/pages", id: ids.renamed, label: "Harbour page" }),
    },
  ])("finds $name", async ({ query, expected }) => {
    const results = await found(query());
    expect(results[0]).toMatchObject(expected());
  });

  it("finds drafts never published, and not a title the working copy no longer has", async () => {
    // The pages above were never published but the renamed one: the editor finds them all the same.
    expect((await found("q=lighthouse tours")).map((r) => r.id)).toContain(ids.aboutPrefix);
    expect((await found("q=old harbour")).map((r) => r.id)).not.toContain(ids.renamed);
  });

  it("puts a title equal to the text first, then one starting with it, then one containing it", async () => {
    const results = await found("q=lighthouse");
    const at = (id: string) => results.findIndex((r) => r.id === id);
    // "Lighthouse tours" and "Lighthouse mug" start with it; "About the lighthouse" only contains it.
    expect(at(ids.aboutPrefix!)).toBeGreaterThanOrEqual(0);
    expect(at(ids.about!)).toBeGreaterThan(at(ids.aboutPrefix!));
    expect(at(ids.about!)).toBeGreaterThan(at(ids.mug!));
    expect((await found("q=lighthouse&limit=1")).length).toBe(1);
  });

  it("names records as a person knows them, never by an id, and leaves carts and relation rows out", async () => {
    const results = await found("q=ann");
    expect(results.map((r) => r.id)).not.toContain(ids.cart);
    for (const result of await found("q=a&limit=50")) {
      expect(result.label).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(result.model).not.toMatch(/-to-/);
    }
  });

  it.each([
    { name: "no q", query: "", path: "q" },
    { name: "an empty q", query: "q=", path: "/q" },
    { name: "a q of spaces", query: "q=%20%20", path: "/q" },
    { name: "a q too long", query: `q=${"a".repeat(201)}`, path: "/q" },
    { name: "a limit of 0", query: "q=a&limit=0", path: "/limit" },
    { name: "a limit over 50", query: "q=a&limit=51", path: "/limit" },
    { name: "a language the site has not", query: "q=a&language=de", path: "/language" },
  ])("answers 400 for $name, with the API's error body", async ({ query, path }) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(body.message).toMatch(new RegExp(`^Validation error: ${path} `));
  });

  it("refuses a visitor (401) and a signed-in subject without the admin role (403)", async () => {
    expect((await search("q=lighthouse", null)).status).toBe(401);
    const member = await register(t, "member@example.com");
    expect((await search("q=lighthouse", member)).status).toBe(403);
  });
});
