import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { create, dummyCheckout, dummyWebhook, shopper, type Shopper } from "./shop-fixture.js";
import { BERLIN, fill, pricingCatalogue, type PricingCatalogue } from "./pricing-fixture.js";

// A code's last use taken by concurrent checkouts (docs/shop-pricing.md): the use is counted in the
// checkout's transaction with a conditional UPDATE of the code's row, so exactly one order gets it.
// Real concurrency needs connections of their own: the PostgreSQL server's pool (the embedded
// database has one connection, where checkouts run one after another anyway).
describe.skipIf(testDialect !== "postgres")("a discount code's last use under concurrent checkouts", () => {
  let t: TestApp;
  let c: PricingCatalogue;
  let buyers: Shopper[];

  beforeAll(async () => {
    t = await createTestApp();
    c = await pricingCatalogue(t);
    buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await shopper(t, `racer-${i}@example.com`));
  });
  afterAll(() => t?.close());

  it("20 checkouts of a code with one use left: one order, 19 conflicts; the use returns when its payment is declined", async () => {
    const code = await create(t, "ecommerce/discount-codes", {
      code: "LASTONE",
      kind: "percent",
      value: "50",
      usageLimit: 1,
    });
    const carts = await Promise.all(buyers.map((b) => fill(b, [[c.pencil, 1]])));
    const answers = await Promise.all(
      buyers.map((b, i) =>
        b.call({
          method: "POST",
          url: `${b.base}/orders/checkout`,
          payload: {
            data: {
              provider: "dummy",
              email: `racer-${i}@example.com`,
              shippingAddress: BERLIN,
              discountCodes: ["LASTONE"],
              billingModule: { currency: { id: c.usd.id } },
              ecommerceModule: { orders: carts[i]!.map((id) => ({ id })) },
            },
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toContain("LASTONE has been used up");
    const used = async () =>
      (await t.request({ method: "GET", url: `/api/ecommerce/discount-codes/${code.id}` })).body.data.used;
    expect(await used()).toBe(1);
    // The refused buyers' orders are still in their carts, nothing half done.
    const loser = buyers[answers.findIndex((a) => a.status === 409)]!;
    const { body } = await loser.call({ method: "GET", url: `${loser.base}/orders` });
    expect(body.data.map((o: any) => [o.type, o.status])).toEqual([["cart", "new"]]);

    // The winner's payment declined: the use is back, and the next buyer gets it.
    const winnerAt = answers.findIndex((a) => a.status === 200);
    const invoice = answers[winnerAt]!.body.data.billingModule.invoices[0];
    const token = new URL(invoice.paymentUrl, "http://localhost").searchParams.get("token");
    const page = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`,
    });
    expect((await dummyWebhook(t, page.body.data.actions.decline)).status).toBe(200);
    expect(await used()).toBe(0);
    const next = await dummyCheckout(
      t,
      loser,
      (body.data as any[]).map((o) => o.id),
      c.usd.id,
      "late@example.com",
      {
        shippingAddress: BERLIN,
        discountCodes: ["LASTONE"],
      },
    );
    expect(next.pay).toBeDefined();
    expect(await used()).toBe(1);
  });
});
