import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { catalogue, create, shopper, type Catalogue, type Shopper } from "../ecommerce/shop-fixture.js";

// Drafts in the shop (with drafts on): a buyer neither adds an unpublished product to a
// cart nor pays an unpublished price; publishing a product publishes its price attributes.
describe(`drafted products and prices on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;
  const editor = (method: "GET" | "POST" | "PATCH", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const usdTotal = async () =>
    (await ann.call({ method: "GET", url: `${ann.base}/orders/total` })).body.data.find(
      (x: any) => x.billingModuleCurrency.slug === "usd",
    )?.total;

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
  });
  afterAll(() => t?.close());

  it("refuses an unpublished product to the cart, and takes it once published with its prices", async () => {
    const add = () =>
      ann.call({
        method: "POST",
        url: `${ann.base}/orders`,
        payload: { data: { productId: c.shoes.id, quantity: 1 } },
      });
    const refused = await add();
    expect(refused.status).toBe(404);
    expect((await editor("POST", `/api/ecommerce/products/${c.shoes.id}/publish`)).status).toBe(200);
    expect((await add()).status).toBe(201);
    // The tree of the product held its price attributes and their currency links.
    expect(await usdTotal()).toBe("19.99");
  });

  it("keeps charging the published price while a new one waits in the working copy", async () => {
    const links = (await editor("GET", `/api/ecommerce/products-to-attributes?draft=true&limit=100`)).body.data.filter(
      (l: any) => l.productId === c.shoes.id,
    );
    const attributes = await Promise.all(
      links.map(
        async (l: any) => (await editor("GET", `/api/ecommerce/attributes/${l.attributeId}?draft=true`)).body.data,
      ),
    );
    const usdPrice = attributes.find((a: any) => a.number === "19.99");
    expect((await editor("PATCH", `/api/ecommerce/attributes/${usdPrice.id}`, { number: "25.00" })).status).toBe(200);
    expect(await usdTotal()).toBe("19.99");
    await editor("POST", `/api/ecommerce/products/${c.shoes.id}/publish`);
    expect(await usdTotal()).toBe("25.00");
  });

  it("a product created with ?publish=true is for sale at once", async () => {
    const product = await create(t, "ecommerce/products?publish=true", { adminTitle: "Socks", title: { en: "Socks" } });
    expect(product.publication.state).toBe("published");
    expect(
      (
        await ann.call({
          method: "POST",
          url: `${ann.base}/orders`,
          payload: { data: { productId: product.id, quantity: 1 } },
        })
      ).status,
    ).toBe(201);
  });

  it("shows the buyer the published product in the cart while an edit waits, and a product taken off the site by its last title", async () => {
    const product = await create(t, "ecommerce/products?publish=true", { adminTitle: "Scarf", title: { en: "Scarf" } });
    expect(
      (
        await ann.call({
          method: "POST",
          url: `${ann.base}/orders`,
          payload: { data: { productId: product.id, quantity: 1 } },
        })
      ).status,
    ).toBe(201);
    const cartTitle = async () => {
      const carts = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data as any[];
      const line = carts.flatMap((o) => o.ordersToProducts).find((l: any) => l.productId === product.id);
      return line.product?.title?.en;
    };
    expect(await cartTitle()).toBe("Scarf");
    expect(
      (await editor("PATCH", `/api/ecommerce/products/${product.id}`, { title: { en: "Secret new name" } })).status,
    ).toBe(200);
    expect(await cartTitle()).toBe("Scarf");
    await editor("POST", `/api/ecommerce/products/${product.id}/publish`);
    expect(await cartTitle()).toBe("Secret new name");
    await editor("POST", `/api/ecommerce/products/${product.id}/unpublish`);
    expect(await cartTitle()).toBe("Secret new name");
  });
});
