import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOut, dropDeclined, notify, shopWith, stateOf, type Shop } from "./billing-fixture.js";
import { startProviderServer, type ProviderServer } from "./provider-server.js";

const MERCHANT = "Qtfxhgy43";
const PASSWORD = "webhook password";
const COIN = "USDT (TRC20)";
const API_KEY = "api key";
const LOOKUP = "/Api/GetPayment/";

/** The documented signature: md5_hex("PaymentId:MerchantId:Email:Currency:WebhookPassword"). */
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

describe("0xProcessing's documented signature vector", () => {
  it("12345:Qtfxhgy43:test@test.com:USDT (ERC20):qwerty", () => {
    expect(md5("12345:Qtfxhgy43:test@test.com:USDT (ERC20):qwerty")).toBe("131b849a1f91f75c96a0f0e0ba1e5ab4");
  });
});

describe("0xprocessing", () => {
  let server: ProviderServer;
  let shop: Shop;
  let payments = 1000;
  /** What 0xProcessing's API knows of each payment (GET /Api/GetPayment/{id}): set when something happens to it. */
  const api = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    // 0xProcessing on loopback: the payment form, POST /Payment, form-urlencoded, MerchantId names
    // the shop, ReturnUrl=true answers { redirectUrl, id }; and the payment look-up,
    // GET /Api/GetPayment/{id} with the APIKEY header, answering the payment as it stands.
    server = await startProviderServer("0xprocessing", (request, self) => {
      if (request.method === "GET" && request.path.startsWith(LOOKUP)) {
        if (request.headers.apikey !== API_KEY) return { status: 401, body: JSON.stringify({ error: "Unauthorized" }) };
        const payment = api.get(request.path.slice(LOOKUP.length));
        return payment
          ? { body: JSON.stringify(payment) }
          : { status: 404, body: JSON.stringify({ error: "Payment not found" }) };
      }
      if (request.method !== "POST" || request.path !== "/Payment") return { status: 404, body: "{}" };
      const form = new URLSearchParams(request.body);
      if (form.get("MerchantId") !== MERCHANT)
        return { status: 400, body: JSON.stringify({ error: "Merchant not found" }) };
      const id = ++payments;
      return { body: JSON.stringify({ redirectUrl: `${self.url}/pay/${id}`, id }) };
    });
    shop = await shopWith({
      paymentProviders: {
        "0xprocessing": {
          merchantId: MERCHANT,
          webhookPassword: PASSWORD,
          apiKey: API_KEY,
          apiUrl: server.url,
          coin: COIN,
          test: false,
        },
      },
    });
  });
  afterAll(async () => {
    await shop?.t.close();
    await server?.close();
  });

  /** A notification as 0xProcessing sends it: JSON with its MD5 Signature. */
  const send = (fields: Record<string, unknown>, password = PASSWORD) => {
    const signed = {
      ...fields,
      Signature: md5(`${fields.PaymentId}:${MERCHANT}:${fields.Email}:${fields.Currency}:${password}`),
    };
    return notify(shop.t, "0xprocessing", JSON.stringify(signed), { "content-type": "application/json" });
  };
  /** The payment reaches this state at 0xProcessing: its API answers it so from now on. */
  const happen = (fields: Record<string, unknown>) => {
    const { PaymentId, MerchantId, ShopId, Signature, ClientId, TxHashes, ...rest } = fields;
    api.set(String(PaymentId), { PaymentID: PaymentId, MerchantID: MerchantId, ...rest });
  };
  /** A genuine notification: the payment's new state at 0xProcessing, notified as it is. */
  const genuine = (fields: Record<string, unknown>) => {
    happen(fields);
    return send(fields);
  };
  const lookUps = (invoice: Record<string, any>) =>
    server.received.filter((r) => r.method === "GET" && r.path === `${LOOKUP}${invoice.providerId}`);
  const webhook = (invoice: Record<string, any>, Status = "Success", extra: Record<string, unknown> = {}) => ({
    PaymentId: Number(invoice.providerId),
    MerchantId: MERCHANT,
    ShopId: MERCHANT,
    Amount: 39.98,
    AmountUSD: 39.98,
    TotalAmount: 39.98,
    TotalAmountUSD: 39.98,
    Currency: COIN,
    Email: "ann@example.com",
    Status,
    BillingID: invoice.id,
    Test: false,
    ClientId: "ann@example.com",
    TxHashes: ["0xabc"],
    ...extra,
  });
  const checkedOut = async () => {
    const { invoice, intent, order } = await checkOut(shop, "0xprocessing");
    return { invoice, ids: { invoice: invoice.id, intent: intent.id, order: order.id } };
  };

  it("requests the payment form: form-urlencoded, no auth header, MerchantId, the USD amount as AmountUSD paid in the configured coin, BillingID, ReturnUrl=true", async () => {
    const { response, invoice } = await checkOut(shop, "0xprocessing");
    expect(response.status).toBe(200);
    const sent = server.received.at(-1)!;
    expect(sent.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sent.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      MerchantId: MERCHANT,
      AmountUSD: "39.98",
      Currency: COIN,
      Email: "ann@example.com",
      ClientId: "ann@example.com",
      BillingID: invoice.id,
      ReturnUrl: "true",
      SuccessUrl: "http://localhost:3000/cart?payment=paid",
      CancelUrl: "http://localhost:3000/cart?payment=declined",
    });
    expect(invoice).toMatchObject({
      providerId: String(payments),
      paymentUrl: `${server.url}/pay/${payments}`,
      currency: "USD",
    });
  });

  it("Success pays and is answered 200; the same notification again is acknowledged; a late Canceled never undoes it", async () => {
    const { invoice, ids } = await checkedOut();
    const success = webhook(invoice);
    expect(await genuine(success)).toEqual({ status: 200, body: { received: true } });
    const after = await stateOf(shop.t, ids);
    expect(after).toEqual({ invoice: "paid", flag: null, intent: "succeeded", order: "history/approving" });
    expect((await send(success)).status).toBe(200);
    expect((await genuine(webhook(invoice, "Canceled"))).status).toBe(200);
    expect(await stateOf(shop.t, ids)).toEqual(after);
  });

  it("Canceled before payment: canceled and the order unpaid in the orders list (Pay now)", async () => {
    const { invoice, ids } = await checkedOut();
    await genuine(webhook(invoice, "Canceled"));
    expect(await stateOf(shop.t, ids)).toEqual({
      invoice: "canceled",
      flag: null,
      intent: "canceled",
      order: "history/paying",
    });
    await dropDeclined(shop, ids.order);
  });

  it("Insufficient (underpaid) carries what was received: the invoice is flagged and the order does not move; so is a Success of another amount", async () => {
    const { invoice, ids } = await checkedOut();
    await genuine(webhook(invoice, "Insufficient", { Amount: 20.5, AmountUSD: 20.5 }));
    let state = await stateOf(shop.t, ids);
    expect(state).toMatchObject({ invoice: "new", order: "history/paying" });
    expect(state.flag).toContain("20.5 USD is not the invoice's 39.98 USD");
    await genuine(webhook(invoice, "Success", { AmountUSD: 39.97 }));
    state = await stateOf(shop.t, ids);
    expect(state.invoice).toBe("new");
    expect(state.flag).toContain("39.97 USD");
  });

  it("a test payment is acknowledged but never credited without the test setting", async () => {
    const { invoice, ids } = await checkedOut();
    expect((await genuine(webhook(invoice, "Success", { Test: true }))).status).toBe(200);
    expect((await stateOf(shop.t, ids)).invoice).toBe("new");
  });

  it.each([
    [
      "unsigned",
      (body: Record<string, unknown>) =>
        notify(shop.t, "0xprocessing", JSON.stringify(body), { "content-type": "application/json" }),
    ],
    ["signed with another password", (body: Record<string, unknown>) => send(body, "guess")],
    [
      "with its signed fields altered",
      (body: Record<string, unknown>) => {
        const signed = {
          ...body,
          Signature: md5(`${body.PaymentId}:${MERCHANT}:${body.Email}:${body.Currency}:${PASSWORD}`),
        };
        return notify(shop.t, "0xprocessing", JSON.stringify({ ...signed, Email: "mallory@example.com" }), {
          "content-type": "application/json",
        });
      },
    ],
  ] as [string, (body: Record<string, unknown>) => Promise<{ status: number }>][])(
    "a notification %s is refused with a 400 and changes nothing",
    async (_label, post) => {
      const { invoice, ids } = await checkedOut();
      expect((await post(webhook(invoice))).status).toBe(400);
      expect(await stateOf(shop.t, ids)).toEqual({
        invoice: "new",
        flag: null,
        intent: "open",
        order: "history/paying",
      });
      // Refused before anything is asked of anyone.
      expect(lookUps(invoice)).toEqual([]);
    },
  );

  // The signature covers PaymentId, MerchantId, Email and Currency only (docs/payments.md "Signature schemes"): a genuine
  // notification's Status, amounts and BillingID can be altered without breaking it. They are read
  // from 0xProcessing's API instead; each row alters them against what the API says happened.
  it.each([
    {
      label: "Status Success where the payment was underpaid (Insufficient, 20.5)",
      happened: { Status: "Insufficient", Amount: 20.5, AmountUSD: 20.5 },
      sent: { Status: "Success" },
      answer: 200,
      state: { invoice: "new", intent: "open", order: "history/paying" },
      flag: "20.5 USD is not the invoice's 39.98 USD",
    },
    {
      label: "the invoice's amount where the payment succeeded for 20.5",
      happened: { Status: "Success", Amount: 20.5, AmountUSD: 20.5 },
      sent: {},
      answer: 200,
      state: { invoice: "new", intent: "open", order: "history/paying" },
      flag: "20.5 USD is not the invoice's 39.98 USD",
    },
    {
      label: "Success where the payment was canceled",
      happened: { Status: "Canceled" },
      sent: { Status: "Success" },
      answer: 200,
      state: { invoice: "canceled", intent: "canceled", order: "history/paying" },
      flag: null,
    },
    {
      label: "Success for a payment 0xProcessing has no outcome for yet",
      happened: undefined,
      sent: { Status: "Success" },
      answer: 502,
      state: { invoice: "new", intent: "open", order: "history/paying" },
      flag: null,
    },
  ])(
    "a genuinely signed notification saying $label is applied as the API says, never as it says",
    async ({ happened, sent, answer, state, flag }) => {
      const { invoice, ids } = await checkedOut();
      if (happened) happen(webhook(invoice, happened.Status, happened));
      const response = await send({ ...webhook(invoice), ...sent });
      expect(response.status).toBe(answer);
      const after = await stateOf(shop.t, ids);
      expect(after).toMatchObject(state);
      if (flag) expect(after.flag).toContain(flag);
      else expect(after.flag).toBeNull();
      expect(lookUps(invoice).map((r) => r.headers.apikey)).toEqual([API_KEY]);
    },
  );

  it("a genuine notification moved to another invoice (BillingID altered) pays neither", async () => {
    const underpaid = await checkedOut();
    const other = await checkedOut();
    happen(webhook(underpaid.invoice, "Insufficient", { Amount: 20.5, AmountUSD: 20.5 }));
    // Signed fields untouched (PaymentId, Email, Currency); Status, amount and BillingID rewritten.
    expect((await send({ ...webhook(underpaid.invoice), BillingID: other.invoice.id })).status).toBe(200);
    expect(await stateOf(shop.t, other.ids)).toEqual({
      invoice: "new",
      flag: null,
      intent: "open",
      order: "history/paying",
    });
    expect((await stateOf(shop.t, underpaid.ids)).flag).toContain("20.5 USD");
  });

  it("a look-up 0xProcessing cannot answer is a 502, so it notifies again; the repeat, answered, pays", async () => {
    const { invoice, ids } = await checkedOut();
    happen(webhook(invoice));
    server.failNext(500, "Internal Server Error");
    expect((await send(webhook(invoice))).status).toBe(502);
    expect(await stateOf(shop.t, ids)).toEqual({ invoice: "new", flag: null, intent: "open", order: "history/paying" });
    expect((await send(webhook(invoice))).status).toBe(200);
    expect((await stateOf(shop.t, ids)).invoice).toBe("paid");
  });

  it("a genuine notification for a billing id this shop does not have is acknowledged and changes nothing", async () => {
    expect(await genuine({ ...webhook({ id: randomUUID(), providerId: "77" }) })).toEqual({
      status: 200,
      body: { received: true },
    });
  });

  it("an unreachable or failing 0xProcessing is a 502 and the order stays in the cart", async () => {
    server.failNext(500, "Internal Server Error");
    const { response, order } = await checkOut(shop, "0xprocessing");
    expect(response.status).toBe(502);
    expect((await shop.t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data).toMatchObject(
      { type: "cart", status: "new" },
    );
    await shop.ann.call({ method: "DELETE", url: `${shop.ann.base}/orders/${order.id}` });
  });
});
