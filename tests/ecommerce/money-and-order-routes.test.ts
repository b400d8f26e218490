import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromMinorUnits, sameAmount, sumAmounts, toMinorUnits } from "../../server/modules/billing/money.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import {
  addToCart,
  catalogue,
  create,
  productWithPrices,
  shopper,
  type Catalogue,
  type Shopper,
} from "./shop-fixture.js";

describe("exact money helpers", () => {
  it.each([
    ["59.97", 2, 5997n],
    ["12", 2, 1200n],
    ["0.1", 2, 10n],
    ["-3.50", 2, -350n],
    ["100", 0, 100n],
    ["1.2340", 3, 1234n],
  ] as const)("%s with %i decimals is %s minor units, and back", (amount, decimals, units) => {
    expect(toMinorUnits(amount, decimals)).toBe(units);
    expect(sameAmount(fromMinorUnits(units, decimals), amount, decimals)).toBe(true);
  });

  it("refuses what it would have to round or cannot read", () => {
    expect(() => toMinorUnits("0.125", 2)).toThrow(/more than 2 decimals/);
    expect(() => toMinorUnits("1e3", 2)).toThrow(/not a decimal/);
  });

  it("adds thousands of amounts exactly where floats drift", () => {
    const amounts = Array.from({ length: 5000 }, (_, i) => (i % 2 ? "19.99" : "0.10"));
    const floatSum = amounts.reduce((sum, a) => sum + Number(a), 0);
    expect(floatSum.toFixed(10)).not.toBe("50225.0000000000");
    expect(sumAmounts(amounts, 2)).toBe("50225.00");
  });
});

