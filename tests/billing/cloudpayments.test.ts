import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CloudPaymentsProvider } from "../../server/modules/billing/providers/cloudpayments.js";
import { checkOut, dropDeclined, notify, shopWith, stateOf, type Shop } from "./billing-fixture.js";
import { startProviderServer, type ProviderServer } from "./provider-server.js";

/** Content-HMAC as CloudPayments documents it: base64(HMAC-SHA256(API secret, raw body)). */
const hmac = (secret: string, body: string) => createHmac("sha256", secret).update(body, "utf8").digest("base64");

/** The published vector (the k0va1/tiptoppay library's webhook spec): secret "pass", this form body. */
const PUBLISHED_BODY =
  "TransactionId=666&Amount=123.00&Currency=RUB&PaymentAmount=123.00&PaymentCurrency=RUB&InvoiceId=1234567&AccountId=user%40example.com&SubscriptionId=&Name=VLADIMIR+KOCHNEV&Email=user%40example.com&DateTime=2015-11-17+14%3a51%3a20&IpAddress=127.0.0.1&IpCountry=RU&IpCity=%d0%a1%d0%b0%d0%bd%d0%ba%d1%82-%d0%9f%d0%b5%d1%82%d0%b5%d1%80%d0%b1%d1%83%d1%80%d0%b3&IpRegion=%d0%a1%d0%b0%d0%bd%d0%ba%d1%82-%d0%9f%d0%b5%d1%82%d0%b5%d1%80%d0%b1%d1%83%d1%80%d0%b3&IpDistrict=%d0%a1%d0%b5%d0%b2%d0%b5%d1%80%d0%be-%d0%97%d0%b0%d0%bf%d0%b0%d0%b4%d0%bd%d1%8b%d0%b9+%d1%84%d0%b5%d0%b4%d0%b5%d1%80%d0%b0%d0%bb%d1%8c%d0%bd%d1%8b%d0%b9+%d0%be%d0%ba%d1%80%d1%83%d0%b3&IpLatitude=59.939000&IpLongitude=30.315800&CardFirstSix=411111&CardLastFour=1111&CardType=Visa&CardExpDate=01%2f19&Issuer=&IssuerBankCountry=&Description=%d0%9e%d0%bf%d0%bb%d0%b0%d1%82%d0%b0+%d0%b2+example.com&AuthCode=DEADBEEF&Token=1234567890&TestMode=1&Status=Completed";

const SETTINGS = {
  cloudpayments: { publicId: "pk_cloud_loopback", apiSecret: "cloud api secret" },
  tiptoppay: { publicId: "pk_tiptop_loopback", apiSecret: "tiptop api secret" },
} as const;

describe("CloudPayments' documented Content-HMAC vectors", () => {
  it("the published form body and the computed JSON body give the documented signatures", () => {
    expect(hmac("pass", PUBLISHED_BODY)).toBe("tJW02TMAce4Em8eJTNqjhOax+BYRM5K2D8mX9xsmUUc=");
    expect(hmac("pass", '{"a":1}')).toBe("ZewmHCjasFpyVFY+7sT10OSULDsJz4kL+2+U0tihpeE=");
  });

  it("the provider accepts the published notification with its signature and refuses the library's invalid one", () => {
    const provider = new CloudPaymentsProvider(
      "cloudpayments",
      { publicId: "x", apiSecret: "pass", apiUrl: "http://127.0.0.1:1" },
      { publicUrl: "http://localhost:3000", production: false },
    );
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      "content-hmac": "tJW02TMAce4Em8eJTNqjhOax+BYRM5K2D8mX9xsmUUc=",
    };
    expect(
      provider.verifyWebhook(
        Buffer.from(PUBLISHED_BODY),
        headers,
        "/api/billing/payment-intents/cloudpayments/webhook?type=pay",
      ),
    ).toEqual({
      kind: "paid",
      invoiceId: "1234567",
      eventId: "pay:666",
      amount: "123.00",
      currency: "RUB",
      // The paying transaction, which a refund names.
      paymentId: "666",
    });
    expect(() =>
      provider.verifyWebhook(
        Buffer.from(PUBLISHED_BODY),
        { ...headers, "content-hmac": "6sUXv4W0wmhfpkkDtp+3Hw/M8deAPkMRVV3OWANcqro=" },
        "/x?type=pay",
      ),
    ).toThrow(/Content-HMAC is wrong/);
  });
});

