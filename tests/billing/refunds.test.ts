import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialect } from "../helpers/test-app.js";
import { checkOut, notify, PUBLIC_URL, shopWith, WEBHOOK, type Shop } from "./billing-fixture.js";
import { startProviderServer, type ProviderServer } from "./provider-server.js";
import {
  cloudPaymentsRefund,
  newLedger,
  payselectionRefund,
  refundedUnits,
  stripeRefund,
  type RefundLedger,
} from "./refund-peers.js";

const STRIPE = { secretKey: "sk_test_refunds_loopback", webhookSecret: "whsec_refunds_loopback" };
const CLOUD = { publicId: "pk_cloud_refunds", apiSecret: "cloud refunds secret" };
const TIPTOP = { publicId: "pk_tiptop_refunds", apiSecret: "tiptop refunds secret" };
const PAYSELECTION = {
  siteId: "20003",
  secretKey: "payselection refunds secret",
  requestSignatureKey: "secret",
  requestSignatureUrl: "path",
} as const;

/** Each provider: how its peer writes an amount ("10.00" → its form) and reads it back in minor units. */
const FORMS: Record<string, { sent: (amount: string) => string; minor: (amount: string) => number }> = {
  stripe: { sent: (a) => String(Math.round(Number(a) * 100)), minor: Number },
  cloudpayments: { sent: (a) => a, minor: (a) => Math.round(Number(a) * 100) },
  tiptoppay: { sent: (a) => a, minor: (a) => Math.round(Number(a) * 100) },
  payselection: { sent: (a) => a, minor: (a) => Math.round(Number(a) * 100) },
};

