import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedTable } from "../../engine/schema/published-model.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, subjectWithRole, type SignedIn } from "../rbac/helpers.js";
import { catalogue, create, type Catalogue } from "./shop-fixture.js";

const one = (id: string) => `/api/ecommerce/products/${id}/editor`;

// The product editor's publish follows the rule of every tree publish (docs/drafts.md, Publishing a
// tree): a role that may publish products but not their prices (ecommerce/attributes and their
// relation rows) or category links puts the product on the site, its prices and links stay as they
// are, and the answer names them; a role that may publish all of the shop publishes the whole tree.
describe(`the product editor publishes only what the caller may publish, on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let kitchen: Record<string, any>;
  const sessions: Record<string, SignedIn> = {};

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    c = await catalogue(t);
    kitchen = await create(t, "ecommerce/categories?publish=true", { adminTitle: "Kitchen", title: { en: "Kitchen" } });
    sessions.products = await subjectWithRole(t, "product-publisher", [["*", "/api/ecommerce/products/**"]]);
    sessions.shop = await subjectWithRole(t, "shop-publisher", [["*", "/api/ecommerce/**"]]);
  });
  afterAll(() => t.close());

  /** A never-published product saved by the editor with a price in each currency and a category. */
  async function newProduct(title: string): Promise<string> {
    const form = {
      product: {
        title: { en: title },
        shortDescription: {},
        description: {},
        type: "one_off",
        shipping: "required",
        stock: 3,
      },
      prices: [
        { currencyId: c.usd.id, amount: "12.00" },
        { currencyId: c.eur.id, amount: "11.00" },
      ],
      photos: [],
      stores: [],
      categoryIds: [kitchen.id],
      attributes: [],
    };
    const saved = await t.request({ method: "POST", url: "/api/ecommerce/products/editor", payload: { data: form } });
    expect(saved.status).toBe(201);
    return saved.body.data.product.id;
  }

  /** Ids of the product's rows of `model` in the published copies. */
  const publishedIds = async (model: string, productId: string, column = "productId") =>
    (
      await t.database.db
        .selectFrom(publishedTable(t.app.registry.get(model)))
        .select("id")
        .where(column, "=", productId)
        .execute()
    ).map((r) => r.id as string);
  const workingIds = async (model: string, productId: string) =>
    (
      await t.database.db
        .selectFrom(t.app.registry.get(model).table)
        .select("id")
        .where("productId", "=", productId)
        .execute()
    ).map((r) => r.id as string);

  it.each([
    { who: "products", title: "Mug", whole: false },
    { who: "shop", title: "Jug", whole: true },
  ])("a role that may publish $who publishes the product from its editor", async ({ who, title, whole }) => {
    const id = await newProduct(title);
    const published = await as(t, sessions[who])({ method: "POST", url: `${one(id)}/publish` });
    expect(published.status).toBe(200);
    // The product itself is on the site either way, with its published title.
    expect(published.body.data.product.publication.state).toBe("published");
    const visitor = await t.request({ method: "GET", url: `/api/ecommerce/products/${id}`, key: null });
    expect(visitor.body.data?.title.en).toBe(title);
    const priceLinks = await workingIds("ecommerce/products-to-attributes", id);
    const categoryLinks = await workingIds("ecommerce/categories-to-products", id);
    expect(priceLinks).toHaveLength(2);
    expect(categoryLinks).toHaveLength(1);
    const visitorPrices = (await t.request({ method: "GET", url: `/api/ecommerce/products/${id}/prices`, key: null }))
      .body.data.prices;
    if (whole) {
      expect(published.body.notPublished).toBeUndefined();
      expect((await publishedIds("ecommerce/products-to-attributes", id)).sort()).toEqual(priceLinks.sort());
      expect(await publishedIds("ecommerce/categories-to-products", id)).toEqual(categoryLinks);
      expect(visitorPrices).toHaveLength(2);
      return;
    }
    // Prices and the category link stay as they were (never published) and are named.
    expect(await publishedIds("ecommerce/products-to-attributes", id)).toEqual([]);
    expect(await publishedIds("ecommerce/categories-to-products", id)).toEqual([]);
    expect(visitorPrices).toEqual([]);
    const named = (published.body.notPublished ?? []).map((r: { model: string; id: string }) => `${r.model} ${r.id}`);
    expect(named).toEqual(
      expect.arrayContaining([
        ...priceLinks.map((l) => `ecommerce/products-to-attributes ${l}`),
        ...categoryLinks.map((l) => `ecommerce/categories-to-products ${l}`),
      ]),
    );
    expect(named.filter((n: string) => n.startsWith("ecommerce/attributes "))).toHaveLength(2);
    expect(named.some((n: string) => n.startsWith("ecommerce/products "))).toBe(false);
  });
});
