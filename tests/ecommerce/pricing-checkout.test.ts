import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { create, dummyCheckout, dummyWebhook, shopper, type Shopper } from "./shop-fixture.js";
import {
  BERLIN,
  PARIS,
  clearRules,
  emptyCart,
  fill,
  pricingCatalogue,
  type PricingCatalogue,
} from "./pricing-fixture.js";

// The cart's quote and the checkout's invoice (docs/shop-pricing.md) on the real database: each
// case sets its rules, fills a cart, asks the quote, checks out, and the invoice charges exactly
// the quote's total and keeps its breakdown. With no rules the shop charges the lines' sum.

type Rules = (c: PricingCatalogue) => { model: string; data: Record<string, unknown> }[];
interface Case {
  name: string;
  inclusive?: boolean;
  rules: Rules;
  lines: (c: PricingCatalogue) => [Record<string, any>, number][];
  address?: Record<string, string>;
  codes?: string[];
  /** The shipping option to choose, by its English title. */
  shipping?: string;
  quote: Record<string, unknown>;
  /** The checkout's refusal instead of an invoice: status and a part of the message. */
  refused?: [number, string];
}

const rate = (c: PricingCatalogue, title: string, amount: string, extra: Record<string, unknown> = {}) => ({
  model: "ecommerce/shipping-rates",
  data: { title: { en: title, ru: title }, countries: ["DE"], currencyId: c.usd.id, amount, ...extra },
});
const tax = (rateValue: string, extra: Record<string, unknown> = {}) => ({
  model: "ecommerce/tax-rates",
  data: { title: { en: "VAT", ru: "НДС" }, country: "DE", rate: rateValue, taxShipping: false, ...extra },
});
const code = (data: Record<string, unknown>) => ({ model: "ecommerce/discount-codes", data });

