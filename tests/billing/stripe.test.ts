import { createHmac, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecord } from "../helpers/test-app.js";
import { checkOut, dropDeclined, notify, shopWith, stateOf, type Shop } from "./billing-fixture.js";
import { startProviderServer, type ProviderServer } from "./provider-server.js";

const SECRET_KEY = "sk_test_loopback_4eC39HqLyjWDarjtT1zdp7dc";
const WEBHOOK_SECRET = "whsec_loopback_secret";

/** Stripe-Signature as Stripe documents it: t=<unix>,v1=hex(HMAC-SHA256(endpoint secret, t + "." + raw body)). */
const sign = (body: string, t = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

/** A Checkout Session event as Stripe sends it. */
const sessionEvent = (type: string, session: Record<string, unknown>, id = `evt_${randomUUID().replace(/-/g, "")}`) =>
  JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: "checkout.session", payment_status: "paid", ...session } },
  });

describe("stripe", () => {
  let stripe: ProviderServer;
  let shop: Shop;
  let sessions = 0;

  beforeAll(async () => {
    // Stripe's API on loopback: POST /v1/checkout/sessions (form-encoded, Bearer sk_…) answers a session with id and url.
    stripe = await startProviderServer("stripe", (request, server) => {
      if (request.method !== "POST" || request.path !== "/v1/checkout/sessions")
        return {
          status: 404,
          body: JSON.stringify({
            error: {
              type: "invalid_request_error",
              message: `Unrecognized request URL (${request.method}: ${request.path})`,
            },
          }),
        };
      if (request.headers.authorization !== `Bearer ${SECRET_KEY}`)
        return {
          status: 401,
          body: JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }),
        };
      const form = new URLSearchParams(request.body);
      const id = `cs_test_${++sessions}`;
      return {
        body: JSON.stringify({
          id,
          object: "checkout.session",
          mode: form.get("mode"),
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          client_reference_id: form.get("client_reference_id"),
          payment_status: "unpaid",
          status: "open",
          url: `${server.url}/pay/${id}`,
        }),
      };
    });
    shop = await shopWith({
      paymentProviders: { stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url } },
    });
  });
  afterAll(async () => {
    await shop?.t.close();
    await stripe?.close();
  });

  it("creates a Checkout Session with the exact amount in integer minor units, the order's currency, absolute return URLs and an Idempotency-Key per invoice", async () => {
    const { response, invoice } = await checkOut(shop, "stripe");
    expect(response.status).toBe(200);
    const sent = stripe.received.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(sent.headers["idempotency-key"]).toBe(`invoice-${invoice.id}`);
    const form = new URLSearchParams(sent.body);
    expect(form.get("mode")).toBe("payment");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("3998");
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("line_items[0][quantity]")).toBe("1");
    expect(form.get("client_reference_id")).toBe(invoice.id);
    expect(form.get("payment_intent_data[metadata][invoiceId]")).toBe(invoice.id);
    expect(form.get("success_url")).toBe("http://localhost:3000/cart?payment=paid");
    expect(form.get("cancel_url")).toBe("http://localhost:3000/cart?payment=declined");
    expect(invoice).toMatchObject({ provider: "stripe", amount: "39.98", currency: "USD", status: "new" });
    expect(invoice.paymentUrl).toBe(`${stripe.url}/pay/${invoice.providerId}`);
  });

  /** A new currency, and the shoes priced in it by a price attribute (the shop's own tables). */
  async function currencyPricingShoes(
    currency: { slug: string; symbol: string; adminTitle: string; decimals: number },
    price: string,
  ) {
    const create = (model: string, data: unknown) => createRecord(shop.t, `/api/${model}`, data);
    const made = await create("billing/currencies", currency);
    const key = await create("ecommerce/attribute-keys", {
      adminTitle: `${currency.adminTitle} price`,
      type: "price",
      field: "number",
    });
    const attribute = await create("ecommerce/attributes", { number: price, string: {} });
    await create("ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
    await create("ecommerce/attributes-to-billing-module-currencies", {
      attributeId: attribute.id,
      billingModuleCurrencyId: made.id,
    });
    await create("ecommerce/products-to-attributes", { productId: shop.c.shoes.id, attributeId: attribute.id });
    return made;
  }

  it("charges EUR in euro cents, and a zero-decimal currency in whole units", async () => {
    const euro = await checkOut(shop, "stripe", shop.c.eur);
    expect(euro.response.status).toBe(200);
    let form = new URLSearchParams(stripe.received.at(-1)!.body);
    expect([
      form.get("line_items[0][price_data][unit_amount]"),
      form.get("line_items[0][price_data][currency]"),
    ]).toEqual(["3700", "eur"]);
    const yen = await currencyPricingShoes({ slug: "jpy", symbol: "¥", adminTitle: "Yen", decimals: 0 }, "1500");
    const yenCheckout = await checkOut(shop, "stripe", yen, 3);
    expect(yenCheckout.invoice.amount).toBe("4500");
    form = new URLSearchParams(stripe.received.at(-1)!.body);
    expect([
      form.get("line_items[0][price_data][unit_amount]"),
      form.get("line_items[0][price_data][currency]"),
    ]).toEqual(["4500", "jpy"]);
  });

  it("an amount past 2^53 minor units is refused before Stripe is asked (a JSON number would round it), not sent rounded", async () => {
    const franc = await currencyPricingShoes(
      { slug: "chf", symbol: "CHF", adminTitle: "Franc", decimals: 2 },
      "90071992547409.93",
    );
    const asked = stripe.received.length;
    const { response, order } = await checkOut(shop, "stripe", franc); // two at 90071992547409.93
    expect(response.status).toBe(502);
    expect(response.body.message).toContain("180143985094819.86 CHF is more than Stripe can charge");
    expect(stripe.received.length).toBe(asked);
    await shop.ann.call({ method: "DELETE", url: `${shop.ann.base}/orders/${order.id}` });
  });

  it("a Stripe error is a 502: the order back in the cart, the invoice it was asked for failed", async () => {
    stripe.failNext(
      400,
      JSON.stringify({ error: { type: "invalid_request_error", message: "Amount must be at least 50 cents" } }),
    );
    const { response, order } = await checkOut(shop, "stripe");
    expect(response.status).toBe(502);
    expect(response.body.message).toContain("Amount must be at least 50 cents");
    expect((await shop.t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data).toMatchObject(
      { type: "cart", status: "new" },
    );
    const invoiceId = new URLSearchParams(stripe.received.at(-1)!.body).get("client_reference_id");
    expect((await shop.t.request({ method: "GET", url: `/api/billing/invoices/${invoiceId}` })).body.data.status).toBe(
      "failed",
    );
    await shop.ann.call({ method: "DELETE", url: `${shop.ann.base}/orders/${order.id}` });
  });

  describe("webhook", () => {
    const paid = async () => {
      const { invoice, intent, order } = await checkOut(shop, "stripe");
      const ids = { invoice: invoice.id, intent: intent.id, order: order.id };
      const session = {
        id: invoice.providerId,
        amount_total: 3998,
        currency: "usd",
        client_reference_id: invoice.id,
        metadata: { invoiceId: invoice.id },
      };
      return { invoice, ids, session };
    };

    it("checkout.session.completed (paid), signed by the documented formula: invoice paid, intent succeeded, order approving; Stripe gets a 200", async () => {
      const { ids, session } = await paid();
      const body = sessionEvent("checkout.session.completed", session);
      const response = await notify(shop.t, "stripe", body, {
        "content-type": "application/json",
        "stripe-signature": sign(body),
      });
      expect(response).toEqual({ status: 200, body: { received: true } });
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "paid",
        flag: null,
        intent: "succeeded",
        order: "history/approving",
      });
      // Signed by the package's own test helper too (same scheme).
      const other = await paid();
      const second = sessionEvent("checkout.session.completed", other.session);
      const header = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({
        payload: second,
        secret: WEBHOOK_SECRET,
      });
      expect(
        (await notify(shop.t, "stripe", second, { "content-type": "application/json", "stripe-signature": header }))
          .status,
      ).toBe(200);
      expect((await stateOf(shop.t, other.ids)).invoice).toBe("paid");
    });

    it.each([
      ["unsigned", (_body: string) => ({})],
      [
        "signed with another secret",
        (body: string) => ({ "stripe-signature": sign(body, undefined, "whsec_someone_else") }),
      ],
      ["a signature of another body", (body: string) => ({ "stripe-signature": sign(body.replace("3998", "1")) })],
      [
        "stale (signed 10 minutes ago, beyond the 300 s tolerance)",
        (body: string) => ({ "stripe-signature": sign(body, Math.floor(Date.now() / 1000) - 600) }),
      ],
      ["a header without v1", (_body: string) => ({ "stripe-signature": `t=${Math.floor(Date.now() / 1000)}` })],
    ] as [string, (body: string) => Record<string, string>][])(
      "a notification %s is refused with a 400 and changes nothing",
      async (_name, headers) => {
        const { ids, session } = await paid();
        const body = sessionEvent("checkout.session.completed", session);
        const response = await notify(shop.t, "stripe", body, { "content-type": "application/json", ...headers(body) });
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/^Validation error: notification refused/);
        expect(await stateOf(shop.t, ids)).toEqual({
          invoice: "new",
          flag: null,
          intent: "open",
          order: "history/paying",
        });
      },
    );

    it("Stripe's documented worked vector: the formula gives its signature; the package accepts it at its time and the route refuses it now as stale", async () => {
      const body = '{"id":"evt_test_webhook","object":"event"}';
      const v1 = "d95c6b7477fbd7e9f90b1b0ef5f9c7ac25abca5382460e0d988c2b2a5b71b990";
      expect(sign(body, 1700000000, "whsec_test_secret")).toBe(`t=1700000000,v1=${v1}`);
      const webhooks = new Stripe(SECRET_KEY).webhooks;
      expect(
        webhooks.signature!.verifyHeader(
          body,
          `t=1700000000,v1=${v1}`,
          "whsec_test_secret",
          300,
          undefined,
          1700000100,
        ),
      ).toBe(true);
      const vectorShop = await shopWith({
        paymentProviders: { stripe: { secretKey: SECRET_KEY, webhookSecret: "whsec_test_secret", apiUrl: stripe.url } },
      });
      try {
        const response = await notify(vectorShop.t, "stripe", body, {
          "content-type": "application/json",
          "stripe-signature": `t=1700000000,v1=${v1}`,
        });
        expect(response.status).toBe(400);
        expect(response.body.message).toContain("Timestamp outside the tolerance zone");
      } finally {
        await vectorShop.t.close();
      }
    });

    it("a replayed event is acknowledged and changes nothing; a late expired or failed event never undoes paid", async () => {
      const { ids, session } = await paid();
      const body = sessionEvent("checkout.session.completed", session);
      const headers = { "content-type": "application/json", "stripe-signature": sign(body) };
      await notify(shop.t, "stripe", body, headers);
      const after = await stateOf(shop.t, ids);
      expect(await notify(shop.t, "stripe", body, headers)).toEqual({ status: 200, body: { received: true } });
      for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
        const late = sessionEvent(type, session);
        expect(
          (await notify(shop.t, "stripe", late, { "content-type": "application/json", "stripe-signature": sign(late) }))
            .status,
        ).toBe(200);
      }
      expect(await stateOf(shop.t, ids)).toEqual(after);
      const events = await shop.t.database.db
        .selectFrom("billing_webhook_events")
        .select(["eventId", "kind"])
        .where("invoiceId", "=", ids.invoice)
        .execute();
      expect(events.map((e) => e.kind).sort()).toEqual(["canceled", "failed", "paid"]);
    });

    it("an amount or currency that is not the invoice's flags the invoice and moves nothing; the genuine event still counts", async () => {
      const { ids, session } = await paid();
      const short = sessionEvent("checkout.session.completed", { ...session, amount_total: 3997 }, "evt_short");
      expect(
        (await notify(shop.t, "stripe", short, { "content-type": "application/json", "stripe-signature": sign(short) }))
          .status,
      ).toBe(200);
      let state = await stateOf(shop.t, ids);
      expect(state).toMatchObject({ invoice: "new", intent: "open", order: "history/paying" });
      expect(state.flag).toContain("39.97 usd is not the invoice's 39.98 USD");
      const euros = sessionEvent("checkout.session.completed", { ...session, currency: "eur" }, "evt_euros");
      await notify(shop.t, "stripe", euros, { "content-type": "application/json", "stripe-signature": sign(euros) });
      state = await stateOf(shop.t, ids);
      expect(state.invoice).toBe("new");
      expect(state.flag).toContain("39.98 eur is not");
      const genuine = sessionEvent("checkout.session.completed", session);
      await notify(shop.t, "stripe", genuine, {
        "content-type": "application/json",
        "stripe-signature": sign(genuine),
      });
      expect((await stateOf(shop.t, ids)).invoice).toBe("paid");
    });

    it("expired before payment: invoice and intent canceled, the order unpaid in the orders list (Pay now); an unpaid completed session waits", async () => {
      const { ids, session } = await paid();
      const pending = sessionEvent("checkout.session.completed", { ...session, payment_status: "unpaid" });
      expect(
        (
          await notify(shop.t, "stripe", pending, {
            "content-type": "application/json",
            "stripe-signature": sign(pending),
          })
        ).status,
      ).toBe(200);
      expect((await stateOf(shop.t, ids)).invoice).toBe("new");
      const expired = sessionEvent("checkout.session.expired", { ...session, payment_status: "unpaid" });
      await notify(shop.t, "stripe", expired, {
        "content-type": "application/json",
        "stripe-signature": sign(expired),
      });
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "canceled",
        flag: null,
        intent: "canceled",
        order: "history/paying",
      });
      await dropDeclined(shop, ids.order);
    });

    it("async_payment_failed, Back to cart, the cart changed to 500, then the old session's completed: the order stays in the cart and the invoice is flagged", async () => {
      const { ids, session } = await paid();
      const failed = sessionEvent("checkout.session.async_payment_failed", { ...session, payment_status: "unpaid" });
      await notify(shop.t, "stripe", failed, { "content-type": "application/json", "stripe-signature": sign(failed) });
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "failed",
        flag: null,
        intent: "failed",
        order: "history/paying",
      });
      expect(
        (await shop.ann.call({ method: "POST", url: `${shop.ann.base}/orders/${ids.order}/back-to-cart` })).status,
      ).toBe(200);
      const order = (await shop.ann.call({ method: "GET", url: `${shop.ann.base}/orders` })).body.data.find(
        (o: any) => o.id === ids.order,
      );
      const patched = await shop.ann.call({
        method: "PATCH",
        url: `${shop.ann.base}/orders/${ids.order}`,
        payload: { data: { ordersToProducts: [{ id: order.ordersToProducts[0].id, quantity: 500 }] } },
      });
      expect(patched.status).toBe(200);
      // Stripe's genuine, correctly signed completed event for the old session (3998 cents) arrives late.
      const late = sessionEvent("checkout.session.completed", session);
      expect(
        await notify(shop.t, "stripe", late, { "content-type": "application/json", "stripe-signature": sign(late) }),
      ).toEqual({ status: 200, body: { received: true } });
      const state = await stateOf(shop.t, ids);
      expect(state).toMatchObject({ invoice: "paid", intent: "succeeded", order: "cart/new" });
      expect(state.flag).toContain("paid after failed: refund or review");
      await shop.ann.call({ method: "DELETE", url: `${shop.ann.base}/orders/${ids.order}` });
    });

    it("charge.refunded (full) after paid: refunded and the order canceled; a partial refund changes nothing", async () => {
      const { ids, session, invoice } = await paid();
      const body = sessionEvent("checkout.session.completed", session);
      await notify(shop.t, "stripe", body, { "content-type": "application/json", "stripe-signature": sign(body) });
      const charge = (refunded: boolean, amountRefunded: number) =>
        JSON.stringify({
          id: `evt_${randomUUID()}`,
          object: "event",
          type: "charge.refunded",
          data: {
            object: {
              id: "ch_1",
              object: "charge",
              amount: 3998,
              amount_refunded: amountRefunded,
              currency: "usd",
              refunded,
              payment_intent: "pi_1",
              metadata: { invoiceId: invoice.id },
            },
          },
        });
      const partial = charge(false, 1000);
      await notify(shop.t, "stripe", partial, {
        "content-type": "application/json",
        "stripe-signature": sign(partial),
      });
      expect((await stateOf(shop.t, ids)).invoice).toBe("paid");
      const full = charge(true, 3998);
      await notify(shop.t, "stripe", full, { "content-type": "application/json", "stripe-signature": sign(full) });
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "refunded",
        flag: null,
        intent: "refunded",
        order: "history/canceled",
      });
    });

    it("a genuine event for an invoice this shop does not have, or of a type it does not act on, is acknowledged and changes nothing", async () => {
      const unknown = sessionEvent("checkout.session.completed", {
        id: "cs_test_elsewhere",
        amount_total: 3998,
        currency: "usd",
        client_reference_id: randomUUID(),
      });
      expect(
        await notify(shop.t, "stripe", unknown, {
          "content-type": "application/json",
          "stripe-signature": sign(unknown),
        }),
      ).toEqual({ status: 200, body: { received: true } });
      const other = JSON.stringify({
        id: "evt_customer",
        object: "event",
        type: "customer.created",
        data: { object: { id: "cus_1", object: "customer" } },
      });
      expect(
        (await notify(shop.t, "stripe", other, { "content-type": "application/json", "stripe-signature": sign(other) }))
          .status,
      ).toBe(200);
    });
  });
});
