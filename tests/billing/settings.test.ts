import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableColumns } from "../../engine/admin/table-columns.js";
import { configFromEnv } from "../../server/config.js";
import { paymentProvidersFromEnv } from "../../server/modules/billing/providers/index.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { addToCart } from "../ecommerce/shop-fixture.js";
import { shopWith, type Shop } from "./billing-fixture.js";

const PROVIDERS_ROUTE = "/api/billing/payment-intents/providers";

describe("provider settings from the environment", () => {
  it("a provider is configured only when all its credentials are set; base URLs default to the provider's own", () => {
    expect(paymentProvidersFromEnv({})).toEqual({});
    expect(paymentProvidersFromEnv({ STRIPE_SECRET_KEY: "sk_live_x" })).toEqual({});
    expect(paymentProvidersFromEnv({ CLOUDPAYMENTS_PUBLIC_ID: "pk" })).toEqual({});
    // 0xProcessing's notifications are confirmed with its API: no API key, no 0xProcessing.
    expect(paymentProvidersFromEnv({ OXPROCESSING_MERCHANT_ID: "m1", OXPROCESSING_WEBHOOK_PASSWORD: "pw" })).toEqual(
      {},
    );
    const all = paymentProvidersFromEnv({
      STRIPE_SECRET_KEY: "sk_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      CLOUDPAYMENTS_PUBLIC_ID: "pk_c",
      CLOUDPAYMENTS_API_SECRET: "secret_c",
      TIPTOPPAY_PUBLIC_ID: "pk_t",
      TIPTOPPAY_API_SECRET: "secret_t",
      TIPTOPPAY_API_URL: "http://127.0.0.1:9/",
      PAYSELECTION_SITE_ID: "20003",
      PAYSELECTION_SECRET_KEY: "ps_secret",
      PAYSELECTION_INTERNATIONAL_SITE_ID: "30007",
      PAYSELECTION_INTERNATIONAL_SECRET_KEY: "psi_secret",
      PAYSELECTION_INTERNATIONAL_PUBLIC_KEY: "psi_public",
      PAYSELECTION_INTERNATIONAL_REQUEST_SIGNATURE_KEY: "public",
      PAYSELECTION_INTERNATIONAL_REQUEST_SIGNATURE_URL: "url",
      OXPROCESSING_MERCHANT_ID: "m1",
      OXPROCESSING_WEBHOOK_PASSWORD: "pw",
      OXPROCESSING_API_KEY: "key",
    });
    expect(all).toEqual({
      stripe: { secretKey: "sk_x", webhookSecret: "whsec_x", apiUrl: "https://api.stripe.com" },
      cloudpayments: { publicId: "pk_c", apiSecret: "secret_c", apiUrl: "https://api.cloudpayments.ru" },
      tiptoppay: { publicId: "pk_t", apiSecret: "secret_t", apiUrl: "http://127.0.0.1:9" },
      payselection: {
        siteId: "20003",
        secretKey: "ps_secret",
        publicKey: undefined,
        webformUrl: "https://webform.payselection.com",
        apiUrl: "https://gw.payselection.com",
        requestSignatureKey: "secret",
        requestSignatureUrl: "path",
      },
      "payselection-international": {
        siteId: "30007",
        secretKey: "psi_secret",
        publicKey: "psi_public",
        webformUrl: "https://webform.payselection.com",
        apiUrl: "https://gw.payselection.com",
        requestSignatureKey: "public",
        requestSignatureUrl: "url",
      },
      "0xprocessing": {
        merchantId: "m1",
        webhookPassword: "pw",
        apiKey: "key",
        apiUrl: "https://app.0xprocessing.com",
        coin: "USDT (TRC20)",
        test: false,
      },
    });
  });

  it("dummy is on by default, off in production unless PAYMENT_DUMMY_ENABLED=true, and can be turned off anywhere", () => {
    expect(configFromEnv({}).paymentDummyEnabled).toBe(true);
    expect(configFromEnv({ NODE_ENV: "production", JWT_SECRET: "x".repeat(32) }).paymentDummyEnabled).toBe(false);
    expect(configFromEnv({ NODE_ENV: "production", PAYMENT_DUMMY_ENABLED: "true" }).paymentDummyEnabled).toBe(true);
    expect(configFromEnv({ PAYMENT_DUMMY_ENABLED: "false" }).paymentDummyEnabled).toBe(false);
  });
});

