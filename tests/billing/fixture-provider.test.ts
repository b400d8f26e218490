// A payment provider is one definition in one list. A test-only provider added to the
// list (config.paymentProviderDefinitions, the documented seam), with a loopback peer as its API:
// the checkout offers it, validates it and pays through it, and the invoice takes it, with the
// committed migrations only (no CHECK names the providers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hmacHex } from "../../server/modules/billing/signatures.js";
import { PAYMENT_PROVIDERS, paymentProvidersFromEnv } from "../../server/modules/billing/providers/index.js";
import { checkOut, notify, shopWith, stateOf, type Shop } from "./billing-fixture.js";
import { fixturePay } from "./fixture-provider.js";
import { providerChecks } from "./provider-checks.js";
import { startProviderServer, type ProviderServer } from "./provider-server.js";

const SECRET = "fixture secret";
const PROVIDERS_ROUTE = "/api/billing/payment-intents/providers";

describe("a provider added to the list: offered, validated, paid through, stored on the invoice", () => {
  let peer: ProviderServer;
  let shop: Shop;

  beforeAll(async () => {
    let made = 0;
    peer = await startProviderServer("fixturepay", () => {
      made += 1;
      return { body: JSON.stringify({ id: `fp_${made}`, url: `${peer.url}/pay/fp_${made}` }) };
    });
    const env = { FIXTUREPAY_API_URL: peer.url, FIXTUREPAY_SECRET: SECRET };
    shop = await shopWith({
      paymentProviderDefinitions: [...PAYMENT_PROVIDERS, fixturePay],
      paymentProviders: paymentProvidersFromEnv(env, [...PAYMENT_PROVIDERS, fixturePay]),
    });
  });
  afterAll(async () => {
    await shop?.t.close();
    await peer?.close();
  });

  it("the public list offers it after the configured ones, with its label for the checkout select", async () => {
    expect(await shop.t.request({ method: "GET", url: PROVIDERS_ROUTE, key: null })).toEqual({
      status: 200,
      body: { data: ["dummy", "fixturepay"] },
    });
    const options = await shop.t.request({ method: "GET", url: `${PROVIDERS_ROUTE}?as=options`, key: null });
    expect(options.body).toEqual({
      data: [
        { value: "dummy", label: "Dummy" },
        { value: "fixturepay", label: "Fixture Pay" },
      ],
    });
  });

  it("a checkout naming it creates the payment with its peer; the invoice names it; its signed notification pays", async () => {
    const { response, order, invoice, intent } = await checkOut(shop, "fixturepay");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(invoice).toMatchObject({
      provider: "fixturepay",
      providerId: "fp_1",
      paymentUrl: `${peer.url}/pay/fp_1`,
      amount: "39.98",
      currency: "USD",
      status: "new",
    });
    expect(JSON.parse(peer.received.at(-1)!.body)).toEqual({ amount: "39.98", currency: "USD", reference: invoice.id });

    const body = JSON.stringify({ status: "paid", id: "fp_1", eventId: "evt_1", amount: "39.98", currency: "USD" });
    const paid = await notify(shop.t, "fixturepay", body, {
      "content-type": "application/json",
      "x-fixture-signature": hmacHex(SECRET, body),
    });
    expect(paid.status).toBe(200);
    expect(await stateOf(shop.t, { invoice: invoice.id, intent: intent.id, order: order.id })).toMatchObject({
      invoice: "paid",
    });
  });

  it("a checkout naming a provider not in the list is 400 Invalid provider", async () => {
    const { response } = await checkOut(shop, "nopay");
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain("Invalid provider");
  });

  it("the generic invoice routes take it and refuse a name not in the list with a 400 naming the allowed ones", async () => {
    const created = await shop.t.request({
      method: "POST",
      url: "/api/billing/invoices",
      payload: { data: { provider: "fixturepay", amount: "1.00" } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.provider).toBe("fixturepay");
    const refused = await shop.t.request({
      method: "POST",
      url: "/api/billing/invoices",
      payload: { data: { provider: "nopay", amount: "1.00" } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.cause).toEqual([
      {
        path: "/provider",
        message: `must be one of ${[...PAYMENT_PROVIDERS, fixturePay].map((p) => p.name).join(", ")}`,
      },
    ]);
    const patched = await shop.t.request({
      method: "PATCH",
      url: `/api/billing/invoices/${created.body.data.id}`,
      payload: { data: { provider: "nopay" } },
    });
    expect(patched.status).toBe(400);
  });

  it("the admin's invoice form offers it in the provider select", async () => {
    const models = (await shop.t.request({ method: "GET", url: "/api/admin/models" })).body.data as any[];
    const provider = models.find((m) => m.id === "billing/invoices").fields.find((f: any) => f.name === "provider");
    expect(provider.enum).toEqual([...PAYMENT_PROVIDERS, fixturePay].map((p) => p.name));
  });
});

describe("the added provider passes the checks every provider passes, its settings read from config.environment", () => {
  providerChecks({
    name: fixturePay.name,
    config: (peerUrl) => ({
      paymentProviderDefinitions: [...PAYMENT_PROVIDERS, fixturePay],
      environment: { FIXTUREPAY_API_URL: peerUrl, FIXTUREPAY_SECRET: SECRET },
    }),
    payment(_request, made, peerUrl) {
      const id = `fp_${made}`;
      return {
        answer: { body: JSON.stringify({ id, url: `${peerUrl}/pay/${id}` }) },
        providerId: id,
        paymentUrl: `${peerUrl}/pay/${id}`,
      };
    },
    notification({ kind, eventId, invoice, amount, currency }, secret = SECRET) {
      const body = JSON.stringify({ status: kind, id: invoice.providerId, eventId, amount, currency });
      return { body, headers: { "content-type": "application/json", "x-fixture-signature": hmacHex(secret, body) } };
    },
  });
});
