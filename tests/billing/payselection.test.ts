import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayselectionSettings } from "../../server/modules/billing/providers/payselection.js";
import {
  checkOut,
  dropDeclined,
  notify,
  PUBLIC_URL,
  shopWith,
  stateOf,
  WEBHOOK,
  type Shop,
} from "./billing-fixture.js";
import { startProviderServer, type ProviderServer } from "./provider-server.js";

/** hex(HMAC-SHA256(key, lines joined by "\n")), as Payselection documents both its signatures. */
const signature = (key: string, ...lines: string[]) => createHmac("sha256", key).update(lines.join("\n")).digest("hex");

describe("Payselection's documented signature vectors", () => {
  it("the webhook and request signatures of the documented formula", () => {
    const body =
      '{"Event":"Payment","TransactionId":"PS00000000000007","OrderId":"inv_1","Amount":"152.12","Currency":"RUB","DateTime":"16.09.2019 16.52.41","IsTest":1}';
    expect(signature("some_key", "POST", "https://example.com/webhook", "20003", body)).toBe(
      "9edaee3e39225377dad23f61e2721517378f56db071f15be532ffef42d6bed55",
    );
    const request =
      '{"PaymentRequest":{"OrderId":"inv_1","Amount":"100.00","Currency":"RUB","Description":"Order inv_1"}}';
    expect(signature("some_key", "POST", "/webpayments/create", "20003", "req-1", request)).toBe(
      "8c0039356455f39ad4742cd10d813b79e7036cf8c30d75193632c26f5f2d17d5",
    );
  });
});