describe("configured providers: the public list and checkout", () => {
  let shop: Shop;

  beforeAll(async () => {
    // As a start reads them: each provider reads its own variables from the config's environment.
    shop = await shopWith({
      environment: {
        STRIPE_SECRET_KEY: "sk_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_API_URL: "http://127.0.0.1:9",
      },
    });
  });
  afterAll(() => shop?.t.close());

  it("GET /api/billing/payment-intents/providers lists the configured providers to anyone, in the provider list's order", async () => {
    const anonymous = await shop.t.request({ method: "GET", url: PROVIDERS_ROUTE, key: null });
    expect(anonymous).toEqual({ status: 200, body: { data: ["stripe", "dummy"] } });
  });

  it.each(["cloudpayments", "tiptoppay", "payselection", "payselection-international", "0xprocessing"])(
    "a checkout naming %s, not configured here, is a 400 saying so and the order stays in the cart",
    async (provider) => {
      const order = await addToCart(shop.ann, shop.c.shoes.id);
      const response = await shop.ann.call({
        method: "POST",
        url: `${shop.ann.base}/orders/checkout`,
        payload: {
          data: {
            provider,
            email: "ann@example.com",
            billingModule: { currency: { id: shop.c.usd.id } },
            ecommerceModule: { orders: [{ id: order.id }] },
          },
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        `Validation error: payment provider ${provider} is not configured on this server`,
      );
      expect(
        (await shop.t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data,
      ).toMatchObject({ type: "cart", status: "new" });
      await shop.ann.call({ method: "DELETE", url: `${shop.ann.base}/orders/${order.id}` });
    },
  );

  it("an unconfigured provider's webhook is a 404", async () => {
    const response = await shop.t.request({
      method: "POST",
      key: null,
      url: "/api/billing/payment-intents/cloudpayments/webhook?type=pay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "TransactionId=1",
    });
    expect(response.status).toBe(404);
  });

  it("the admin reads invoices and payment intents with provider, status, amount, currency and the mismatch flag; the invoice table shows amount, currency and status", async () => {
    const models = (await shop.t.request({ method: "GET", url: "/api/admin/models" })).body.data as any[];
    const invoices = models.find((m) => m.id === "billing/invoices");
    expect(invoices.fields.map((f: any) => f.name)).toEqual(
      expect.arrayContaining(["provider", "providerId", "status", "amount", "currency", "flag", "paymentUrl", "email"]),
    );
    expect(tableColumns(invoices).map((c) => c.column)).toEqual(
      expect.arrayContaining(["amount", "currency", "status"]),
    );
    expect(invoices.embeds.map((e: any) => e.relation ?? e.model ?? e.id)).toEqual(
      expect.arrayContaining([expect.stringContaining("payment-intents-to-invoices")]),
    );
    const intents = models.find((m) => m.id === "billing/payment-intents");
    expect(intents.fields.map((f: any) => f.name)).toEqual(expect.arrayContaining(["status", "amount", "type"]));
    expect(JSON.stringify(intents.embeds)).toContain("payment-intents-to-currencies");
  });
});

describe("no provider at all (dummy turned off, nothing configured)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ paymentDummyEnabled: false, paymentProviders: {} });
  });
  afterAll(() => t?.close());

  it("the list is empty", async () => {
    expect((await t.request({ method: "GET", url: PROVIDERS_ROUTE, key: null })).body).toEqual({ data: [] });
  });
});
