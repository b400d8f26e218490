import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromMinorUnits, sameAmount, sumAmounts, toMinorUnits } from "../../server/modules/billing/money.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, create, productWithPrices, shopper, type Catalogue } from "./shop-fixture.js";

// Amounts past 2^53 minor units (90071992547409.92 at 2 decimals), which the decimal pattern
// allows (18 integer digits): a float, or minor units held as a JS Number, loses the last cent
// there (2^53 + 1 is not a double). These tables fail if any step of the money path does that.

describe("exact money helpers past 2^53 minor units", () => {
  it.each([
    ["90071992547409.93", 2, 9007199254740993n],
    ["-90071992547409.93", 2, -9007199254740993n],
    ["999999999999999999.99", 2, 99999999999999999999n],
    ["999999999999999999.999999999999", 12, 999999999999999999999999999999n],
    ["9007199254740993", 0, 9007199254740993n],
  ] as const)("%s with %i decimals is %s minor units, and back", (amount, decimals, units) => {
    expect(toMinorUnits(amount, decimals)).toBe(units);
    expect(fromMinorUnits(units, decimals)).toBe(amount);
  });

  it.each([
    [["90071992547409.93", "0.01"], 2, "90071992547409.94"],
    [["0.01", "90071992547409.93"], 2, "90071992547409.94"],
    [["90071992547409.93", "90071992547409.93"], 2, "180143985094819.86"],
    [["90071992547409.93", "-0.01"], 2, "90071992547409.92"],
    [["999999999999999998.99", "0.01", "0.99"], 2, "999999999999999999.99"],
    [["9007199254740993", "1"], 0, "9007199254740994"],
    [Array.from({ length: 10 }, () => "9007199254740.993"), 3, "90071992547409.930"],
  ] as const)("sumAmounts(%j, %i) is %s", (amounts, decimals, total) => {
    expect(sumAmounts([...amounts], decimals)).toBe(total);
  });

  it.each([
    ["90071992547409.93", "90071992547409.92", false],
    ["90071992547409.93", "90071992547409.94", false],
    ["90071992547409.93", "90071992547409.930", true],
    ["999999999999999999.99", "999999999999999999.98", false],
  ] as const)("sameAmount(%s, %s) is %s", (a, b, same) => {
    expect(sameAmount(a, b, 2)).toBe(same);
  });
});

// The same through the real routes and the database: line amounts in numeric, totals summed in
// minor units, the checkout's invoice and payment intent.
describe("totals and checkout past 2^53 minor units", () => {
  let t: TestApp;
  let c: Catalogue;
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
  });
  afterAll(() => t?.close());

  const usdTotals = (answer: { body: any }) =>
    answer.body.data.filter((x: any) => x.billingModuleCurrency.slug === "usd").map((x: any) => x.total);

  it.each([
    {
      label: "a price past 2^53 cents and a cent",
      lines: [
        ["90071992547409.93", 1],
        ["0.01", 1],
      ],
      amounts: ["90071992547409.93", "0.01"],
      total: "90071992547409.94",
    },
    {
      label: "two lines of it",
      lines: [
        ["90071992547409.93", 1],
        ["90071992547409.93", 1],
      ],
      amounts: ["90071992547409.93", "90071992547409.93"],
      total: "180143985094819.86",
    },
    {
      label: "quantity × a large price",
      lines: [["999999999999.99", 9999]],
      amounts: ["9998999999999900.01"],
      total: "9998999999999900.01",
    },
    {
      label: "quantity × a large price, then a cent",
      lines: [
        ["900719925474.0993", 100],
        ["0.01", 1],
      ],
      amounts: ["90071992547409.93", "0.01"],
      total: "90071992547409.94",
    },
  ] as const)(
    "$label: line and order totals, the cart total and the invoice are $total",
    async ({ lines, amounts, total }) => {
      const s = await shopper(t, `big-${Math.random().toString(36).slice(2)}@example.com`);
      // Each product added goes to a cart order of its own (one line each).
      const orders: Record<string, any>[] = [];
      for (const [i, [price, quantity]] of lines.entries()) {
        const product = await productWithPrices(t, key, `Big ${i} ${price}`, [[c.usd, price]]);
        orders.push(await addToCart(s, product.id, quantity));
      }
      for (const [i, order] of orders.entries()) {
        const line = order.ordersToProducts[0];
        expect(
          usdTotals(await t.request({ method: "GET", url: `/api/ecommerce/orders-to-products/${line.id}/total` })),
        ).toEqual([amounts[i]]);
        expect(usdTotals(await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}/total` }))).toEqual([
          amounts[i],
        ]);
      }
      expect(usdTotals(await s.call({ method: "GET", url: `${s.base}/orders/total` }))).toEqual([total]);

      const checkout = await s.call({
        method: "POST",
        url: `${s.base}/orders/checkout`,
        payload: {
          data: {
            provider: "dummy",
            email: "big@example.com",
            billingModule: { currency: { id: c.usd.id } },
            ecommerceModule: { orders: orders.map((o) => ({ id: o.id })) },
          },
        },
      });
      expect(checkout.status).toBe(200);
      expect(checkout.body.data.billingModule.invoices[0].amount).toBe(total);
      expect(checkout.body.data.billingModule.paymentIntents[0].amount).toBe(total);
      // As stored, read back through the generic route.
      const invoice = (
        await t.request({
          method: "GET",
          url: `/api/billing/invoices/${checkout.body.data.billingModule.invoices[0].id}`,
        })
      ).body.data;
      expect(invoice.amount).toBe(total);
    },
  );

  it("one order of several lines past 2^53 cents totals them exactly", async () => {
    const big = await productWithPrices(t, key, "Big", [[c.usd, "90071992547409.93"]]);
    const cent = await productWithPrices(t, key, "Cent", [[c.usd, "0.01"]]);
    const order = await create(t, "ecommerce/orders", { type: "history", status: "new" });
    await create(t, "ecommerce/orders-to-products", { orderId: order.id, productId: big.id, quantity: 1 });
    await create(t, "ecommerce/orders-to-products", { orderId: order.id, productId: cent.id, quantity: 3 });
    expect(usdTotals(await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}/total` }))).toEqual([
      "90071992547409.96",
    ]);
  });
});
