import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { create, dummyCheckout, dummyWebhook, shopper, type Shopper } from "./shop-fixture.js";
import { BERLIN, fill, pricingCatalogue, type PricingCatalogue } from "./pricing-fixture.js";

// "Your orders" (docs/shop.md): a checked-out order says what its payment charged — the invoice's
// amount, with delivery and tax — and which orders that one payment was for; its goods total
// stays beside it as the original client reads it.

describe("what a past order's payment charged", () => {
  let t: TestApp;
  let c: PricingCatalogue;

  beforeAll(async () => {
    t = await createTestApp();
    c = await pricingCatalogue(t);
    await create(t, "ecommerce/shipping-rates", {
      title: { en: "Standard" },
      countries: ["DE"],
      currencyId: c.usd.id,
      amount: "4.90",
    });
    await create(t, "ecommerce/tax-rates", { title: { en: "VAT" }, country: "DE", rate: "19", taxShipping: false });
  });
  afterAll(() => t?.close());

  const history = async (s: Shopper) => {
    const { status, body } = await s.call({ method: "GET", url: `${s.base}/orders?type=history` });
    expect(status).toBe(200);
    return body.data as any[];
  };

  it("two orders paid at once: each says the one payment's amount and names the other", async () => {
    const ann = await shopper(t, "ann-charged@example.com");
    const orderIds = await fill(ann, [
      [c.shoes, 1],
      [c.pencil, 2],
    ]);
    expect(orderIds).toHaveLength(2);
    // Cart orders have no payment yet.
    const cart = await ann.call({ method: "GET", url: `${ann.base}/orders` });
    expect(cart.body.data.every((o: any) => o.charged === undefined)).toBe(true);
    const actions = await dummyCheckout(t, ann, orderIds, c.usd.id, "ann-charged@example.com", {
      shippingAddress: BERLIN,
    });
    expect((await dummyWebhook(t, actions.pay)).status).toBe(200);
    // 19.99 + 0.20 = 20.19; tax 3.80 + 0.04 = 3.84; delivery 4.90: 28.93.
    const orders = await history(ann);
    expect(orders).toHaveLength(2);
    for (const order of orders) {
      expect(order.charged).toMatchObject({ total: "28.93", billingModuleCurrency: { id: c.usd.id } });
      expect([...order.charged.orders].sort()).toEqual([...orderIds].sort());
    }
    expect(orders.map((o) => o.total[0].total).sort()).toEqual(["0.20", "19.99"]);
  });

  it("a payment declined then paid again: the newer invoice's amount", async () => {
    const bob = await shopper(t, "bob-charged@example.com");
    const orderIds = await fill(bob, [[c.shoes, 2]]);
    const first = await dummyCheckout(t, bob, orderIds, c.usd.id, "bob-charged@example.com", {
      shippingAddress: BERLIN,
    });
    expect((await dummyWebhook(t, first.decline)).status).toBe(200);
    // The shop's delivery costs more now: Pay now charges it, and the order says so.
    const { body: rates } = await t.request({ method: "GET", url: "/api/ecommerce/shipping-rates" });
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/shipping-rates/${rates.data[0].id}`,
      payload: { data: { amount: "6.90" } },
    });
    const again = await bob.call({
      method: "POST",
      url: `${bob.base}/orders/${orderIds[0]}/pay`,
      payload: { data: {} },
    });
    expect(again.status).toBe(200);
    // 39.98 + 7.60 (19%) + 6.90
    expect(again.body.data.billingModule.invoices[0].amount).toBe("54.48");
    const [order] = await history(bob);
    expect(order.charged).toMatchObject({ total: "54.48", orders: [orderIds[0]] });
  });
});
