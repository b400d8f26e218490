import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register } from "../rbac/helpers.js";
import {
  addToCart,
  catalogue,
  create,
  dummyCheckout,
  dummyWebhook,
  shopper,
  type Catalogue,
  type Shopper,
} from "./shop-fixture.js";

const DESK = "/api/ecommerce/orders/desk";
const ADDRESS = { name: "Ann Example", line1: "1 Main Street", city: "Berlin", postalCode: "10115", country: "DE" };

// The order desk's read model and order page (docs/shop.md "The order desk"): one query per page of orders,
// searchable by the number in the customer's mail, each order's timeline, resend receipt.
describe(`the order desk, on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;
  let lamp: Record<string, any>;

  /** Ann buys `quantity` lamps (shipped to ADDRESS) with the dummy provider and pays: the order's id. */
  const placeOrder = async (quantity = 1, email = "ann@example.com", pay = true) => {
    const order = await addToCart(ann, lamp.id, quantity);
    const actions = await dummyCheckout(t, ann, [order.id], c.usd.id, email, { shippingAddress: ADDRESS });
    if (pay) expect((await dummyWebhook(t, actions.pay)).status).toBe(200);
    return order.id as string;
  };
  const desk = async (query = "") => {
    const response = await t.request({ method: "GET", url: `${DESK}${query}` });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as { rows: any[]; total: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
    const key = await create(t, "ecommerce/attribute-keys", {
      adminTitle: "Lamp price",
      type: "price",
      field: "number",
    });
    lamp = await create(t, "ecommerce/products", {
      adminTitle: "Desk lamp",
      title: { en: "Desk lamp", ru: "Настольная лампа" },
      shipping: "required",
    });
    const attribute = await create(t, "ecommerce/attributes", { number: "19.99", string: {} });
    await create(t, "ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
    await create(t, "ecommerce/attributes-to-billing-module-currencies", {
      attributeId: attribute.id,
      billingModuleCurrencyId: c.usd.id,
    });
    await create(t, "ecommerce/products-to-attributes", { productId: lamp.id, attributeId: attribute.id });
  });
  afterAll(() => t?.close());

  it("an order shows its mail's number, customer, lines, exact total, paid amount, provider, status and address; the number finds it", async () => {
    const id = await placeOrder(3, "ann.buyer@example.com");
    await placeOrder(1, "someone.else@example.com");
    const number = id.slice(0, 8);
    const found = await desk(`?search=${number}`);
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({
      id,
      number,
      status: "approving",
      customer: { email: "ann.buyer@example.com", name: "Ann Example" },
      lines: [{ title: "Desk lamp", quantity: 3 }],
      total: "59.97",
      currency: { code: "USD", symbol: "$", decimals: 2 },
      paid: "59.97",
      refunded: "0.00",
      provider: "dummy",
      shippingAddress: ADDRESS,
    });
    expect((await desk(`?search=%23${number}&language=ru`)).rows[0].lines).toEqual([
      { title: "Настольная лампа", quantity: 3 },
    ]);
    // The customer's mail shows the same number.
    await t.app.notifications.flush();
    const mails = await t.request({
      method: "GET",
      url: `/api/notification/notifications?filters[and][0][column]=recipient&filters[and][0][method]=eq&filters[and][0][value]=ann.buyer@example.com`,
    });
    expect(mails.body.data.map((m: any) => m.data.orderNumber)).toContain(number);
    expect((await desk("?search=ANN.BUYER")).rows.map((r) => r.id)).toEqual([id]);
    expect((await desk("?search=Ann Example")).total).toBeGreaterThanOrEqual(2);
  });

  it("filters by status and date; an unpaid order shows nothing paid; a cart is not on the desk", async () => {
    const unpaid = await placeOrder(1, "unpaid@example.com", false);
    const cart = await addToCart(ann, c.pencil.id, 1);
    const paying = await desk("?status=paying");
    expect(paying.rows.map((r) => r.id)).toContain(unpaid);
    expect(paying.rows.every((r) => r.status === "paying")).toBe(true);
    expect(paying.rows.find((r) => r.id === unpaid)).toMatchObject({
      total: "19.99",
      paid: "0.00",
      invoice: { status: "new" },
    });
    expect((await desk("?limit=200")).rows.map((r) => r.id)).not.toContain(cart.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await desk(`?from=${today}&to=${today}`)).total).toBe((await desk()).total);
    expect((await desk("?to=2000-01-01")).total).toBe(0);
    const bad = await t.request({ method: "GET", url: `${DESK}?status=lost&from=yesterday` });
    expect(bad.status).toBe(400);
    expect(bad.body.cause.map((c: any) => c.path).sort()).toEqual(["/from", "/status"]);
  });

  it("a page is ONE query whatever its size: 20 orders and 200 orders cost the same", async () => {
    // 200 checked-out orders with a line, an invoice and a customer each, written through the bulk routes.
    const existing = (await desk()).total;
    const make = async (n: number) => {
      const orders = (
        await t.request({
          method: "POST",
          url: "/api/ecommerce/orders/bulk",
          payload: {
            data: Array.from({ length: n }, (_, i) => ({
              type: "history",
              status: "approving",
              email: `bulk${i}@example.com`,
            })),
          },
        })
      ).body.data;
      await t.request({
        method: "POST",
        url: "/api/ecommerce/orders-to-products/bulk",
        payload: { data: orders.map((o: any) => ({ orderId: o.id, productId: lamp.id, quantity: 2 })) },
      });
      const intents = (
        await t.request({
          method: "POST",
          url: "/api/billing/payment-intents/bulk",
          payload: { data: orders.map(() => ({ amount: "39.98", status: "succeeded", type: "one_off" })) },
        })
      ).body.data;
      const invoices = (
        await t.request({
          method: "POST",
          url: "/api/billing/invoices/bulk",
          payload: {
            data: orders.map(() => ({ amount: "39.98", status: "paid", provider: "dummy", currency: "USD" })),
          },
        })
      ).body.data;
      await t.request({
        method: "POST",
        url: "/api/billing/payment-intents-to-invoices/bulk",
        payload: { data: intents.map((p: any, i: number) => ({ paymentIntentId: p.id, invoiceId: invoices[i].id })) },
      });
      await t.request({
        method: "POST",
        url: "/api/ecommerce/orders-to-billing-module-payment-intents/bulk",
        payload: {
          data: orders.map((o: any, i: number) => ({ orderId: o.id, billingModulePaymentIntentId: intents[i].id })),
        },
      });
      await t.request({
        method: "POST",
        url: "/api/ecommerce/orders-to-billing-module-currencies/bulk",
        payload: { data: orders.map((o: any) => ({ orderId: o.id, billingModuleCurrencyId: c.usd.id })) },
      });
    };
    const count = async (limit: number) => {
      let least = Infinity;
      let body: any;
      for (let i = 0; i < 3; i++) {
        await t.app.notifications.flush();
        const before = t.database.queryCount();
        body = await desk(`?limit=${limit}`);
        least = Math.min(least, t.database.queryCount() - before);
      }
      return { queries: least, body };
    };
    await make(Math.max(0, 20 - existing));
    const twenty = await count(20);
    await make(200);
    const twoHundred = await count(200);
    expect(twenty.body.rows).toHaveLength(20);
    expect(twoHundred.body.rows).toHaveLength(200);
    expect(twoHundred.body.rows.every((r: any) => r.lines.length === 1 && r.total !== null && r.customer.email)).toBe(
      true,
    );
    // Quoted in docs/shop.md: one statement for 20 orders, one for 200.
    expect(twenty.queries).toBe(1);
    expect(twoHundred.queries).toBe(1);
  });

  it("the order page: its timeline has the status changes, the invoice, the provider's notification and the mails; resend receipt mails it again", async () => {
    const id = await placeOrder(1, "timeline@example.com");
    await t.app.notifications.flush();
    const page = await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}/desk` });
    expect(page.status).toBe(200);
    const kinds = page.body.data.timeline.map((e: any) => (e.kind === "status" ? `status:${e.from}->${e.to}` : e.kind));
    expect(kinds).toEqual(
      expect.arrayContaining([
        "created",
        "status:new->paying",
        "status:paying->approving",
        "invoice",
        "webhook",
        "mail",
      ]),
    );
    expect(page.body.data.canRefund).toBe(true);
    const mails = (
      await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}/desk` })
    ).body.data.timeline.filter((e: any) => e.kind === "mail" && e.recipient === "timeline@example.com");
    const resent = await t.request({ method: "POST", url: `/api/ecommerce/orders/${id}/resend-receipt` });
    expect(resent.status).toBe(200);
    await t.app.notifications.flush();
    const after = (
      await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}/desk` })
    ).body.data.timeline.filter((e: any) => e.kind === "mail" && e.recipient === "timeline@example.com");
    expect(after).toHaveLength(mails.length + 1);
    const all = (await t.request({ method: "GET", url: `/api/notification/notifications?limit=500` })).body.data.filter(
      (n: any) => n.data?.orderId === id && n.recipient === "timeline@example.com",
    );
    expect(all.at(-1).data.receiptUrl).toMatch(/^http/);
    // The owner changes the status as today (the generic PATCH): recorded in the timeline, the customer mailed.
    expect(
      (
        await t.request({
          method: "PATCH",
          url: `/api/ecommerce/orders/${id}`,
          payload: { data: { status: "packaging" } },
        })
      ).status,
    ).toBe(200);
    await t.app.notifications.flush();
    const timeline = (await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}/desk` })).body.data.timeline;
    expect(timeline.some((e: any) => e.kind === "status" && e.to === "packaging")).toBe(true);
    expect(timeline.filter((e: any) => e.kind === "mail" && e.recipient === "timeline@example.com")).toHaveLength(
      after.length + 1,
    );
    // An unpaid order has no receipt to send.
    const unpaid = await placeOrder(1, "unpaid2@example.com", false);
    expect((await t.request({ method: "POST", url: `/api/ecommerce/orders/${unpaid}/resend-receipt` })).status).toBe(
      409,
    );
  });

  it("only admins: a visitor 401, a member 403, an unknown order 404", async () => {
    const member = await register(t, "member@example.com");
    expect((await t.request({ method: "GET", key: null, url: DESK })).status).toBe(401);
    expect((await as(t, member)({ method: "GET", url: DESK })).status).toBe(403);
    const id = (await desk()).rows[0].id;
    expect((await as(t, member)({ method: "GET", url: `/api/ecommerce/orders/${id}/desk` })).status).toBe(403);
    expect((await as(t, member)({ method: "POST", url: `/api/ecommerce/orders/${id}/refund` })).status).toBe(403);
    expect(
      (await t.request({ method: "GET", url: `/api/ecommerce/orders/00000000-0000-4000-8000-000000000000/desk` }))
        .status,
    ).toBe(404);
  });
});
