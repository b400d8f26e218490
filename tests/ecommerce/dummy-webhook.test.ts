import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, shopper, type Catalogue, type Shopper } from "./shop-fixture.js";

const WEBHOOK = "/api/billing/payment-intents/dummy/webhook";
const DUMMY_SECRET = "dummy secret for the tests, 32+ characters long";

// The dummy provider end to end: the payment page's data behind its link's token, Pay and
// Decline posted to the webhook route every provider uses, signed and verified before anything
// is looked up; replays and out-of-order events change nothing.
describe("dummy provider and the webhook route", () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;

  const state = async (invoiceId: string) => {
    const invoice = (await t.request({ method: "GET", url: `/api/billing/invoices/${invoiceId}` })).body.data;
    const history = (await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data;
    const cart = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data;
    const intents = (await t.request({ method: "GET", url: `/api/billing/payment-intents?limit=100` })).body.data;
    return {
      invoice: invoice.status,
      history: history.map((o: any) => o.status),
      cart: cart.length,
      intents: intents.map((i: any) => i.status).sort(),
    };
  };
  /** A checkout of a fresh cart order and its payment page's data, read anonymously with the link's token. */
  const checkedOut = async () => {
    const order = await addToCart(ann, c.shoes.id, 2);
    const { body } = await ann.call({
      method: "POST",
      url: `${ann.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "ann@example.com",
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: [{ id: order.id }] },
        },
      },
    });
    const invoice = body.data.billingModule.invoices[0];
    const link = new URL(invoice.paymentUrl, "http://site.test");
    const page = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${link.searchParams.get("token")}`,
    });
    return { order, invoice, link, page };
  };
  const post = (payload: string, signature?: string) =>
    t.request({
      method: "POST",
      key: null,
      url: WEBHOOK,
      headers: {
        "content-type": "application/json",
        ...(signature === undefined ? {} : { "x-dummy-signature": signature }),
      },
      payload,
    });
  const sign = (body: string) => createHmac("sha256", DUMMY_SECRET).update(body).digest("hex");

  beforeAll(async () => {
    t = await createTestApp({ paymentDummySecret: DUMMY_SECRET });
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
  });
  afterAll(() => t?.close());

  it("the payment page's data: amount, currency, lines and two signed actions, for the link's token only", async () => {
    const { invoice, page } = await checkedOut();
    expect(page.status).toBe(200);
    expect(page.body.data.invoice).toMatchObject({
      id: invoice.id,
      amount: "39.98",
      status: "new",
      email: "ann@example.com",
      successUrl: "/cart?payment=paid",
    });
    expect(page.body.data.currency).toMatchObject({ slug: "usd", symbol: "$", decimals: 2 });
    expect(page.body.data.orders[0].ordersToProducts[0]).toMatchObject({ quantity: 2, product: { id: c.shoes.id } });
    expect(JSON.parse(page.body.data.actions.pay.body)).toMatchObject({
      type: "paid",
      invoiceId: invoice.id,
      amount: "39.98",
    });
    const wrong = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${"0".repeat(64)}`,
    });
    expect(wrong.status).toBe(403);
    expect(JSON.stringify(wrong.body)).not.toContain("39.98");
    expect(
      (await t.request({ method: "GET", key: null, url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}` }))
        .status,
    ).toBe(400);
  });

  it("Pay: invoice paid, payment intent succeeded, orders approving; the same notification again changes nothing", async () => {
    const { invoice, page } = await checkedOut();
    const { body, signature } = page.body.data.actions.pay;
    const paid = await post(body, signature);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual({ received: true, outcome: "applied" });
    const after = await state(invoice.id);
    expect(after.invoice).toBe("paid");
    expect(after.history).toContain("approving");
    expect(after.intents).toContain("succeeded");
    const replay = await post(body, signature);
    expect(replay.body.data.outcome).toBe("duplicate");
    expect(await state(invoice.id)).toEqual(after);
    // A decline after paid (a stale page's second button) does not undo it.
    const late = await post(page.body.data.actions.decline.body, page.body.data.actions.decline.signature);
    expect(late.body.data.outcome).toBe("ignored");
    expect(await state(invoice.id)).toEqual(after);
    // Once paid the page offers no actions.
    const reread = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${new URL(invoice.paymentUrl, "http://x").searchParams.get("token")}`,
    });
    expect(reread.body.data).toMatchObject({ invoice: { status: "paid" }, actions: null });
  });

  it("Decline: invoice failed, intent failed, the order unpaid in the orders list; Pay now makes one new invoice, and a late Pay of the declined one approves nothing", async () => {
    const { order, invoice, page } = await checkedOut();
    const { body, signature } = page.body.data.actions.decline;
    expect((await post(body, signature)).body.data.outcome).toBe("applied");
    expect((await t.request({ method: "GET", url: `/api/billing/invoices/${invoice.id}` })).body.data.status).toBe(
      "failed",
    );
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data).toMatchObject({
      type: "history",
      status: "paying",
    });
    const history = (await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data;
    expect(history.find((o: any) => o.id === order.id)).toMatchObject({ status: "paying" });
    // A checkout of it again is refused: it is no longer in the cart; Pay now is the way.
    expect(
      (
        await ann.call({
          method: "POST",
          url: `${ann.base}/orders/checkout`,
          payload: {
            data: { provider: "dummy", email: "ann@example.com", ecommerceModule: { orders: [{ id: order.id }] } },
          },
        })
      ).status,
    ).toBe(409);
    const again = await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/pay` });
    expect(again.status).toBe(200);
    const fresh = again.body.data.billingModule.invoices[0];
    expect(fresh).toMatchObject({ status: "new", amount: "39.98", provider: "dummy", email: "ann@example.com" });
    expect(fresh.id).not.toBe(invoice.id);
    // The declined page's Pay (a second tab): recorded and flagged, the order still waits for the new invoice.
    const late = await post(page.body.data.actions.pay.body, page.body.data.actions.pay.signature);
    expect(late.body.data.outcome).toBe("flagged");
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data).toMatchObject({
      status: "paying",
    });
    const token = new URL(fresh.paymentUrl, "http://site.test").searchParams.get("token");
    const freshPage = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${fresh.id}?token=${token}`,
    });
    expect(
      (await post(freshPage.body.data.actions.pay.body, freshPage.body.data.actions.pay.signature)).body.data.outcome,
    ).toBe("applied");
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data).toMatchObject({
      type: "history",
      status: "approving",
    });
    // Paid: nothing to pay, nothing to take back to the cart.
    expect((await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/pay` })).status).toBe(409);
    expect((await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/back-to-cart` })).status).toBe(409);
  });

  it("Back to cart after the same product was added again: one line with both quantities, the newer cart order gone", async () => {
    const { order, page } = await checkedOut();
    const { decline } = page.body.data.actions;
    expect((await post(decline.body, decline.signature)).body.data.outcome).toBe("applied");
    const added = await addToCart(ann, c.shoes.id, 3);
    expect(added.id).not.toBe(order.id);
    const back = await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/back-to-cart` });
    expect(back.status).toBe(200);
    const cart = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.filter(
      (o: any) => o.type === "cart",
    );
    const shoeLines = cart.flatMap((o: any) =>
      o.ordersToProducts
        .filter((l: any) => l.productId === c.shoes.id)
        .map((l: any) => ({ orderId: o.id, quantity: l.quantity })),
    );
    expect(shoeLines).toEqual([{ orderId: order.id, quantity: 5 }]);
    expect(cart.some((o: any) => o.id === added.id)).toBe(false);
  });

  it("a Pay for an invoice declined earlier never approves the changed cart: the order stays in the cart, the invoice is flagged", async () => {
    const { order, invoice, page } = await checkedOut();
    const { pay, decline } = page.body.data.actions;
    expect((await post(decline.body, decline.signature)).body.data.outcome).toBe("applied");
    // The buyer takes it back to the cart and makes it 500 pairs.
    const back = await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/back-to-cart` });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject([{ id: order.id, type: "cart", status: "new" }]);
    const cartOrder = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.find(
      (o: any) => o.id === order.id,
    );
    const line = cartOrder.ordersToProducts[0];
    expect(
      (
        await ann.call({
          method: "PATCH",
          url: `${ann.base}/orders/${order.id}`,
          payload: { data: { ordersToProducts: [{ id: line.id, quantity: 500 }] } },
        })
      ).status,
    ).toBe(200);
    // The old invoice's genuine, correctly signed Pay arrives (a second tab, a replayed request).
    const late = await post(pay.body, pay.signature);
    expect(late.status).toBe(200);
    expect(late.body.data.outcome).toBe("flagged");
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data).toMatchObject({
      type: "cart",
      status: "new",
    });
    const flagged = (await t.request({ method: "GET", url: `/api/billing/invoices/${invoice.id}` })).body.data;
    expect(flagged.status).toBe("paid");
    expect(flagged.flag).toContain("paid after failed: refund or review");
    // The 500 pairs get an invoice of their own, and only its Pay approves them.
    const again = await ann.call({
      method: "POST",
      url: `${ann.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "ann@example.com",
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: [{ id: order.id }] },
        },
      },
    });
    const fresh = again.body.data.billingModule.invoices[0];
    expect(fresh.amount).toBe("9995.00");
    const token = new URL(fresh.paymentUrl, "http://site.test").searchParams.get("token");
    const freshPage = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${fresh.id}?token=${token}`,
    });
    expect(freshPage.body.data.orders.map((o: any) => o.id)).toEqual([order.id]);
    expect(
      (await post(freshPage.body.data.actions.pay.body, freshPage.body.data.actions.pay.signature)).body.data.outcome,
    ).toBe("applied");
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data).toMatchObject({
      type: "history",
      status: "approving",
    });
  });

  it.each([
    ["unsigned", (body: string) => [body, undefined]],
    [
      "signed with another secret",
      (body: string) => [body, createHmac("sha256", "another secret").update(body).digest("hex")],
    ],
    ["a signature of another body", (body: string) => [body.replace('"paid"', '"refunded"'), sign(body)]],
    ["a truncated signature", (body: string) => [body, sign(body).slice(0, 32)]],
    [
      "stale (signed two hours ago)",
      (body: string) => {
        const old = JSON.stringify({ ...JSON.parse(body), created: Math.floor(Date.now() / 1000) - 7200 });
        return [old, sign(old)];
      },
    ],
    ["signed but not JSON", () => ["paid please", sign("paid please")]],
    [
      "signed but of an unknown kind",
      (body: string) => {
        const odd = JSON.stringify({ ...JSON.parse(body), type: "chargeback" });
        return [odd, sign(odd)];
      },
    ],
  ] as [string, (body: string) => [string, string | undefined]][])(
    "a notification %s is refused with a 400 and changes nothing",
    async (_name, make) => {
      const { invoice, page } = await checkedOut();
      const before = await state(invoice.id);
      const [payload, signature] = make(page.body.data.actions.pay.body);
      const response = await post(payload, signature);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Validation error: notification refused: /);
      expect(await state(invoice.id)).toEqual(before);
    },
  );

  it("a correctly signed notification whose amount is not the invoice's is refused and not recorded", async () => {
    const { invoice, page } = await checkedOut();
    const before = await state(invoice.id);
    const body = JSON.stringify({ ...JSON.parse(page.body.data.actions.pay.body), amount: "0.01" });
    expect((await post(body, sign(body))).status).toBe(400);
    expect(await state(invoice.id)).toEqual(before);
    // The genuine one still works afterwards.
    expect((await post(page.body.data.actions.pay.body, page.body.data.actions.pay.signature)).body.data.outcome).toBe(
      "applied",
    );
  });

  it("refunded after paid: invoice and intent refunded, orders canceled", async () => {
    const { invoice, page } = await checkedOut();
    await post(page.body.data.actions.pay.body, page.body.data.actions.pay.signature);
    const refund = JSON.stringify({
      ...JSON.parse(page.body.data.actions.pay.body),
      id: "evt_refund_1",
      type: "refunded",
    });
    expect((await post(refund, sign(refund))).body.data.outcome).toBe("applied");
    expect((await t.request({ method: "GET", url: `/api/billing/invoices/${invoice.id}` })).body.data.status).toBe(
      "refunded",
    );
  });

  it("an unknown provider's webhook is a 404; a provider without settings too", async () => {
    expect(
      (
        await t.request({
          method: "POST",
          key: null,
          url: "/api/billing/payment-intents/nope/webhook",
          payload: "{}",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: "POST",
          key: null,
          url: "/api/billing/payment-intents/stripe/webhook",
          payload: "{}",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(404);
  });
});
