import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET, type TestApp } from "../helpers/test-app.js";
import { startProviderServer, type ProviderServer } from "../billing/provider-server.js";
import { catalogue } from "../ecommerce/shop-fixture.js";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";

// A checkout with a real (non-dummy) provider, CloudPayments, whose API runs on loopback: the
// browser signs up, puts shoes in its cart and checks out through the site's API with its own
// session, then follows the payment URL the checkout answered and lands on that server's page.
describe.skipIf(!hasChromium)("checkout with cloudpayments in Chromium", () => {
  let provider: ProviderServer;
  let running: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    provider = await startProviderServer("cloudpayments", (request, self) => {
      const id = randomUUID().slice(0, 8);
      const authorized =
        request.headers.authorization === `Basic ${Buffer.from("pk_browser:browser secret").toString("base64")}`;
      return authorized
        ? { body: JSON.stringify({ Success: true, Message: null, Model: { Id: id, Url: `${self.url}/pay/${id}` } }) }
        : { status: 401, body: "" };
    });
    running = await startApp({
      paymentProviders: {
        cloudpayments: { publicId: "pk_browser", apiSecret: "browser secret", apiUrl: provider.url },
      },
    });
    // The catalogue through the generic routes with the secret key, as the shop tests make it.
    const admin = {
      request: async ({ key = SECRET, headers, ...options }: any) => {
        const response = await running.app.inject({
          ...options,
          headers: { ...(key ? { "x-rbac-secret-key": key } : {}), ...headers },
        });
        return { status: response.statusCode, body: response.json() };
      },
    } as unknown as TestApp;
    await catalogue(admin);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await provider?.close();
  });

  it("the checkout answers the provider's payment URL and the browser lands on that server's payment page", async () => {
    await page.goto(`${running.url}/`);
    const products = (await running.app.inject({ method: "GET", url: "/api/ecommerce/products?limit=10" })).json()
      .data as any[];
    const shoes = products.find((p) => p.adminTitle === "Shoes");
    const usd = (await running.app.inject({ method: "GET", url: "/api/billing/currencies?limit=10" }))
      .json()
      .data.find((c: any) => c.slug === "usd");
    const checkout = await page.evaluate(
      async ({ productId, currencyId }) => {
        const post = async (url: string, body: unknown, jwt?: string) => {
          const response = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
            body: JSON.stringify(body),
          });
          return response.json();
        };
        const providers = await (await fetch("/api/billing/payment-intents/providers")).json();
        const { data } = await post("/api/rbac/subjects/authentication/email-and-password/registration", {
          login: "buyer@example.com",
          password: "buyer password 1",
        });
        const subjectId = JSON.parse(atob(data.jwt.split(".")[1])).sub;
        const base = `/api/rbac/subjects/${subjectId}/ecommerce-module/orders`;
        const cart = await post(base, { data: { productId, quantity: 2 } }, data.jwt);
        const orderId = cart.data.subjectsToEcommerceModuleOrders[0].order.id;
        const answer = await post(
          `${base}/checkout`,
          {
            data: {
              provider: "cloudpayments",
              email: "buyer@example.com",
              billingModule: { currency: { id: currencyId } },
              ecommerceModule: { orders: [{ id: orderId }] },
            },
          },
          data.jwt,
        );
        return { providers: providers.data, invoice: answer.data.billingModule.invoices[0] };
      },
      { productId: shoes.id, currencyId: usd.id },
    );
    expect(checkout.providers).toEqual(["cloudpayments", "dummy"]);
    expect(checkout.invoice).toMatchObject({
      provider: "cloudpayments",
      amount: "39.98",
      currency: "USD",
      status: "new",
    });
    expect(JSON.parse(provider.received.at(-1)!.body)).toMatchObject({
      Amount: 39.98,
      Currency: "USD",
      InvoiceId: checkout.invoice.id,
    });

    // Checkout success sends the browser to the first invoice's payment URL.
    await page.goto(checkout.invoice.paymentUrl);
    expect(page.url()).toBe(`${provider.url}/pay/${checkout.invoice.providerId}`);
    await expect(page.locator("#provider").textContent()).resolves.toBe("cloudpayments");
    await expect(page.locator("#payment").textContent()).resolves.toBe(checkout.invoice.providerId);
    await screenshot(page, "payment-provider-cloudpayments-page");
  });
});
