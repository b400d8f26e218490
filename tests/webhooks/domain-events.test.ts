import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { write } from "../site/fixtures.js";
import {
  addToCart,
  catalogue,
  type Catalogue,
  dummyCheckout,
  dummyWebhook,
  shopper,
} from "../ecommerce/shop-fixture.js";
import { Receiver } from "./receiver.js";
import { createWebhook, settled } from "./helpers.js";

// The shop's and the CRM's own events (docs/webhooks.md "Events"): a paid order, a refund that
// cancels it, an unpaid order the sweep cancels, a form's new request. Each reaches a receiver
// on 127.0.0.1 signed (the `standardwebhooks` package verifies it) with the record as its readers
// see it; a webhook hears only the events it subscribed to.
const environment = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "10ms,10ms,10ms" };

describe(`the shop's and the CRM's webhook events, on ${testDialect}`, () => {
  const receiver = new Receiver();
  let t: TestApp;
  let c: Catalogue;
  let orders: any;
  let requests: any;

  /** The verified messages' bodies, in the order they came. */
  const bodies = () =>
    receiver.received.map((message) => {
      expect(message.verified, message.body).toMatchObject({ ok: true });
      return JSON.parse(message.body);
    });

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ environment });
    c = await catalogue(t);
    orders = await createWebhook(t, { title: "Accounting", url: receiver.url, events: ["ecommerce.order.*"] });
    requests = await createWebhook(t, { title: "Sales CRM", url: receiver.url, events: ["crm.request.created"] });
    receiver.secrets = [orders.secret, requests.secret];
  });
  beforeEach(() => receiver.reset());
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  test("a paid order: ecommerce.order.paid with the order; a full refund then sends refunded and canceled", async () => {
    const buyer = await shopper(t, "paid-hook@example.com");
    const line = await addToCart(buyer, c.shoes.id, 1);
    const { pay } = await dummyCheckout(t, buyer, [line.id], c.usd.id, "paid-hook@example.com");
    expect((await dummyWebhook(t, pay)).status).toBe(200);
    await settled(t, orders.id);
    expect(bodies().map((b) => [b.type, b.data.id, b.data.status])).toEqual([
      ["ecommerce.order.paid", line.id, "approving"],
    ]);
    expect(JSON.stringify(bodies()[0].data)).not.toMatch(/password|secret/i);

    receiver.reset();
    const refund = await t.request({ method: "POST", url: `/api/ecommerce/orders/${line.id}/refund` });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await settled(t, orders.id);
    // Two deliveries of one change: they may arrive in either order.
    expect(
      bodies()
        .map((b) => [b.type, b.data.id, b.data.status])
        .sort(),
    ).toEqual([
      ["ecommerce.order.canceled", line.id, "canceled"],
      ["ecommerce.order.refunded", line.id, "canceled"],
    ]);
  });

  test("a declined payment sends nothing; an order left unpaid past its age is canceled by the sweep, which sends ecommerce.order.canceled", async () => {
    const buyer = await shopper(t, "unpaid-hook@example.com");
    const line = await addToCart(buyer, c.pencil.id, 1);
    const { decline } = await dummyCheckout(t, buyer, [line.id], c.usd.id, "unpaid-hook@example.com");
    expect((await dummyWebhook(t, decline)).status).toBe(200);
    await t.app.notifications.flush();
    expect(receiver.received).toEqual([]);

    await sql`UPDATE ecommerce_orders SET "updatedAt" = now() - interval '100 hours' WHERE id = ${line.id}`.execute(
      t.database.db,
    );
    expect(await t.app.shop.unpaid.expire(t.app.shop.config.unpaidOrderMaxAgeHours * 3_600_000)).toBe(1);
    await settled(t, orders.id);
    expect(bodies().map((b) => [b.type, b.data.id, b.data.status])).toEqual([
      ["ecommerce.order.canceled", line.id, "canceled"],
    ]);
  });

  test("a form's submission: crm.request.created with the request and its form, to the webhook that asked for it only", async () => {
    const form = await write(t, (create) => create("crm/forms", { slug: "quote-request" }));
    const data = { name: "Ada", email: "ada@example.com", message: "A quote for 40 mugs" };
    const posted = await t.request({
      method: "POST",
      url: `/api/crm/forms/${form.id}/requests`,
      key: null,
      payload: { data },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const [delivery] = await settled(t, requests.id);
    expect(delivery).toMatchObject({ eventType: "crm.request.created", state: "succeeded" });
    expect(bodies()).toEqual([
      {
        type: "crm.request.created",
        timestamp: expect.any(String),
        data: expect.objectContaining({ id: posted.body.data.id, formId: form.id, payload: data }),
      },
    ]);
    // The orders' webhook did not subscribe to it: one message came, and its log has none.
    const ordersLog = await t.request({ method: "GET", url: `/api/admin/webhooks/${orders.id}/deliveries` });
    expect(ordersLog.body.data.map((d: any) => d.eventType)).not.toContain("crm.request.created");
  });
});
