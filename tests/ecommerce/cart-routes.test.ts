import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, shopper, type Catalogue, type Shopper } from "./shop-fixture.js";

// The Subject API's cart (docs/api.md "Shop wire shapes"): every route's success, validation,
// 401 for visitors, and a subject kept to its own orders.
describe("cart routes", () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;
  let bob: Shopper;

  beforeAll(async () => {
    t = await createTestApp();
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
    bob = await shopper(t, "bob@example.com");
  });
  afterAll(() => t?.close());

  it("adds a product: a cart order with one line, answered as the subject with its order", async () => {
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/orders`,
      payload: { data: { productId: c.shoes.id, quantity: 2 } },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.id).toBe(ann.subjectId);
    const [link] = response.body.data.subjectsToEcommerceModuleOrders;
    expect(link).toMatchObject({ subjectId: ann.subjectId, order: { type: "cart", status: "new" } });
    expect(link.order.ordersToProducts).toMatchObject([{ productId: c.shoes.id, quantity: 2 }]);
  });

  it("adding the same product again adds to its line; quantity defaults to 1; a store's line is its own", async () => {
    const again = await addToCart(ann, c.shoes.id);
    expect(again.ordersToProducts).toMatchObject([{ productId: c.shoes.id, quantity: 3 }]);
    const fromStore = await addToCart(ann, c.shoes.id, 1, c.store.id);
    expect(fromStore.id).not.toBe(again.id);
    expect(fromStore.ordersToProducts[0]).toMatchObject({ storeId: c.store.id, quantity: 1 });
    const { body } = await ann.call({ method: "GET", url: `${ann.base}/orders` });
    expect(body.data).toHaveLength(2);
  });

  it("lists the cart with products and exact totals per currency; the store's own price applies to its line", async () => {
    const { body } = await ann.call({ method: "GET", url: `${ann.base}/orders` });
    const [plain, store] = body.data;
    expect(plain.ordersToProducts[0].product).toMatchObject({ id: c.shoes.id, adminTitle: "Shoes" });
    expect(plain.total).toEqual([
      { total: "55.50", billingModuleCurrency: { id: c.eur.id, slug: "eur", symbol: "€", decimals: 2 } },
      { total: "59.97", billingModuleCurrency: { id: c.usd.id, slug: "usd", symbol: "$", decimals: 2 } },
    ]);
    expect(store.total.find((x: any) => x.billingModuleCurrency.slug === "usd").total).toBe("17.49");
  });

  it("totals and quantity over the whole cart; a currency only when every line has a price in it", async () => {
    const total = await ann.call({ method: "GET", url: `${ann.base}/orders/total` });
    // 3 × 19.99 + 17.49 in USD; EUR: the store has no EUR price of its own, so the product's 18.50 applies.
    expect(total.body.data).toEqual([
      { total: "74.00", billingModuleCurrency: expect.objectContaining({ slug: "eur" }) },
      { total: "77.46", billingModuleCurrency: expect.objectContaining({ slug: "usd" }) },
    ]);
    expect((await ann.call({ method: "GET", url: `${ann.base}/orders/quantity` })).body.data).toBe(4);
    await addToCart(ann, c.pencil.id, 5);
    const withPencil = await ann.call({ method: "GET", url: `${ann.base}/orders/total` });
    expect(withPencil.body.data).toEqual([
      { total: "77.96", billingModuleCurrency: expect.objectContaining({ slug: "usd" }) },
    ]);
  });

  it("updates a line's quantity and deletes an order", async () => {
    const order = await addToCart(bob, c.pencil.id, 1);
    const line = order.ordersToProducts[0];
    const updated = await bob.call({
      method: "PATCH",
      url: `${bob.base}/orders/${order.id}`,
      payload: { data: { ordersToProducts: [{ id: line.id, quantity: 7 }] } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.ordersToProducts[0].quantity).toBe(7);
    const deleted = await bob.call({ method: "DELETE", url: `${bob.base}/orders/${order.id}` });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(order.id);
    expect((await bob.call({ method: "GET", url: `${bob.base}/orders` })).body.data).toEqual([]);
    expect((await bob.call({ method: "GET", url: `${bob.base}/orders/quantity` })).body.data).toBe(0);
  });

  it.each([
    ["no data", undefined, "No data"],
    ["no productId", { quantity: 1 }, "productId is required"],
    ["a productId that is not an id", { productId: "shoes" }, "productId is required"],
    [
      "a zero quantity",
      { productId: "00000000-0000-4000-8000-000000000000", quantity: 0 },
      "/quantity must be a positive integer",
    ],
    [
      "a fractional quantity",
      { productId: "00000000-0000-4000-8000-000000000000", quantity: 1.5 },
      "/quantity must be a positive integer",
    ],
    [
      "a quantity as text",
      { productId: "00000000-0000-4000-8000-000000000000", quantity: "2" },
      "/quantity must be a positive integer",
    ],
    [
      "an unknown field",
      { productId: "00000000-0000-4000-8000-000000000000", price: "0.01" },
      "/price is not accepted",
    ],
    [
      "a currency id that is not an id",
      { productId: "00000000-0000-4000-8000-000000000000", billingModule: { currency: { id: "usd" } } },
      "/billingModule/currency/id must be a currency's id",
    ],
  ])("add to cart refuses %s with a 400", async (_name, data, message) => {
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/orders`,
      payload: data === undefined ? {} : { data },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  // The original client's add-to-cart body names the currency it shows.
  it.each([
    ["with a currency", (usd: string) => ({ billingModule: { currency: { id: usd } } })],
    ["with currency {}", () => ({ billingModule: { currency: {} } })],
    ["with billingModule {}", () => ({ billingModule: {} })],
  ])("add to cart takes the original client's body %s", async (_name, extra) => {
    const before = (await ann.call({ method: "GET", url: `${ann.base}/orders/quantity` })).body.data;
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/orders`,
      payload: { data: { quantity: 2, productId: c.pencil.id, storeId: c.store.id, ...extra(c.usd.id) } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.subjectsToEcommerceModuleOrders[0].order).toMatchObject({ type: "cart" });
    expect((await ann.call({ method: "GET", url: `${ann.base}/orders/quantity` })).body.data).toBe(before + 2);
  });

  it("an unknown product or store is a 404 and leaves the cart as it was", async () => {
    const before = (await ann.call({ method: "GET", url: `${ann.base}/orders/quantity` })).body.data;
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await ann.call({ method: "POST", url: `${ann.base}/orders`, payload: { data: { productId: missing } } })).status,
    ).toBe(404);
    expect(
      (
        await ann.call({
          method: "POST",
          url: `${ann.base}/orders`,
          payload: { data: { productId: c.shoes.id, storeId: missing } },
        })
      ).status,
    ).toBe(404);
    expect((await ann.call({ method: "GET", url: `${ann.base}/orders/quantity` })).body.data).toBe(before);
  });

  it.each([
    ["no lines list", {}, "ordersToProducts is required"],
    ["a line without id", { ordersToProducts: [{ quantity: 2 }] }, "id is required"],
    [
      "a negative quantity",
      { ordersToProducts: [{ id: "00000000-0000-4000-8000-000000000000", quantity: -1 }] },
      "must be a positive integer",
    ],
  ])("order update refuses %s with a 400", async (_name, data, message) => {
    const order = await addToCart(ann, c.pencil.id);
    const response = await ann.call({ method: "PATCH", url: `${ann.base}/orders/${order.id}`, payload: { data } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it("a visitor gets 401 on every cart route", async () => {
    const base = ann.base;
    for (const [method, url] of [
      ["GET", `${base}/orders`],
      ["POST", `${base}/orders`],
      ["GET", `${base}/orders/total`],
      ["GET", `${base}/orders/quantity`],
      ["DELETE", `${base}/orders/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const response = await t.request({
        method,
        url,
        key: null,
        payload: method === "POST" ? { data: { productId: c.shoes.id } } : undefined,
      });
      expect(response.status, `${method} ${url}`).toBe(401);
    }
  });

  it("a subject cannot reach another subject's cart: 403 on its routes, 404 for its order through one's own", async () => {
    const annOrder = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data[0];
    const line = annOrder.ordersToProducts[0];
    for (const [method, url, payload] of [
      ["GET", `${ann.base}/orders`],
      ["GET", `${ann.base}/orders/total`],
      ["POST", `${ann.base}/orders`, { data: { productId: c.shoes.id } }],
      ["PATCH", `${ann.base}/orders/${annOrder.id}`, { data: { ordersToProducts: [{ id: line.id, quantity: 99 }] } }],
      ["DELETE", `${ann.base}/orders/${annOrder.id}`],
    ] as const) {
      const response = await bob.call({ method, url, payload });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain(line.id);
    }
    for (const [method, payload] of [
      ["PATCH", { data: { ordersToProducts: [{ id: line.id, quantity: 99 }] } }],
      ["DELETE", undefined],
    ] as const) {
      const response = await bob.call({ method, url: `${bob.base}/orders/${annOrder.id}`, payload });
      expect(response.status).toBe(404);
    }
    const after = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data[0];
    expect(after.ordersToProducts[0].quantity).toBe(line.quantity);
  });

  it("a line of another order cannot be updated through this one", async () => {
    const first = await addToCart(bob, c.shoes.id);
    const second = await addToCart(bob, c.pencil.id);
    const foreign = second.ordersToProducts[0].id;
    const response = await bob.call({
      method: "PATCH",
      url: `${bob.base}/orders/${first.id}`,
      payload: { data: { ordersToProducts: [{ id: foreign, quantity: 9 }] } },
    });
    expect(response.status).toBe(404);
  });

  it("an admin (here the secret key) reaches any subject's cart", async () => {
    const response = await t.request({ method: "GET", url: `${ann.base}/orders/quantity` });
    expect(response.status).toBe(200);
    expect(response.body.data).toBeGreaterThan(0);
  });
});
