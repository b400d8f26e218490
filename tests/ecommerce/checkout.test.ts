import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, shopper, type Catalogue, type Shopper } from "./shop-fixture.js";

const NO_PRICE = "Product doesn't have price attributes connected to billing module currency";

// Checkout (docs/shop.md): the invoice with the exact amount, orders moved to
// paying, validation, a price-less product, races, Idempotency-Key and provider failures.
describe("checkout", () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;

  const body = (s: Shopper, orderIds: string[], extra: Record<string, unknown> = {}) => ({
    data: {
      provider: "dummy",
      email: s === ann ? "ann@example.com" : "x@example.com",
      billingModule: { currency: { id: c.usd.id } },
      ecommerceModule: { orders: orderIds.map((id) => ({ id })) },
      ...extra,
    },
  });
  const checkout = (
    s: Shopper,
    orderIds: string[],
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => s.call({ method: "POST", url: `${s.base}/orders/checkout`, payload: body(s, orderIds, extra), headers });
  const invoices = async () => (await t.request({ method: "GET", url: "/api/billing/invoices?limit=100" })).body.data;
  const order = async (id: string) =>
    (await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}` })).body.data;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: "https://shop.example.com" });
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
  });
  afterAll(() => t?.close());

  it("checks out two cart orders: one invoice and intent with the exact amount, orders paying, linked to both", async () => {
    const shoes = await addToCart(ann, c.shoes.id, 3);
    const pencils = await addToCart(ann, c.pencil.id, 7);
    const response = await checkout(ann, [shoes.id, pencils.id]);
    expect(response.status).toBe(200);
    const { billingModule, ecommerceModule } = response.body.data;
    const [invoice] = billingModule.invoices;
    // 3 × 19.99 + 7 × 0.10
    expect(invoice).toMatchObject({ amount: "60.67", status: "new", provider: "dummy", email: "ann@example.com" });
    // Absolute, from PUBLIC_URL: a frontend on another origin can follow it.
    expect(invoice.paymentUrl).toMatch(
      new RegExp(`^https://shop\\.example\\.com/billing/dummy/pay/${invoice.id}\\?token=[0-9a-f]{64}$`),
    );
    expect(billingModule.paymentIntents[0]).toMatchObject({ amount: "60.67", status: "open" });
    expect(ecommerceModule.orders.map((o: any) => [o.type, o.status])).toEqual([
      ["history", "paying"],
      ["history", "paying"],
    ]);
    const links = (await t.request({ method: "GET", url: `/api/ecommerce/orders-to-billing-module-payment-intents` }))
      .body.data;
    expect(links.map((l: any) => l.orderId).sort()).toEqual([shoes.id, pencils.id].sort());
    const currencies = (await t.request({ method: "GET", url: `/api/ecommerce/orders-to-billing-module-currencies` }))
      .body.data;
    expect(currencies.every((l: any) => l.billingModuleCurrencyId === c.usd.id)).toBe(true);
    // Paying orders have left the cart; as past orders they count in the checkout's currency only.
    expect((await ann.call({ method: "GET", url: `${ann.base}/orders/quantity` })).body.data).toBe(0);
    const history = (await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data;
    expect(history.find((o: any) => o.id === shoes.id).total).toEqual([
      { total: "59.97", billingModuleCurrency: expect.objectContaining({ slug: "usd" }) },
    ]);
  });

  it.each([
    ["a provider not in the list", { provider: "paypal" }, "Invalid provider"],
    ["an invalid email", { email: "not-an-email" }, "/email must be a valid email"],
    [
      "a currency id that is not an id",
      { billingModule: { currency: { id: "usd" } } },
      "/billingModule/currency/id must be a currency's id",
    ],
    [
      "a currency that does not exist",
      { billingModule: { currency: { id: "00000000-0000-4000-8000-000000000000" } } },
      "does not exist",
    ],
    ["no orders", { ecommerceModule: {} }, "ecommerceModule/orders is required"],
    ["an empty orders list", { ecommerceModule: { orders: [] } }, "/ecommerceModule/orders"],
    ["an order without id", { ecommerceModule: { orders: [{}] } }, "id is required"],
    ["a return URL on another site", { successUrl: "//evil.example/" }, "must be a path of this site"],
    // Browsers drop the tab and read "\\" as "/": both are "//evil.example", another host.
    ["a return URL with a tab", { successUrl: "/\t/evil.example" }, "must be a path of this site"],
    ["a cancel URL with a backslash", { cancelUrl: "/\\evil.example" }, "must be a path of this site"],
  ])("refuses %s with a 400 and leaves the order in the cart", async (_name, extra, message) => {
    const cartOrder = await addToCart(ann, c.shoes.id);
    const response = await checkout(ann, [cartOrder.id], extra);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect(await order(cartOrder.id)).toMatchObject({ type: "cart", status: "new" });
    await ann.call({ method: "DELETE", url: `${ann.base}/orders/${cartOrder.id}` });
  });

  // The original client sends no currency, or `{}`, until one is chosen.
  it.each([
    ["the cart checkout, billingModule left out", "cart", { billingModule: undefined }],
    ["the cart checkout, billingModule {}", "cart", { billingModule: {} }],
    ["the cart checkout, currency {}", "cart", { billingModule: { currency: {} } }],
    ["one order's checkout, currency {}", "order", { billingModule: { currency: {} } }],
    ["the product checkout, billingModule left out", "product", {}],
    ["the product checkout, currency {}", "product", { billingModule: { currency: {} } }],
  ] as const)("%s charges the default currency", async (_name, kind, extra) => {
    const cartOrder = await addToCart(ann, c.shoes.id, 2);
    const payer = { provider: "dummy", email: "ann@example.com", ...extra };
    const response =
      kind === "cart"
        ? await checkout(ann, [cartOrder.id], extra)
        : kind === "order"
          ? await ann.call({
              method: "POST",
              url: `${ann.base}/orders/${cartOrder.id}/checkout`,
              payload: { data: payer },
            })
          : await ann.call({
              method: "POST",
              url: `${ann.base}/products/${c.shoes.id}/checkout`,
              payload: { data: { ...payer, quantity: 2 } },
            });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.billingModule.currency).toMatchObject({ id: c.usd.id, isDefault: true });
    expect(response.body.data.billingModule.invoices[0]).toMatchObject({ amount: "39.98", status: "new" });
    if (kind === "product") await ann.call({ method: "DELETE", url: `${ann.base}/orders/${cartOrder.id}` });
  });

  it("a product with no price in the currency gets the original system's message; nothing is made", async () => {
    const before = (await invoices()).length;
    const euros = await addToCart(ann, c.pencil.id);
    const response = await checkout(ann, [euros.id], { billingModule: { currency: { id: c.eur.id } } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Validation error: ${NO_PRICE}`);
    const freebie = await addToCart(ann, c.freebie.id);
    expect((await checkout(ann, [freebie.id])).body.message).toBe(`Validation error: ${NO_PRICE}`);
    expect((await invoices()).length).toBe(before);
    expect(await order(euros.id)).toMatchObject({ type: "cart", status: "new" });
  });

  it("a provider without settings here is a 400; the cart checkout's default provider is stripe", async () => {
    const cartOrder = await addToCart(ann, c.shoes.id);
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/orders/checkout`,
      payload: {
        data: {
          email: "ann@example.com",
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: [{ id: cartOrder.id }] },
        },
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain("payment provider stripe is not configured");
  });

  it("a provider failure is a 502: the orders back in the cart, the invoice and intent failed and unlinked from them", async () => {
    const cartOrder = await addToCart(ann, c.pencil.id);
    const response = await checkout(ann, [cartOrder.id], { email: "ann@decline.invalid" });
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^Payment provider error: dummy: /);
    expect(await order(cartOrder.id)).toMatchObject({ type: "cart", status: "new" });
    // The provider was asked (step 2 runs after step 1 committed): the invoice it was asked for stays, failed.
    const failed = (await invoices()).find((i: any) => i.email === "ann@decline.invalid");
    expect([failed?.status, failed?.paymentUrl ?? null]).toEqual(["failed", null]);
    const links = (
      await t.request({ method: "GET", url: `/api/ecommerce/orders-to-billing-module-payment-intents?limit=100` })
    ).body.data;
    expect(links.some((l: any) => l.orderId === cartOrder.id)).toBe(false);
    // The one-step product checkout's own order goes with it, as before.
    const before = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.length;
    const product = await ann.call({
      method: "POST",
      url: `${ann.base}/products/${c.shoes.id}/checkout`,
      payload: { data: { email: "ann@decline.invalid" } },
    });
    expect(product.status).toBe(502);
    expect((await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.length).toBe(before);
    await ann.call({ method: "DELETE", url: `${ann.base}/orders/${cartOrder.id}` });
  });

  it("two checkouts of the same orders at the same moment make one invoice; both answer it", async () => {
    const bea = await shopper(t, "bea@example.com");
    const orders = [await addToCart(bea, c.shoes.id), await addToCart(bea, c.pencil.id, 3)];
    const before = (await invoices()).length;
    const answers = await Promise.all([
      checkout(
        bea,
        orders.map((o) => o.id),
      ),
      checkout(
        bea,
        orders.map((o) => o.id),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const ids = answers.map((a) => a.body.data.billingModule.invoices[0].id);
    expect(ids[0]).toBe(ids[1]);
    expect((await invoices()).length).toBe(before + 1);
    // Again later, with another currency: a conflict, not a second invoice.
    const other = await checkout(
      bea,
      orders.map((o) => o.id),
      { billingModule: { currency: { id: c.eur.id } } },
    );
    expect(other.status).toBe(409);
    expect((await invoices()).length).toBe(before + 1);
  });

  it("an Idempotency-Key replays the first answer; the same key with another body is a conflict", async () => {
    const cy = await shopper(t, "cy@example.com");
    const first = await addToCart(cy, c.shoes.id);
    const headers = { "idempotency-key": "checkout-1" };
    const answer = await checkout(cy, [first.id], {}, headers);
    expect(answer.status).toBe(200);
    const replay = await checkout(cy, [first.id], {}, headers);
    expect(replay).toEqual(answer);
    const second = await addToCart(cy, c.pencil.id);
    const reused = await checkout(cy, [second.id], {}, headers);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toContain("Idempotency-Key");
    expect(await order(second.id)).toMatchObject({ type: "cart", status: "new" });
    // Keys are per subject: another subject's same key is its own.
    const dee = await shopper(t, "dee@example.com");
    const deeOrder = await addToCart(dee, c.pencil.id);
    expect((await checkout(dee, [deeOrder.id], {}, headers)).status).toBe(200);
  });

  it("an order of another subject is a 404 and nothing changes", async () => {
    const eve = await shopper(t, "eve@example.com");
    const annOrder = await addToCart(ann, c.shoes.id);
    const response = await eve.call({
      method: "POST",
      url: `${eve.base}/orders/checkout`,
      payload: body(eve, [annOrder.id]),
    });
    expect(response.status).toBe(404);
    expect(await order(annOrder.id)).toMatchObject({ type: "cart", status: "new" });
    expect(
      (await eve.call({ method: "POST", url: `${ann.base}/orders/checkout`, payload: body(eve, [annOrder.id]) }))
        .status,
    ).toBe(403);
  });

  it("checks out one order by its own route, in the default currency when none is named", async () => {
    const fay = await shopper(t, "fay@example.com");
    const cartOrder = await addToCart(fay, c.pencil.id, 3);
    const response = await fay.call({
      method: "POST",
      url: `${fay.base}/orders/${cartOrder.id}/checkout`,
      payload: { data: { provider: "dummy", email: "fay@example.com" } },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.billingModule.invoices[0].amount).toBe("0.30");
    expect(response.body.data.billingModule.currency.id).toBe(c.usd.id);
  });

  it("one-step product checkout: provider dummy and the default currency by default, quantity, store price and comment", async () => {
    const url = `${ann.base}/products/${c.shoes.id}/checkout`;
    const response = await ann.call({
      method: "POST",
      url,
      payload: { data: { email: "ann@example.com", quantity: 2, storeId: c.store.id, comment: "Gift wrap, please" } },
    });
    expect(response.status).toBe(200);
    const { billingModule, ecommerceModule } = response.body.data;
    expect(billingModule.invoices[0]).toMatchObject({ provider: "dummy", amount: "34.98" });
    expect(ecommerceModule.orders[0]).toMatchObject({
      type: "history",
      status: "paying",
      comment: "Gift wrap, please",
    });
    const euro = await ann.call({
      method: "POST",
      url,
      payload: { data: { email: "ann@example.com", billingModule: { currency: { id: c.eur.id } } } },
    });
    expect(euro.body.data.billingModule.invoices[0].amount).toBe("18.50");
  });

  it.each([
    ["a zero quantity", { quantity: 0 }, "/quantity must be a positive integer"],
    ["an invalid provider", { provider: "cash" }, "Invalid provider"],
    ["no email", { email: undefined }, "email is required"],
  ])("product checkout refuses %s with a 400 and makes no order", async (_name, extra, message) => {
    const before = (await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data.length;
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/products/${c.shoes.id}/checkout`,
      payload: { data: { email: "ann@example.com", ...extra } },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect((await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data.length).toBe(before);
  });

  it("product checkout of a price-less product makes no order", async () => {
    const before = (await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data.length;
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/products/${c.freebie.id}/checkout`,
      payload: { data: { email: "ann@example.com" } },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Validation error: ${NO_PRICE}`);
    expect((await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data.length).toBe(before);
    expect(
      (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.some(
        (o: any) => o.ordersToProducts[0].productId === c.freebie.id,
      ),
    ).toBe(true);
  });
});
