import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { create, productWithPrices, shopper, type Shopper } from "./shop-fixture.js";
import { BERLIN, clearRules, emptyCart, fill, pricingCatalogue, type PricingCatalogue } from "./pricing-fixture.js";

// The one-step product checkout's quote (docs/shop-pricing.md "The cart's quote and the checkout"):
// the figures a cart of the same line would be quoted, no order made, and the product checkout
// then charges exactly its total.

interface Case {
  name: string;
  product: (c: PricingCatalogue) => Record<string, any>;
  quantity: number;
  /** The store the line is bought from (its own price). */
  store?: boolean;
  codes?: string[];
  quote: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    name: "no rules: price × quantity",
    product: (c) => c.shoes,
    quantity: 2,
    quote: { subtotal: "39.98", shipping: "0.00", tax: "0.00", total: "39.98" },
  },
  {
    name: "delivery, 19% tax and a 10% code",
    product: (c) => c.shoes,
    quantity: 3,
    codes: ["spring10"],
    // 59.97 − 6.00 (10%, 5.997 → 6.00) = 53.97; tax 53.97 × 19% = 10.2543 → 10.25; + 4.90
    quote: { subtotal: "59.97", discount: "6.00", shipping: "4.90", tax: "10.25", total: "69.12" },
  },
  {
    name: "a store's own price",
    product: (c) => c.shoes,
    quantity: 1,
    store: true,
    // 17.49 + 4.90 + 17.49 × 19% (3.3231 → 3.32)
    quote: { subtotal: "17.49", shipping: "4.90", tax: "3.32", total: "25.71" },
  },
];

describe("the one-step product checkout's quote", () => {
  let t: TestApp;
  let c: PricingCatalogue;
  let ann: Shopper;

  beforeAll(async () => {
    t = await createTestApp();
    c = await pricingCatalogue(t);
    ann = await shopper(t, "ann-buy-now@example.com");
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await clearRules(t);
    await emptyCart(ann);
  });

  /** The rules every case but the first runs under: a delivery to Germany, 19% tax and a 10% code. */
  const rules = async () => {
    await create(t, "ecommerce/shipping-rates", {
      title: { en: "Standard" },
      countries: ["DE"],
      currencyId: c.usd.id,
      amount: "4.90",
    });
    await create(t, "ecommerce/tax-rates", { title: { en: "VAT" }, country: "DE", rate: "19", taxShipping: false });
    await create(t, "ecommerce/discount-codes", { code: "SPRING10", kind: "percent", value: "10" });
  };

  for (const k of CASES) {
    it(k.name, async () => {
      if (k !== CASES[0]) await rules();
      const product = k.product(c);
      const choices = {
        quantity: k.quantity,
        ...(k.store ? { storeId: c.store.id } : {}),
        ...(k.codes ? { discountCodes: k.codes } : {}),
        billingModule: { currency: { id: c.usd.id } },
      };
      const quote = await productQuote(ann, product.id, { ...choices, shippingAddress: { country: "DE" } });
      expect(quote).toMatchObject(k.quote);
      expect(quote.lines).toMatchObject([{ id: product.id, productId: product.id, quantity: k.quantity }]);

      // Nothing was made: the cart is as empty as before.
      const cart = await ann.call({ method: "GET", url: `${ann.base}/orders` });
      expect(cart.body.data).toEqual([]);

      // A cart of the same line is quoted the same figures (the store's price aside: a cart line
      // added from the store is priced by it as well).
      if (!k.store) {
        const orderIds = await fill(ann, [[product, k.quantity]]);
        const cartQuote = await cartQuoteOf(ann, orderIds, {
          shippingAddress: { country: "DE" },
          ...(k.codes ? { discountCodes: k.codes } : {}),
        });
        for (const figure of ["subtotal", "discount", "shipping", "tax", "total"])
          expect(cartQuote[figure], figure).toBe(quote[figure]);
        await emptyCart(ann);
      }

      const checkout = await ann.call({
        method: "POST",
        url: `${ann.base}/products/${product.id}/checkout`,
        payload: { data: { ...choices, provider: "dummy", email: "ann-buy-now@example.com", shippingAddress: BERLIN } },
      });
      expect(checkout.status).toBe(200);
      const [invoice] = checkout.body.data.billingModule.invoices;
      expect(invoice.amount).toBe(quote.total);
      expect(invoice.breakdown).toMatchObject({ subtotal: quote.subtotal, tax: quote.tax, total: quote.total });
    });
  }

  it("the shop's default currency when none is asked; delivery options without an address's country", async () => {
    await rules();
    const quote = await productQuote(ann, c.pencil.id, { quantity: 5 });
    expect(quote).toMatchObject({ subtotal: "0.50", tax: "0.00", currency: { id: c.usd.id } });
    expect(quote.shippingOptions).toEqual([]);
  });

  const refusals: [string, (c: PricingCatalogue) => [string, Record<string, unknown>], number, string][] = [
    ["a product with no price in the currency", (c) => [c.freebie.id, {}], 400, "price"],
    [
      "a currency that does not exist",
      (c) => [c.shoes.id, { billingModule: { currency: { id: c.book.id } } }],
      400,
      "does not exist",
    ],
    ["a product that does not exist", (c) => [c.books.id, {}], 404, "not found"],
    ["a store that does not exist", (c) => [c.shoes.id, { storeId: c.books.id }], 404, "not found"],
    ["a quantity of 0", (c) => [c.shoes.id, { quantity: 0 }], 400, "quantity"],
  ];
  for (const [name, make, status, says] of refusals) {
    it(`refuses ${name}: ${status}`, async () => {
      const [productId, body] = make(c);
      const response = await ann.call({
        method: "POST",
        url: `${ann.base}/products/${productId}/quote`,
        payload: { data: body },
      });
      expect(response.status).toBe(status);
      expect(JSON.stringify(response.body).toLowerCase()).toContain(says);
    });
  }

  it("a product taken off the site is not quoted, as its checkout would not sell it", async () => {
    const key = await create(t, "ecommerce/attribute-keys", {
      adminTitle: "Off price",
      type: "price",
      field: "number",
    });
    const gone = await productWithPrices(t, key, "Gone", [[c.usd, "5.00"]]);
    expect((await productQuote(ann, gone.id, {})).total).toBe("5.00");
    const off = await t.request({ method: "POST", url: `/api/ecommerce/products/${gone.id}/unpublish` });
    expect(off.status).toBe(200);
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/products/${gone.id}/quote`,
      payload: { data: {} },
    });
    expect(response.status).toBe(404);
  });

  it("another subject's quote is refused", async () => {
    const bob = await shopper(t, "bob-buy-now@example.com");
    const response = await ann.call({
      method: "POST",
      url: `${bob.base}/products/${c.shoes.id}/quote`,
      payload: { data: {} },
    });
    expect(response.status).toBe(403);
  });
});

async function productQuote(s: Shopper, productId: string, data: Record<string, unknown>) {
  const { status, body } = await s.call({
    method: "POST",
    url: `${s.base}/products/${productId}/quote`,
    payload: { data },
  });
  if (status !== 200) throw new Error(`product quote: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

async function cartQuoteOf(s: Shopper, orderIds: string[], extra: Record<string, unknown>) {
  const { status, body } = await s.call({
    method: "POST",
    url: `${s.base}/orders/quote`,
    payload: { data: { ecommerceModule: { orders: orderIds.map((id) => ({ id })) }, ...extra } },
  });
  if (status !== 200) throw new Error(`quote: ${status} ${JSON.stringify(body)}`);
  return body.data;
}