// The order calls (docs/api.md "Shop wire shapes") against the real database: totals summed exactly in
// numeric over thousands of lines, rounding once per line, and the owner/admin rules.
describe("order routes", () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;
  let bob: Shopper;
  let key: Record<string, any>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await catalogue(t);
    key = (
      await t.request({
        method: "GET",
        url: "/api/ecommerce/attribute-keys?filters[and][0][column]=type&filters[and][0][method]=eq&filters[and][0][value]=price",
      })
    ).body.data[0];
    ann = await shopper(t, "ann@example.com");
    bob = await shopper(t, "bob@example.com");
  });
  afterAll(() => t?.close());

  it("an order of 2000 lines of 0.10 and 19.99 totals exactly 20090.00 (floats say otherwise)", async () => {
    const order = await create(t, "ecommerce/orders", { type: "history", status: "new" });
    const lines = Array.from({ length: 2000 }, (_, i) => ({
      orderId: order.id,
      productId: i % 2 ? c.shoes.id : c.pencil.id,
      quantity: 1,
    }));
    for (let i = 0; i < lines.length; i += 1000) {
      expect(
        (
          await t.request({
            method: "POST",
            url: "/api/ecommerce/orders-to-products/bulk",
            payload: { data: lines.slice(i, i + 1000) },
          })
        ).status,
      ).toBe(201);
    }
    let float = 0;
    for (const l of lines) float += l.productId === c.shoes.id ? 19.99 : 0.1;
    expect(String(float)).not.toBe("20090");
    const { body } = await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}/total` });
    expect(body.data).toEqual([{ total: "20090.00", billingModuleCurrency: expect.objectContaining({ slug: "usd" }) }]);
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}/quantity` })).body.data).toBe(
      2000,
    );
  });

  it("rounds once per line, half away from zero, to the currency's decimals (a currency of 0 decimals too)", async () => {
    const yen = await create(t, "billing/currencies", { slug: "jpy", symbol: "¥", adminTitle: "Yen", decimals: 0 });
    const odd = await productWithPrices(t, key, "Odd", [
      [c.usd, "0.125"],
      [yen, "33.5"],
    ]);
    const order = await create(t, "ecommerce/orders", {});
    const one = await create(t, "ecommerce/orders-to-products", { orderId: order.id, productId: odd.id, quantity: 1 });
    const three = await create(t, "ecommerce/orders-to-products", {
      orderId: order.id,
      productId: odd.id,
      quantity: 3,
    });
    const totals = async (url: string) =>
      Object.fromEntries(
        (await t.request({ method: "GET", url })).body.data.map((x: any) => [x.billingModuleCurrency.slug, x.total]),
      );
    expect(await totals(`/api/ecommerce/orders-to-products/${one.id}/total`)).toEqual({ usd: "0.13", jpy: "34" });
    expect(await totals(`/api/ecommerce/orders-to-products/${three.id}/total`)).toEqual({ usd: "0.38", jpy: "101" });
    // 0.13 + 0.38: the rounded lines are added, not the unrounded 0.5.
    expect(await totals(`/api/ecommerce/orders/${order.id}/total`)).toEqual({ usd: "0.51", jpy: "135" });
  });

  it("checkout-attributes: the price attribute each line is charged by, the store's own where it has one", async () => {
    const plain = await addToCart(ann, c.shoes.id, 2);
    const fromStore = await addToCart(ann, c.shoes.id, 1, c.store.id);
    const read = async (orderId: string, currencyId: string) =>
      ann.call({ method: "GET", url: `/api/ecommerce/orders/${orderId}/checkout-attributes/${currencyId}` });
    const usd = await read(plain.id, c.usd.id);
    expect(usd.status).toBe(200);
    // One charge, as the original client reads it, and the attributes it is made of.
    expect(usd.body.data).toMatchObject({
      amount: "39.98",
      type: "one_off",
      interval: null,
      billingModuleCurrency: { id: c.usd.id, slug: "usd" },
    });
    expect(usd.body.data.attributes).toMatchObject([
      { number: "19.99", productId: c.shoes.id, quantity: 2, amount: "39.98", billingModuleCurrency: { slug: "usd" } },
    ]);
    const store = (await read(fromStore.id, c.usd.id)).body.data;
    expect([store.attributes[0].number, store.amount]).toEqual(["17.49", "17.49"]);
    const pencil = await addToCart(ann, c.pencil.id);
    const none = await read(pencil.id, c.eur.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(
      "Validation error: Product doesn't have price attributes connected to billing module currency",
    );
  });

  it("updates one line's quantity; another subject's order or line is a 404, never its data", async () => {
    const order = await addToCart(ann, c.pencil.id, 2);
    const line = order.ordersToProducts[0];
    const url = `/api/ecommerce/orders/${order.id}/orders-to-products/${line.id}`;
    const updated = await ann.call({ method: "PATCH", url, payload: { data: { quantity: 4 } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.quantity).toBe(4);
    expect((await ann.call({ method: "PATCH", url, payload: { data: { quantity: 0 } } })).status).toBe(400);
    for (const [method, path] of [
      ["PATCH", url],
      ["GET", `/api/ecommerce/orders/${order.id}/total`],
      ["GET", `/api/ecommerce/orders/${order.id}/quantity`],
      ["GET", `/api/ecommerce/orders/${order.id}/checkout-attributes/${c.usd.id}`],
      ["GET", `/api/ecommerce/orders-to-products/${line.id}/total`],
    ] as const) {
      const response = await bob.call({
        method,
        url: path,
        payload: method === "PATCH" ? { data: { quantity: 9 } } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(response.body)).not.toMatch(/"total"|"quantity":4/);
      expect(
        (
          await t.request({
            method,
            url: path,
            key: null,
            payload: method === "PATCH" ? { data: { quantity: 9 } } : undefined,
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (await t.request({ method: "GET", url: `/api/ecommerce/orders-to-products/${line.id}` })).body.data.quantity,
    ).toBe(4);
  });

  it("a paying order's lines cannot change", async () => {
    const order = await addToCart(bob, c.shoes.id);
    await bob.call({
      method: "POST",
      url: `${bob.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "bob@example.com",
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: [{ id: order.id }] },
        },
      },
    });
    const line = order.ordersToProducts[0];
    expect(
      (
        await bob.call({
          method: "PATCH",
          url: `/api/ecommerce/orders/${order.id}/orders-to-products/${line.id}`,
          payload: { data: { quantity: 5 } },
        })
      ).status,
    ).toBe(409);
    expect((await bob.call({ method: "DELETE", url: `${bob.base}/orders/${order.id}` })).status).toBe(409);
  });

  it("clear-old-orders: admins only; deletes cart orders older than the setting and keeps the rest", async () => {
    expect((await ann.call({ method: "POST", url: "/api/ecommerce/orders/clear-old-orders" })).status).toBe(403);
    const old = await addToCart(bob, c.pencil.id);
    await t.database.db
      .updateTable("ecommerce_orders")
      .set({ updatedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where("id", "=", old.id)
      .execute();
    const fresh = await addToCart(ann, c.freebie.id);
    const response = await t.request({ method: "POST", url: "/api/ecommerce/orders/clear-old-orders" });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ deleted: 1 });
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${old.id}` })).status).toBe(404);
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${fresh.id}` })).status).toBe(200);
  });
});