const CASES: Case[] = [
  {
    name: "no rules: the lines' sum, as before pricing rules",
    rules: () => [],
    lines: (c) => [
      [c.shoes, 2],
      [c.pencil, 3],
    ],
    quote: { subtotal: "40.28", discount: "0.00", shipping: "0.00", tax: "0.00", total: "40.28", shippingOptions: [] },
  },
  {
    name: "net prices: 19% added per line, rounded half-even",
    rules: (c) => [rate(c, "Standard", "4.90"), tax("19")],
    lines: (c) => [
      [c.shoes, 2],
      [c.pencil, 3],
    ],
    // 39.98 × 19% = 7.5962 → 7.60; 0.30 × 19% = 0.057 → 0.06
    quote: { subtotal: "40.28", shipping: "4.90", tax: "7.66", total: "52.84", taxIncluded: false },
  },
  {
    name: "gross prices: the tax inside the line and the taxed delivery",
    inclusive: true,
    rules: (c) => [rate(c, "Standard", "4.90"), tax("19", { taxShipping: true })],
    lines: (c) => [[c.shoes, 1]],
    // 19.99 × 19/119 = 3.1917 → 3.19; 4.90 × 19/119 = 0.7824 → 0.78
    quote: { subtotal: "19.99", shipping: "4.90", tax: "3.97", total: "24.89", taxIncluded: true },
  },
  {
    name: "a category's rate beats the country's",
    rules: (c) => [
      rate(c, "Standard", "4.90"),
      tax("19"),
      tax("7", { categoryId: c.books.id, title: { en: "VAT books" } }),
    ],
    lines: (c) => [
      [c.book, 1],
      [c.shoes, 1],
    ],
    // 12.00 × 7% = 0.84; 19.99 × 19% = 3.7981 → 3.80
    quote: { subtotal: "31.99", tax: "4.64", total: "41.53" },
  },
  {
    name: "a weight band: 800 g goes by the light rate",
    rules: (c) => [rate(c, "Light", "4.90", { maxWeight: 1000 }), rate(c, "Heavy", "9.90", { minWeight: 1001 })],
    lines: (c) => [[c.shoes, 1]],
    quote: { shipping: "4.90", total: "24.89", shippingOptions: [{ title: { en: "Light" }, amount: "4.90" }] },
  },
  {
    name: "a weight band: 1600 g goes by the heavy rate",
    rules: (c) => [rate(c, "Light", "4.90", { maxWeight: 1000 }), rate(c, "Heavy", "9.90", { minWeight: 1001 })],
    lines: (c) => [[c.shoes, 2]],
    quote: { shipping: "9.90", total: "49.88" },
  },
  {
    name: "free delivery from 50.00 of goods",
    rules: (c) => [rate(c, "Standard", "4.90", { freeFrom: "50" })],
    lines: (c) => [[c.shoes, 3]],
    quote: { subtotal: "59.97", shipping: "0.00", total: "59.97" },
  },
  {
    name: "a code taking the goods under free delivery's threshold makes delivery cost again",
    rules: (c) => [
      rate(c, "Standard", "4.90", { freeFrom: "50" }),
      code({ code: "TWENTY", kind: "percent", value: "20" }),
    ],
    lines: (c) => [[c.shoes, 3]],
    codes: ["twenty"],
    // 59.97 × 20% = 11.994 → 11.99; 47.98 < 50
    quote: { discount: "11.99", shipping: "4.90", total: "52.88", appliedCodes: ["TWENTY"] },
  },
  {
    name: "a percent code, typed in lower case",
    rules: (c) => [rate(c, "Standard", "4.90"), code({ code: "SPRING10", kind: "percent", value: "10" })],
    lines: (c) => [
      [c.shoes, 2],
      [c.pencil, 3],
    ],
    codes: ["spring10"],
    quote: { subtotal: "40.28", discount: "4.03", shipping: "4.90", total: "41.15", appliedCodes: ["SPRING10"] },
  },
  {
    name: "an amount code in the checkout's currency",
    rules: (c) => [
      rate(c, "Standard", "4.90"),
      code({ code: "FIVE", kind: "amount", value: "5", currencyId: c.usd.id }),
    ],
    lines: (c) => [
      [c.shoes, 1],
      [c.pencil, 1],
    ],
    codes: ["FIVE"],
    quote: { subtotal: "20.09", discount: "5.00", total: "19.99" },
  },
  {
    name: "a free-shipping code",
    rules: (c) => [rate(c, "Standard", "4.90"), code({ code: "SHIPFREE", kind: "free-shipping" })],
    lines: (c) => [[c.shoes, 1]],
    codes: ["SHIPFREE"],
    quote: { shipping: "0.00", total: "19.99", appliedCodes: ["SHIPFREE"] },
  },
  {
    name: "a code only for books leaves the shoes alone",
    rules: (c) => [
      code({ code: "READ", kind: "percent", value: "50", _categories: [c.books.id] }),
      rate(c, "Standard", "0"),
    ],
    lines: (c) => [
      [c.book, 1],
      [c.shoes, 1],
    ],
    codes: ["READ"],
    quote: { discount: "6.00", total: "25.99" },
  },
  {
    name: "an expired code is refused, and so is the checkout naming it",
    rules: (c) => [
      rate(c, "Standard", "4.90"),
      code({ code: "OLD", kind: "percent", value: "10", endsAt: "2020-01-01T00:00:00Z" }),
    ],
    lines: (c) => [[c.shoes, 1]],
    codes: ["OLD"],
    quote: { discount: "0.00", total: "24.89", refusedCodes: [{ code: "OLD", reason: "expired" }] },
    refused: [400, "OLD"],
  },
  {
    name: "a second code is refused when the first is not combinable",
    rules: (c) => [
      rate(c, "Standard", "4.90"),
      code({ code: "SPRING10", kind: "percent", value: "10" }),
      code({ code: "FIVE", kind: "amount", value: "5", currencyId: c.usd.id, combinable: true }),
    ],
    lines: (c) => [[c.shoes, 1]],
    codes: ["SPRING10", "FIVE"],
    quote: { appliedCodes: ["SPRING10"], refusedCodes: [{ code: "FIVE", reason: "not-combinable" }] },
    refused: [400, "FIVE"],
  },
  {
    name: "no rate delivers to the address's country: the checkout is refused naming it",
    rules: (c) => [rate(c, "Standard", "4.90")],
    lines: (c) => [[c.shoes, 1]],
    address: PARIS,
    quote: { shippingOptions: [], problem: { kind: "no-shipping-rate", country: "FR" } },
    refused: [400, "FR"],
  },
];

