import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, create, shopper, type Catalogue, type Shopper } from "./shop-fixture.js";

/**
 * What a checkout sends (docs/benchmarks.md, "Cart and checkout"): the same statements
 * for one order or several; the stock is locked and taken only when a line's stock is counted,
 * one statement more; and the answer is whole (the invoice and intent read back with the orders).
 */
describe(`checkout statements on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;

  // No background queue: a count is the checkout's own statements, not the mail after it.
  beforeAll(async () => {
    t = await createTestApp({ notifications: { ...configFromEnv({}).notifications, worker: false } });
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
  });
  afterAll(() => t?.close());

  const checkout = async (orderIds: string[], extra: Record<string, unknown> = {}) => {
    const before = t.database.queryCount();
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "ann@example.com",
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: orderIds.map((id) => ({ id })) },
          ...extra,
        },
      },
    });
    expect(response.status).toBe(200);
    return { statements: t.database.queryCount() - before, body: response.body.data };
  };

  it("sends as many statements for three orders as for one, and answers the invoice and intent it wrote", async () => {
    await checkout([(await addToCart(ann, c.pencil.id)).id]); // warm: the subject's roles read once
    const one = await checkout([(await addToCart(ann, c.pencil.id)).id]);
    const three = [
      await addToCart(ann, c.pencil.id, 2),
      await addToCart(ann, c.shoes.id, 1),
      await addToCart(ann, c.shoes.id, 1, c.store.id),
    ];
    const several = await checkout(three.map((o) => o.id));
    expect(several.statements).toBe(one.statements);
    // begin, the orders with the currency, the prices, the one write, commit, the payment URL.
    expect(one.statements).toBeLessThanOrEqual(6);
    // 2 × 0.10 + 19.99 + the store's own 17.49
    expect(several.body.billingModule.invoices[0]).toMatchObject({ amount: "37.68", status: "new", provider: "dummy" });
    expect(several.body.billingModule.paymentIntents[0]).toMatchObject({ amount: "37.68", status: "open" });
    expect(several.body.billingModule.currency).toMatchObject({ id: c.usd.id, slug: "usd" });
    expect(several.body.ecommerceModule.orders.map((o: any) => o.status)).toEqual(["paying", "paying", "paying"]);
    // What was answered is what was stored.
    const invoice = (
      await t.request({ method: "GET", url: `/api/billing/invoices/${several.body.billingModule.invoices[0].id}` })
    ).body.data;
    expect(invoice).toMatchObject({ amount: "37.68", paymentUrl: several.body.billingModule.invoices[0].paymentUrl });
  });

  it("a quote and a checkout with a code, delivery and tax send as many statements for two orders as for one", async () => {
    await create(t, "ecommerce/shipping-rates", {
      title: { en: "Standard" },
      countries: ["DE"],
      currencyId: c.usd.id,
      amount: "4.90",
    });
    await create(t, "ecommerce/tax-rates", { title: { en: "VAT" }, country: "DE", rate: "19", taxShipping: true });
    await create(t, "ecommerce/discount-codes", { code: "COUNT10", kind: "percent", value: "10" });
    const priced = {
      shippingAddress: { name: "Ann", line1: "Hauptstraße 1", city: "Berlin", postalCode: "10115", country: "DE" },
      discountCodes: ["count10"],
    };
    const quote = async (orderIds: string[]) => {
      const before = t.database.queryCount();
      const response = await ann.call({
        method: "POST",
        url: `${ann.base}/orders/quote`,
        payload: { data: { ...priced, ecommerceModule: { orders: orderIds.map((id) => ({ id })) } } },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.appliedCodes).toEqual(["COUNT10"]);
      return t.database.queryCount() - before;
    };
    // Before the carts below (an add of a product in the cart raises its line instead); the first
    // reads the rates, kept from then on.
    await checkout([(await addToCart(ann, c.pencil.id)).id]);
    const plain = await checkout([(await addToCart(ann, c.pencil.id)).id]);
    const one = [(await addToCart(ann, c.pencil.id)).id];
    const two = [(await addToCart(ann, c.shoes.id, 2)).id, (await addToCart(ann, c.shoes.id, 1, c.store.id)).id];
    expect(await quote(two)).toBe(await quote(one));
    const pricedOne = await checkout(one, priced);
    const pricedTwo = await checkout(two, priced);
    expect(pricedTwo.statements).toBe(pricedOne.statements);
    // The code read, and its use taken: two more than a checkout with no code, whatever the lines.
    expect(pricedOne.statements).toBe(plain.statements + 2);
    expect(Number(pricedTwo.body.billingModule.invoices[0].breakdown.tax)).toBeGreaterThan(0);
  });

  it("locks and takes counted stock: one statement more, and the count goes down", async () => {
    const untracked = await checkout([(await addToCart(ann, c.pencil.id)).id]);
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/products/${c.pencil.id}`,
      payload: { data: { stock: 10 } },
    });
    const tracked = await checkout([(await addToCart(ann, c.pencil.id, 3)).id]);
    // The counts' lock, the new count, the reservation: at least one more, never fewer.
    expect(tracked.statements).toBeGreaterThan(untracked.statements);
    expect((await t.request({ method: "GET", url: `/api/ecommerce/products/${c.pencil.id}` })).body.data.stock).toBe(7);
  });
});