// Payselection and Payselection International: one code path, two credential sets (the second
// signs its requests with the public key over the full URL, the other documented variant).
describe("payselection and payselection-international", () => {
  let server: ProviderServer;
  let shop: Shop;
  const sets: Record<string, Omit<PayselectionSettings, "webformUrl">> = {
    payselection: {
      siteId: "20003",
      secretKey: "site secret key",
      requestSignatureKey: "secret",
      requestSignatureUrl: "path",
    },
    "payselection-international": {
      siteId: "30007",
      secretKey: "international secret",
      publicKey: "international public key",
      requestSignatureKey: "public",
      requestSignatureUrl: "url",
    },
  };

  beforeAll(async () => {
    // The web form API on loopback: POST /webpayments/create, checked as Payselection checks it, answers the payment page URL as a JSON string.
    server = await startProviderServer("payselection", (request, self) => {
      if (request.method !== "POST" || request.path !== "/webpayments/create") return { status: 404, body: "{}" };
      const set = Object.values(sets).find((s) => s.siteId === request.headers["x-site-id"]);
      if (!set) return { status: 401, body: JSON.stringify({ Code: "AccessDenied" }) };
      const key = set.requestSignatureKey === "public" ? set.publicKey! : set.secretKey;
      const url = set.requestSignatureUrl === "url" ? `${self.url}/webpayments/create` : "/webpayments/create";
      const expected = signature(key, "POST", url, set.siteId, String(request.headers["x-request-id"]), request.body);
      if (request.headers["x-request-signature"] !== expected)
        return { status: 401, body: JSON.stringify({ Code: "InvalidSignature" }) };
      return { body: JSON.stringify(`${self.url}/pay/${JSON.parse(request.body).PaymentRequest.OrderId}`) };
    });
    shop = await shopWith({
      paymentProviders: {
        payselection: { ...sets.payselection!, webformUrl: server.url },
        "payselection-international": { ...sets["payselection-international"]!, webformUrl: server.url },
      },
    });
  });
  afterAll(async () => {
    await shop?.t.close();
    await server?.close();
  });

  describe.each(["payselection", "payselection-international"])("%s", (name) => {
    const set = () => sets[name]!;
    /** A notification as Payselection sends it: JSON, X-SITE-ID and X-WEBHOOK-SIGNATURE over the registered webhook URL. */
    const send = (fields: Record<string, unknown>, options: { key?: string; siteId?: string; url?: string } = {}) => {
      const body = JSON.stringify(fields);
      const siteId = options.siteId ?? set().siteId;
      const sig = signature(
        options.key ?? set().secretKey,
        "POST",
        options.url ?? `${PUBLIC_URL}${WEBHOOK(name)}`,
        siteId,
        body,
      );
      return notify(shop.t, name, body, {
        "content-type": "application/json",
        "x-site-id": siteId,
        "x-webhook-signature": sig,
      });
    };
    const event = (invoiceId: string, Event = "Payment", extra: Record<string, unknown> = {}) => ({
      Event,
      TransactionId: `PS${Math.floor(Math.random() * 1e12)}`,
      OrderId: invoiceId,
      Amount: "39.98",
      Currency: "USD",
      DateTime: "16.09.2019 16.52.41",
      IsTest: 1,
      ...extra,
    });
    const checkedOut = async () => {
      const { invoice, intent, order } = await checkOut(shop, name);
      return { invoice, ids: { invoice: invoice.id, intent: intent.id, order: order.id } };
    };

    it('creates the web payment signed as documented (site id, a new request id each time, the signature), amount "39.98", the order\'s currency and our webhook URL', async () => {
      const { response, invoice } = await checkOut(shop, name);
      expect(response.status).toBe(200);
      const sent = server.received.at(-1)!;
      expect(sent.headers["x-site-id"]).toBe(set().siteId);
      expect(sent.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(sent.body)).toEqual({
        MetaData: { PaymentType: "Pay" },
        PaymentRequest: {
          OrderId: invoice.id,
          Amount: "39.98",
          Currency: "USD",
          Description: expect.any(String),
          ExtraData: {
            WebhookUrl: `${PUBLIC_URL}${WEBHOOK(name)}`,
            ReturnUrl: `${PUBLIC_URL}/cart?payment=paid`,
            SuccessUrl: `${PUBLIC_URL}/cart?payment=paid`,
            DeclineUrl: `${PUBLIC_URL}/cart?payment=declined`,
          },
        },
        CustomerInfo: { Email: "ann@example.com" },
      });
      expect(invoice.paymentUrl).toBe(`${server.url}/pay/${invoice.id}`);
      await checkOut(shop, name, shop.c.eur);
      expect(JSON.parse(server.received.at(-1)!.body).PaymentRequest).toMatchObject({
        Amount: "37.00",
        Currency: "EUR",
      });
      expect(server.received.at(-1)!.headers["x-request-id"]).not.toBe(sent.headers["x-request-id"]);
    });

    it("a Payment notification pays; the same again is acknowledged; a late Fail or Cancel never undoes it; Refund cancels the order", async () => {
      const { invoice, ids } = await checkedOut();
      const payment = event(invoice.id);
      expect(await send(payment)).toEqual({ status: 200, body: { received: true } });
      const after = await stateOf(shop.t, ids);
      expect(after).toEqual({ invoice: "paid", flag: null, intent: "succeeded", order: "history/approving" });
      expect((await send(payment)).status).toBe(200);
      await send(event(invoice.id, "Fail"));
      await send(event(invoice.id, "Cancel"));
      await send(event(invoice.id, "Block"));
      expect(await stateOf(shop.t, ids)).toEqual(after);
      await send(event(invoice.id, "Refund"));
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "refunded",
        flag: null,
        intent: "refunded",
        order: "history/canceled",
      });
    });

    it("Fail before payment: failed and the order unpaid in the orders list (Pay now)", async () => {
      const { invoice, ids } = await checkedOut();
      await send(event(invoice.id, "Fail", { ErrorMessage: "Insufficient funds" }));
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "failed",
        flag: null,
        intent: "failed",
        order: "history/paying",
      });
      await dropDeclined(shop, ids.order);
    });

    it("an amount or currency that is not the invoice's flags it and moves nothing", async () => {
      const { invoice, ids } = await checkedOut();
      await send(event(invoice.id, "Payment", { Amount: "39.99" }));
      await send(event(invoice.id, "Payment", { Currency: "RUB" }));
      const state = await stateOf(shop.t, ids);
      expect(state).toMatchObject({ invoice: "new", intent: "open", order: "history/paying" });
      expect(state.flag).toContain("39.98 RUB is not the invoice's 39.98 USD");
    });

    it.each([
      ["unsigned", "unsigned"],
      ["signed with another key", "key"],
      ["signed over another webhook URL", "url"],
      ["from another site id", "site"],
    ])("a notification %s is refused with a 400 and changes nothing", async (_label, how) => {
      const { invoice, ids } = await checkedOut();
      const fields = event(invoice.id);
      const response =
        how === "unsigned"
          ? await notify(shop.t, name, JSON.stringify(fields), {
              "content-type": "application/json",
              "x-site-id": set().siteId,
            })
          : await send(
              fields,
              how === "key"
                ? { key: "wrong key" }
                : how === "url"
                  ? { url: "https://elsewhere.example/webhook" }
                  : { siteId: "99999" },
            );
      expect(response.status).toBe(400);
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "new",
        flag: null,
        intent: "open",
        order: "history/paying",
      });
    });

    it("a genuine notification for an unknown order is acknowledged and changes nothing", async () => {
      expect(await send(event(randomUUID()))).toEqual({ status: 200, body: { received: true } });
    });
  });

  it("a notification of one credential set posted to the other's address is refused (X-SITE-ID picks the set)", async () => {
    const { invoice, intent, order } = await checkOut(shop, "payselection-international");
    const body = JSON.stringify({
      Event: "Payment",
      TransactionId: "PS1",
      OrderId: invoice.id,
      Amount: "39.98",
      Currency: "USD",
    });
    const sig = signature(
      sets["payselection-international"]!.secretKey,
      "POST",
      `${PUBLIC_URL}${WEBHOOK("payselection-international")}`,
      "30007",
      body,
    );
    const response = await notify(shop.t, "payselection", body, {
      "content-type": "application/json",
      "x-site-id": "30007",
      "x-webhook-signature": sig,
    });
    expect(response.status).toBe(400);
    expect((await stateOf(shop.t, { invoice: invoice.id, intent: intent.id, order: order.id })).invoice).toBe("new");
  });
});