for (const inclusive of [false, true]) {
  describe(`pricing at checkout (${inclusive ? "gross" : "net"} prices)`, () => {
    let t: TestApp;
    let c: PricingCatalogue;
    let ann: Shopper;

    beforeAll(async () => {
      t = await createTestApp({ pricesIncludeTax: inclusive });
      c = await pricingCatalogue(t);
      ann = await shopper(t, `ann-${inclusive}@example.com`);
    });
    afterAll(() => t?.close());
    beforeEach(async () => {
      await clearRules(t);
      await emptyCart(ann);
    });

    for (const k of CASES.filter((k) => Boolean(k.inclusive) === inclusive)) {
      it(k.name, async () => {
        for (const { model, data } of k.rules(c)) {
          const { _categories, ...fields } = data as { _categories?: string[] };
          const made = await create(t, model, fields);
          for (const categoryId of _categories ?? [])
            await create(t, "ecommerce/discount-codes-to-categories", { discountCodeId: made.id, categoryId });
        }
        const orderIds = await fill(ann, k.lines(c));
        const address = k.address ?? BERLIN;
        const options = (await quoteOf(ann, orderIds, { shippingAddress: { country: address.country } }))
          .shippingOptions;
        const shippingRateId = k.shipping ? options.find((o: any) => o.title.en === k.shipping).id : undefined;
        const choices = {
          ...(k.codes ? { discountCodes: k.codes } : {}),
          ...(shippingRateId ? { shippingRateId } : {}),
        };
        const quote = await quoteOf(ann, orderIds, { shippingAddress: address, ...choices });
        expect(quote).toMatchObject(k.quote);

        const response = await ann.call({
          method: "POST",
          url: `${ann.base}/orders/checkout`,
          payload: {
            data: {
              provider: "dummy",
              email: `ann-${inclusive}@example.com`,
              shippingAddress: address,
              ...choices,
              billingModule: { currency: { id: c.usd.id } },
              ecommerceModule: { orders: orderIds.map((id) => ({ id })) },
            },
          },
        });
        if (k.refused) {
          expect(response.status).toBe(k.refused[0]);
          expect(JSON.stringify(response.body)).toContain(k.refused[1]);
          return;
        }
        expect(response.status).toBe(200);
        const [invoice] = response.body.data.billingModule.invoices;
        // The provider is asked for the quote's total, and the invoice keeps what it is made of.
        expect(invoice.amount).toBe(quote.total);
        expect(invoice.breakdown).toMatchObject({
          subtotal: quote.subtotal,
          discount: quote.discount,
          shipping: quote.shipping,
          tax: quote.tax,
          total: quote.total,
          appliedCodes: quote.appliedCodes,
        });
      });
    }
  });
}

