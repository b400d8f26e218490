import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { shopper } from "../ecommerce/shop-fixture.js";

const DUMMY_SECRET = "dummy secret for the stock pages, 32+ characters";
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));

// The demo mug's page as stock moves: the rendered page is
// cached, so every way the count changes — the owner's edit, a checkout's reservation, a
// declined payment's release, Pay now's new reservation, the owner canceling an order — must drop it.
// The demo mug ships (products.shipping = required), so its checkout carries an address.
const ADDRESS = { name: "Ann Buyer", line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE" };

describe(`stock on the demo's pages, through the page cache (${testDialect})`, () => {
  let t: TestApp;
  let mug: Record<string, any>;
  const page = async (path = "/ecommerce/products/ceramic-mug") =>
    (await t.app.inject({ method: "GET", url: path })).body as string;
  const badge = (html: string) => /data-stock="(\w+)"/.exec(html)?.[1];
  const availability = (html: string) => jsonLd(html)[0].offers[0].availability;
  const setStock = async (stock: number | null) =>
    expect(
      (await t.request({ method: "PATCH", url: `/api/ecommerce/products/${mug.id}`, payload: { data: { stock } } }))
        .status,
    ).toBe(200);

  beforeAll(async () => {
    t = await createTestApp({
      seedDemoContent: true,
      publicUrl: "https://shop.example.com",
      paymentDummySecret: DUMMY_SECRET,
    });
    mug = (
      await t.request({
        method: "GET",
        url: "/api/ecommerce/products?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=ceramic-mug",
      })
    ).body.data[0];
  });
  afterAll(() => t?.close());

  it("the demo counts the mug's stock only: 12, no badge, InStock", async () => {
    expect(mug.stock).toBe(12);
    const others = (await t.request({ method: "GET", url: "/api/ecommerce/products?limit=100" })).body.data.filter(
      (p: any) => p.id !== mug.id,
    );
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((p: any) => p.stock === null)).toBe(true);
    const html = await page();
    expect(badge(html)).toBeUndefined();
    expect(availability(html)).toBe("https://schema.org/InStock");
  });

  it("the owner's edit, a checkout, a decline and a cancel each show on the cached pages at once", async () => {
    await page();
    await page("/ru/products");
    await setStock(2);
    let html = await page();
    expect(badge(html)).toBe("low");
    expect(html).toContain("Only 2 left");
    expect(await page("/ru/products")).toContain("Осталось 2 шт.");

    // A buyer checks out both: the page says sold out, in both languages, and the offer OutOfStock.
    const ann = await shopper(t, "ann@example.com");
    const added = await ann.call({
      method: "POST",
      url: `${ann.base}/orders`,
      payload: { data: { productId: mug.id, quantity: 2 } },
    });
    const orderId = added.body.data.subjectsToEcommerceModuleOrders[0].order.id;
    const checkout = await ann.call({
      method: "POST",
      url: `${ann.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "ann@example.com",
          shippingAddress: ADDRESS,
          ecommerceModule: { orders: [{ id: orderId }] },
        },
      },
    });
    expect(checkout.status).toBe(200);
    html = await page();
    expect(badge(html)).toBe("out");
    expect(html).toContain("Out of stock");
    expect(availability(html)).toBe("https://schema.org/OutOfStock");
    expect(await page("/ru/ecommerce/products/ceramic-mug")).toContain("Нет в наличии");
    expect(await page("/ru/products")).toContain("Нет в наличии");

    // Declined: the two are back.
    const invoice = checkout.body.data.billingModule.invoices[0];
    const token = new URL(invoice.paymentUrl).searchParams.get("token");
    const { decline, pay } = (
      await t.request({
        method: "GET",
        key: null,
        url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`,
      })
    ).body.data.actions;
    expect(decline.signature).toBe(createHmac("sha256", DUMMY_SECRET).update(decline.body).digest("hex"));
    await t.request({
      method: "POST",
      key: null,
      url: "/api/billing/payment-intents/dummy/webhook",
      headers: { "content-type": "application/json", "x-dummy-signature": decline.signature },
      payload: decline.body,
    });
    expect(badge(await page())).toBe("low");
    expect(pay).toBeDefined();

    // Pay now from the orders list takes them again; bought for real this time, then canceled by
    // the owner: back again once the status job ran.
    const again = await ann.call({ method: "POST", url: `${ann.base}/orders/${orderId}/pay` });
    expect(badge(await page())).toBe("out");
    const second = again.body.data.billingModule.invoices[0];
    const actions = (
      await t.request({
        method: "GET",
        key: null,
        url: `/api/billing/payment-intents/dummy/invoices/${second.id}?token=${new URL(second.paymentUrl).searchParams.get("token")}`,
      })
    ).body.data.actions;
    await t.request({
      method: "POST",
      key: null,
      url: "/api/billing/payment-intents/dummy/webhook",
      headers: { "content-type": "application/json", "x-dummy-signature": actions.pay.signature },
      payload: actions.pay.body,
    });
    expect(badge(await page())).toBe("out");
    expect(
      (
        await t.request({
          method: "PATCH",
          url: `/api/ecommerce/orders/${orderId}`,
          payload: { data: { status: "canceled" } },
        })
      ).status,
    ).toBe(200);
    await t.app.notifications.flush();
    html = await page();
    expect(badge(html)).toBe("low");
    expect(html).toContain("Only 2 left");
  });
});