// CloudPayments and TipTopPay (its fork): one protocol, each with its own credentials and address.
describe.each(["cloudpayments", "tiptoppay"] as const)("%s", (name) => {
  let server: ProviderServer;
  let shop: Shop;
  const { publicId, apiSecret } = SETTINGS[name];

  beforeAll(async () => {
    // The API on loopback: POST /orders/create with Basic auth answers { Success, Message, Model: { Id, Number, Url } }.
    server = await startProviderServer(name, (request, self) => {
      if (request.method !== "POST" || request.path !== "/orders/create") return { status: 404, body: "{}" };
      if (request.headers.authorization !== `Basic ${Buffer.from(`${publicId}:${apiSecret}`).toString("base64")}`)
        return { status: 401, body: "" };
      const order = JSON.parse(request.body);
      const id = randomUUID().replace(/-/g, "").slice(0, 16);
      return {
        body: JSON.stringify({
          Success: true,
          Message: null,
          Model: {
            Id: id,
            Number: self.received.length,
            Amount: order.Amount,
            Currency: order.Currency,
            Email: order.Email,
            Url: `${self.url}/pay/${id}`,
          },
        }),
      };
    });
    shop = await shopWith({ paymentProviders: { [name]: { publicId, apiSecret, apiUrl: server.url } } });
  });
  afterAll(async () => {
    await shop?.t.close();
    await server?.close();
  });

  /** A notification as the provider sends it: form-urlencoded, signed with Content-HMAC. */
  const send = (type: string, fields: Record<string, string>, secret = apiSecret) => {
    const body = new URLSearchParams(fields).toString();
    return notify(
      shop.t,
      name,
      body,
      {
        "content-type": "application/x-www-form-urlencoded",
        "content-hmac": hmac(secret, body),
        "x-content-hmac": hmac(secret, decodeURIComponent(body)),
      },
      `?type=${type}`,
    );
  };
  const payment = (invoiceId: string, extra: Record<string, string> = {}) => ({
    TransactionId: String(Math.floor(Math.random() * 1e9)),
    Amount: "39.98",
    Currency: "USD",
    InvoiceId: invoiceId,
    AccountId: "ann@example.com",
    Email: "ann@example.com",
    DateTime: "2025-01-01 10:00:00",
    OperationType: "Payment",
    Status: "Completed",
    TestMode: "1",
    ...extra,
  });
  const checkedOut = async () => {
    const { invoice, intent, order } = await checkOut(shop, name);
    return { invoice, ids: { invoice: invoice.id, intent: intent.id, order: order.id } };
  };

  it("creates the order over /orders/create with Basic auth, the amount as the invoice's decimal, the order's currency and absolute return URLs", async () => {
    const { response, invoice } = await checkOut(shop, name);
    expect(response.status).toBe(200);
    const sent = server.received.at(-1)!;
    expect(sent.headers["content-type"]).toBe("application/json");
    // CloudPayments' idempotency header: a retried create never makes a second order.
    expect(sent.headers["x-request-id"]).toBe(`invoice-${invoice.id}`);
    expect(sent.body).toContain('"Amount":39.98');
    expect(JSON.parse(sent.body)).toMatchObject({
      Amount: 39.98,
      Currency: "USD",
      InvoiceId: invoice.id,
      Email: "ann@example.com",
      SuccessRedirectUrl: "http://localhost:3000/cart?payment=paid",
      FailRedirectUrl: "http://localhost:3000/cart?payment=declined",
    });
    expect(invoice.paymentUrl).toBe(`${server.url}/pay/${invoice.providerId}`);
    const euros = await checkOut(shop, name, shop.c.eur);
    expect(JSON.parse(server.received.at(-1)!.body)).toMatchObject({ Amount: 37, Currency: "EUR" });
    expect(server.received.at(-1)!.body).toContain('"Amount":37.00');
    expect(euros.invoice.currency).toBe("EUR");
  });

  it("a refused order (Success false) is a 502 and nothing is kept", async () => {
    server.failNext(200, JSON.stringify({ Success: false, Message: "Invalid currency" }));
    const { response, order } = await checkOut(shop, name);
    expect(response.status).toBe(502);
    expect(response.body.message).toContain("Invalid currency");
    expect((await shop.t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data.type).toBe(
      "cart",
    );
    await shop.ann.call({ method: "DELETE", url: `${shop.ann.base}/orders/${order.id}` });
  });

  it("Check answers the documented codes: 10 unknown invoice, 12 wrong amount or currency, 0 payable, 13 once paid", async () => {
    const { invoice, ids } = await checkedOut();
    expect((await send("check", payment(randomUUID()))).body).toEqual({ code: 10 });
    expect((await send("check", payment("not-an-invoice-id"))).body).toEqual({ code: 10 });
    expect((await send("check", payment(invoice.id, { Amount: "39.97" }))).body).toEqual({ code: 12 });
    expect((await send("check", payment(invoice.id, { Currency: "RUB" }))).body).toEqual({ code: 12 });
    expect((await send("check", payment(invoice.id))).body).toEqual({ code: 0 });
    // A Check changes nothing.
    expect(await stateOf(shop.t, ids)).toEqual({ invoice: "new", flag: null, intent: "open", order: "history/paying" });
    expect((await send("pay", payment(invoice.id))).body).toEqual({ code: 0 });
    expect((await send("check", payment(invoice.id))).body).toEqual({ code: 13 });
  });

  it("Pay: paid, answered {code:0}; the same Pay again is acknowledged and ignored; a late Fail never undoes it", async () => {
    const { invoice, ids } = await checkedOut();
    const pay = payment(invoice.id);
    expect(await send("pay", pay)).toEqual({ status: 200, body: { code: 0 } });
    const after = await stateOf(shop.t, ids);
    expect(after).toEqual({ invoice: "paid", flag: null, intent: "succeeded", order: "history/approving" });
    expect(await send("pay", pay)).toEqual({ status: 200, body: { code: 0 } });
    expect(
      (await send("fail", payment(invoice.id, { Status: "Declined", Reason: "InsufficientFunds", ReasonCode: "5051" })))
        .body,
    ).toEqual({ code: 0 });
    expect(await stateOf(shop.t, ids)).toEqual(after);
  });

  it("Fail: invoice failed, the order unpaid in the orders list (Pay now); a JSON notification is read the same way", async () => {
    const { invoice, ids } = await checkedOut();
    const body = JSON.stringify({
      ...payment(invoice.id, { Status: "Declined", Reason: "InsufficientFunds" }),
      Amount: 39.98,
      ReasonCode: 5051,
    });
    const response = await notify(
      shop.t,
      name,
      body,
      { "content-type": "application/json", "content-hmac": hmac(apiSecret, body) },
      "?type=fail",
    );
    expect(response.body).toEqual({ code: 0 });
    expect(await stateOf(shop.t, ids)).toEqual({
      invoice: "failed",
      flag: null,
      intent: "failed",
      order: "history/paying",
    });
    await dropDeclined(shop, ids.order);
  });

  it("a two-stage payment is paid at Confirm, not at its Authorized Pay; Refund after paid cancels the order", async () => {
    const { invoice, ids } = await checkedOut();
    const hold = payment(invoice.id, { Status: "Authorized" });
    await send("pay", hold);
    expect((await stateOf(shop.t, ids)).invoice).toBe("new");
    await send("confirm", { ...hold, Status: "Completed" });
    expect((await stateOf(shop.t, ids)).invoice).toBe("paid");
    const refund = {
      TransactionId: "999001",
      PaymentTransactionId: hold.TransactionId,
      Amount: "39.98",
      InvoiceId: invoice.id,
      OperationType: "Refund",
      DateTime: "2025-01-02 10:00:00",
    };
    expect((await send("refund", refund)).body).toEqual({ code: 0 });
    expect(await stateOf(shop.t, ids)).toEqual({
      invoice: "refunded",
      flag: null,
      intent: "refunded",
      order: "history/canceled",
    });
  });

  it("a Pay whose amount is not the invoice's flags it and moves nothing", async () => {
    const { invoice, ids } = await checkedOut();
    expect((await send("pay", payment(invoice.id, { Amount: "3.99" }))).body).toEqual({ code: 0 });
    const state = await stateOf(shop.t, ids);
    expect(state).toMatchObject({ invoice: "new", intent: "open", order: "history/paying" });
    expect(state.flag).toContain("3.99 USD is not the invoice's 39.98 USD");
  });

  it.each([
    ["unsigned", { "content-type": "application/x-www-form-urlencoded" }, "?type=pay"],
    ["signed with another secret", "other secret", "?type=pay"],
    ["signed, but posted to an address without its type", undefined, ""],
    ["a Check body replayed as a Pay (status Declined)", undefined, "?type=pay"],
  ] as [string, Record<string, string> | string | undefined, string][])(
    "a notification %s is refused with a 400 and changes nothing",
    async (label, how, query) => {
      const { invoice, ids } = await checkedOut();
      const fields = payment(invoice.id, label.startsWith("a Check") ? { Status: "Declined" } : {});
      const body = new URLSearchParams(fields).toString();
      const headers =
        typeof how === "object"
          ? how
          : { "content-type": "application/x-www-form-urlencoded", "content-hmac": hmac(how ?? apiSecret, body) };
      const response = await notify(shop.t, name, body, headers, query);
      expect(response.status).toBe(400);
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "new",
        flag: null,
        intent: "open",
        order: "history/paying",
      });
    },
  );

  it("a signed Pay for an invoice this shop does not have is acknowledged ({code:0}) and changes nothing", async () => {
    expect(await send("pay", payment(randomUUID()))).toEqual({ status: 200, body: { code: 0 } });
  });
});