describe("discount code uses", () => {
  let t: TestApp;
  let c: PricingCatalogue;

  beforeAll(async () => {
    t = await createTestApp();
    c = await pricingCatalogue(t);
  });
  afterAll(() => t?.close());

  it("a per-customer limit: the second order of the same buyer is refused, another buyer's is not", async () => {
    await create(t, "ecommerce/discount-codes", {
      code: "ONCE",
      kind: "percent",
      value: "10",
      usageLimitPerCustomer: 1,
    });
    const bob = await shopper(t, "bob@example.com");
    const first = await fill(bob, [[c.pencil, 1]]);
    await dummyCheckout(t, bob, first, c.usd.id, "bob@example.com", {
      shippingAddress: BERLIN,
      discountCodes: ["ONCE"],
    });
    const second = await fill(bob, [[c.pencil, 2]]);
    expect((await quoteOf(bob, second, { discountCodes: ["once"] })).refusedCodes).toEqual([
      { code: "once", reason: "already-used" },
    ]);
    const eve = await shopper(t, "eve@example.com");
    const hers = await fill(eve, [[c.pencil, 2]]);
    expect((await quoteOf(eve, hers, { discountCodes: ["ONCE"] })).appliedCodes).toEqual(["ONCE"]);
  });

  it("a declined payment gives the use back; a paid one keeps it", async () => {
    const last = await create(t, "ecommerce/discount-codes", {
      code: "LAST",
      kind: "percent",
      value: "10",
      usageLimit: 1,
    });
    const used = async () =>
      (await t.request({ method: "GET", url: `/api/ecommerce/discount-codes/${last.id}` })).body.data.used;
    const dan = await shopper(t, "dan@example.com");
    const lines = await fill(dan, [[c.pencil, 1]]);
    const declined = await dummyCheckout(t, dan, lines, c.usd.id, "dan@example.com", {
      shippingAddress: BERLIN,
      discountCodes: ["LAST"],
    });
    expect(await used()).toBe(1);
    const other = await shopper(t, "other@example.com");
    const otherLines = await fill(other, [[c.pencil, 1]]);
    expect((await quoteOf(other, otherLines, { discountCodes: ["LAST"] })).refusedCodes[0].reason).toBe("used-up");
    expect((await dummyWebhook(t, declined.decline)).status).toBe(200);
    expect(await used()).toBe(0);
    const paid = await dummyCheckout(t, other, otherLines, c.usd.id, "other@example.com", {
      shippingAddress: BERLIN,
      discountCodes: ["LAST"],
    });
    expect((await dummyWebhook(t, paid.pay)).status).toBe(200);
    expect(await used()).toBe(1);
  });

  it("Pay now after a declined payment charges the same codes and delivery again, and takes the use again", async () => {
    await clearRules(t);
    await create(t, "ecommerce/shipping-rates", {
      title: { en: "Standard" },
      countries: ["DE"],
      currencyId: c.usd.id,
      amount: "4.90",
    });
    const again = await create(t, "ecommerce/discount-codes", {
      code: "AGAIN",
      kind: "percent",
      value: "10",
      usageLimit: 5,
    });
    const fay = await shopper(t, "fay@example.com");
    const [orderId] = await fill(fay, [[c.shoes, 1]]);
    const first = await dummyCheckout(t, fay, [orderId!], c.usd.id, "fay@example.com", {
      shippingAddress: BERLIN,
      discountCodes: ["again"],
    });
    expect((await dummyWebhook(t, first.decline)).status).toBe(200);
    const used = async () =>
      (await t.request({ method: "GET", url: `/api/ecommerce/discount-codes/${again.id}` })).body.data.used;
    expect(await used()).toBe(0);
    const paid = await fay.call({ method: "POST", url: `${fay.base}/orders/${orderId}/pay`, payload: { data: {} } });
    expect(paid.status).toBe(200);
    const [invoice] = paid.body.data.billingModule.invoices;
    // 19.99 − 2.00 + 4.90
    expect(invoice.amount).toBe("22.89");
    expect(invoice.breakdown).toMatchObject({ discount: "2.00", shipping: "4.90", appliedCodes: ["AGAIN"] });
    expect(await used()).toBe(1);
  });

  it("two codes differing only in case cannot both exist", async () => {
    await create(t, "ecommerce/discount-codes", { code: "Summer", kind: "percent", value: "5" });
    const again = await t.request({
      method: "POST",
      url: "/api/ecommerce/discount-codes",
      payload: { data: { code: "SUMMER", kind: "percent", value: "5" } },
    });
    expect(again.status).toBe(409);
  });
});

async function quoteOf(s: Shopper, orderIds: string[], extra: Record<string, unknown> = {}) {
  const { status, body } = await s.call({
    method: "POST",
    url: `${s.base}/orders/quote`,
    payload: { data: { ecommerceModule: { orders: orderIds.map((id) => ({ id })) }, ...extra } },
  });
  if (status !== 200) throw new Error(`quote: ${status} ${JSON.stringify(body)}`);
  return body.data;
}