// Refunds from the order desk through each provider's refund API (docs/payments.md "Refunds"), against
// loopback peers that speak it: the amount in the provider's form, whole or partial, refused
// above what is left, never twice (an Idempotency-Key, or the same request after a lost answer),
// and a full refund cancels the order, gives its stock back and mails the customer.
describe(`refunds through each provider, on ${testDialect}`, () => {
  const servers: Record<string, ProviderServer> = {};
  const ledgers: Record<string, RefundLedger> = {
    stripe: newLedger(),
    cloudpayments: newLedger(),
    tiptoppay: newLedger(),
    payselection: newLedger(),
  };
  let shop: Shop;
  let sessions = 0;

  beforeAll(async () => {
    servers.stripe = await startProviderServer("stripe", (request, server) => {
      const refund = stripeRefund(ledgers.stripe!, request, STRIPE.secretKey);
      if (refund) return refund;
      const id = `cs_test_refund_${++sessions}`;
      return {
        body: JSON.stringify({
          id,
          object: "checkout.session",
          payment_status: "unpaid",
          status: "open",
          url: `${server.url}/pay/${id}`,
        }),
      };
    });
    for (const [name, set] of [
      ["cloudpayments", CLOUD],
      ["tiptoppay", TIPTOP],
    ] as const) {
      servers[name] = await startProviderServer(name, (request, server) => {
        const refund = cloudPaymentsRefund(ledgers[name]!, request, set.publicId, set.apiSecret);
        if (refund) return refund;
        const id = randomUUID().slice(0, 8);
        return { body: JSON.stringify({ Success: true, Model: { Id: id, Url: `${server.url}/pay/${id}` } }) };
      });
    }
    servers.payselection = await startProviderServer("payselection", (request, server) => {
      const refund = payselectionRefund(ledgers.payselection!, request, PAYSELECTION);
      if (refund) return refund;
      return { body: JSON.stringify(`${server.url}/pay/${JSON.parse(request.body).PaymentRequest.OrderId}`) };
    });
    shop = await shopWith({
      paymentProviders: {
        stripe: { ...STRIPE, apiUrl: servers.stripe.url },
        cloudpayments: { ...CLOUD, apiUrl: servers.cloudpayments!.url },
        tiptoppay: { ...TIPTOP, apiUrl: servers.tiptoppay!.url },
        payselection: { ...PAYSELECTION, webformUrl: servers.payselection.url, apiUrl: servers.payselection.url },
      },
    });
    // Tracked stock, so a full refund's release shows.
    expect(
      (
        await shop.t.request({
          method: "PATCH",
          url: `/api/ecommerce/products/${shop.c.shoes.id}`,
          payload: { data: { stock: 100 } },
        })
      ).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await shop?.t.close();
    for (const server of Object.values(servers)) await server.close();
  });

  /** The provider's "paid" notification for the invoice, signed as it signs them; the payment's id at the provider. */
  async function pay(provider: string, invoice: Record<string, any>): Promise<string> {
    const t = shop.t;
    if (provider === "stripe") {
      const payment = `pi_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
      const body = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, "")}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            object: "checkout.session",
            id: invoice.providerId,
            client_reference_id: invoice.id,
            payment_status: "paid",
            amount_total: 3998,
            currency: "usd",
            payment_intent: payment,
          },
        },
      });
      const time = Math.floor(Date.now() / 1000);
      const signature = `t=${time},v1=${createHmac("sha256", STRIPE.webhookSecret).update(`${time}.${body}`).digest("hex")}`;
      expect(
        (await notify(t, "stripe", body, { "content-type": "application/json", "stripe-signature": signature })).status,
      ).toBe(200);
      return payment;
    }
    if (provider === "cloudpayments" || provider === "tiptoppay") {
      const payment = String(Math.floor(Math.random() * 1e9));
      const body = new URLSearchParams({
        TransactionId: payment,
        Amount: "39.98",
        Currency: "USD",
        InvoiceId: invoice.id,
        Status: "Completed",
        OperationType: "Payment",
      }).toString();
      const secret = provider === "cloudpayments" ? CLOUD.apiSecret : TIPTOP.apiSecret;
      const hmac = createHmac("sha256", secret).update(body).digest("base64");
      expect(
        (
          await notify(
            t,
            provider,
            body,
            { "content-type": "application/x-www-form-urlencoded", "content-hmac": hmac },
            "?type=pay",
          )
        ).body,
      ).toEqual({ code: 0 });
      return payment;
    }
    if (provider === "payselection") {
      const payment = `PS${Math.floor(Math.random() * 1e12)}`;
      const body = JSON.stringify({
        Event: "Payment",
        TransactionId: payment,
        OrderId: invoice.id,
        Amount: "39.98",
        Currency: "USD",
        DateTime: "16.09.2019 16.52.41",
        IsTest: 1,
      });
      const signature = createHmac("sha256", PAYSELECTION.secretKey)
        .update(["POST", `${PUBLIC_URL}${WEBHOOK("payselection")}`, PAYSELECTION.siteId, body].join("\n"))
        .digest("hex");
      expect(
        (
          await notify(t, provider, body, {
            "content-type": "application/json",
            "x-site-id": PAYSELECTION.siteId,
            "x-webhook-signature": signature,
          })
        ).status,
      ).toBe(200);
      return payment;
    }
    // dummy: its payment page's Pay, as the page posts it.
    const token = new URL(invoice.paymentUrl, "http://localhost").searchParams.get("token");
    const page = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`,
    });
    const action = page.body.data.actions.pay;
    expect(
      (
        await t.request({
          method: "POST",
          key: null,
          url: WEBHOOK("dummy"),
          headers: { "content-type": "application/json", "x-dummy-signature": action.signature },
          payload: action.body,
        })
      ).status,
    ).toBe(200);
    return `dummy_${invoice.id}`;
  }

  /** Two pairs of shoes (39.98 USD) checked out with the provider and paid. */
  async function paidOrder(provider: string) {
    const { invoice, order } = await checkOut(shop, provider);
    expect(invoice, `checkout with ${provider}`).toBeDefined();
    const payment = await pay(provider, invoice);
    return { orderId: order.id as string, invoiceId: invoice.id as string, payment };
  }
  const refund = (orderId: string, data?: Record<string, unknown>, key?: string) =>
    shop.t.request({
      method: "POST",
      url: `/api/ecommerce/orders/${orderId}/refund`,
      headers: key ? { "idempotency-key": key } : {},
      ...(data ? { payload: { data } } : {}),
    });
  const invoiceOf = async (id: string) =>
    (await shop.t.request({ method: "GET", url: `/api/billing/invoices/${id}` })).body.data;
  const orderOf = async (id: string) =>
    (await shop.t.request({ method: "GET", url: `/api/ecommerce/orders/${id}` })).body.data;
  const stock = async () =>
    (await shop.t.request({ method: "GET", url: `/api/ecommerce/products/${shop.c.shoes.id}` })).body.data
      .stock as number;

  describe.each(["stripe", "cloudpayments", "tiptoppay", "payselection", "dummy"])("%s", (provider) => {
    const ledger = () => ledgers[provider];
    const form = FORMS[provider];

    it("a partial refund sends the amount in the provider's form and records it exactly; the order stays paid", async () => {
      const { orderId, invoiceId, payment } = await paidOrder(provider);
      const response = await refund(orderId, { amount: "10.5" }, `partial-${orderId}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data.refund).toMatchObject({ amount: "10.50", status: "succeeded" });
      expect(response.body.data.order).toMatchObject({ status: "approving", paid: "39.98", refunded: "10.50" });
      expect(await invoiceOf(invoiceId)).toMatchObject({
        status: "paid",
        refundedAmount: "10.50",
        providerPaymentId: payment,
      });
      if (form) {
        const sent = ledger()!.requests.at(-1)!;
        if (provider === "stripe") {
          const body = new URLSearchParams(sent.body);
          expect([body.get("payment_intent"), body.get("amount")]).toEqual([payment, "1050"]);
          expect(sent.headers["idempotency-key"]).toBe(`refund-${response.body.data.refund.id}`);
        } else if (provider === "payselection") {
          expect(JSON.parse(sent.body)).toMatchObject({ TransactionId: payment, Amount: "10.50", Currency: "USD" });
          expect(sent.headers["x-request-id"]).toBe(`refund-${response.body.data.refund.id}`);
        } else {
          expect(sent.body).toContain('"Amount":10.50');
          expect(JSON.parse(sent.body).TransactionId).toBe(Number(payment));
          expect(sent.headers["x-request-id"]).toBe(`refund-${response.body.data.refund.id}`);
        }
        expect(refundedUnits(ledger()!, payment, form.minor)).toBe(1050);
      }
    });

    it("more than what is left is a 400 and nothing is sent; the rest, asked with no amount, is a full refund that cancels the order, gives its stock back and mails the customer", async () => {
      const before = await stock();
      const { orderId, invoiceId, payment } = await paidOrder(provider);
      expect(await stock()).toBe(before - 2);
      expect((await refund(orderId, { amount: "30" })).status).toBe(200);
      const sentBefore = ledger()?.requests.length;
      const above = await refund(orderId, { amount: "9.99" });
      expect(above.status).toBe(400);
      expect(above.body.message).toContain("9.99 is more than the 9.98 left to refund");
      expect((await refund(orderId, { amount: 5 })).status).toBe(400); // a JSON number is not an amount
      expect((await refund(orderId, { amount: "0.001" })).status).toBe(400);
      expect(ledger()?.requests.length).toBe(sentBefore);
      const rest = await refund(orderId);
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.data.refund.amount).toBe("9.98");
      expect(await invoiceOf(invoiceId)).toMatchObject({ status: "refunded", refundedAmount: "39.98" });
      expect(await orderOf(orderId)).toMatchObject({ type: "history", status: "canceled" });
      expect(await stock()).toBe(before);
      if (form) expect(refundedUnits(ledger()!, payment, form.minor)).toBe(3998);
      await shop.t.app.notifications.flush();
      const mails = (
        await shop.t.request({ method: "GET", url: "/api/notification/notifications?limit=500" })
      ).body.data.filter((n: any) => n.data?.orderId === orderId && n.recipient === "ann@example.com");
      expect(mails.map((m: any) => m.data.status)).toContain("canceled");
      // Nothing is left: another refund is a 409.
      expect((await refund(orderId, { amount: "0.01" })).status).toBe(409);
    });

    it("idempotent: the same Idempotency-Key answers the same refund and the provider is not asked again", async () => {
      const { orderId, invoiceId, payment } = await paidOrder(provider);
      const key = `twice-${orderId}`;
      const first = await refund(orderId, { amount: "5.00" }, key);
      const sent = ledger()?.requests.length;
      const again = await refund(orderId, { amount: "5.00" }, key);
      expect(again.status).toBe(200);
      expect(again.body.data.refund.id).toBe(first.body.data.refund.id);
      expect(ledger()?.requests.length).toBe(sent);
      expect((await invoiceOf(invoiceId)).refundedAmount).toBe("5.00");
      if (form) expect(refundedUnits(ledger()!, payment, form.minor)).toBe(500);
      // A whole refund asked twice (a double click, no key): the second finds the first.
      const whole = await refund(orderId);
      const wholeAgain = await refund(orderId);
      expect(wholeAgain.body.data.refund.id).toBe(whole.body.data.refund.id);
      expect((await invoiceOf(invoiceId)).refundedAmount).toBe("39.98");
    });

    if (provider !== "dummy") {
      it("the provider refunded but its answer was lost: 502 and the refund stays pending; the same request again completes it, refunded once", async () => {
        const { orderId, invoiceId, payment } = await paidOrder(provider);
        // The stripe package itself retries once with the same key: lose both answers.
        ledger()!.loseAnswers = provider === "stripe" ? 2 : 1;
        const lost = await refund(orderId, { amount: "20.00" });
        expect(lost.status).toBe(502);
        expect(lost.body.message).toContain("repeat the same request");
        expect((await invoiceOf(invoiceId)).refundedAmount ?? null).toBeNull();
        // Another refund waits for that one.
        expect((await refund(orderId, { amount: "1.00" })).status).toBe(409);
        const retried = await refund(orderId, { amount: "20.00" });
        expect(retried.status, JSON.stringify(retried.body)).toBe(200);
        expect((await invoiceOf(invoiceId)).refundedAmount).toBe("20.00");
        expect(refundedUnits(ledger()!, payment, form!.minor)).toBe(2000);
      });

      it("a refund the provider refuses is failed (502 naming its answer), nothing recorded on the invoice, and may be asked again", async () => {
        const { orderId, invoiceId } = await paidOrder(provider);
        ledger()!.refuseNext = true;
        const refused = await refund(orderId, { amount: "3.00" });
        expect(refused.status).toBe(502);
        expect(refused.body.message).toContain("refused the refund");
        expect((await invoiceOf(invoiceId)).refundedAmount ?? null).toBeNull();
        expect((await refund(orderId, { amount: "3.00" })).status).toBe(200);
        expect((await invoiceOf(invoiceId)).refundedAmount).toBe("3.00");
      });
    }
  });

  it("a provider without a refund API (0xprocessing) is a clear 409; an unpaid order has nothing to refund", async () => {
    const t = shop.t;
    const post = async (model: string, data: unknown) =>
      (await t.request({ method: "POST", url: `/api/${model}`, payload: { data } })).body.data;
    const order = await post("ecommerce/orders", { type: "history", status: "approving", email: "crypto@example.com" });
    const intent = await post("billing/payment-intents", { amount: "39.98", status: "succeeded", type: "one_off" });
    const invoice = await post("billing/invoices", {
      amount: "39.98",
      status: "paid",
      provider: "0xprocessing",
      currency: "USD",
    });
    await post("billing/payment-intents-to-invoices", { paymentIntentId: intent.id, invoiceId: invoice.id });
    await post("ecommerce/orders-to-billing-module-payment-intents", {
      orderId: order.id,
      billingModulePaymentIntentId: intent.id,
    });
    const refused = await refund(order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Conflict error: 0xprocessing has no refund API: give the money back in its own dashboard",
    );
    const { order: unpaid } = await checkOut(shop, "dummy");
    expect((await refund(unpaid.id)).status).toBe(409);
  });
});
