import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { subjectOf } from "../rbac/helpers.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "owner@example.com", adminPassword: "owner password 123" };
const BUYER = "desk-buyer@example.com";
const SHOTS = "/tmp/shots";
const ADDRESS = { name: "Dana Buyer", line1: "5 Market Street", city: "Tallinn", postalCode: "10111", country: "EE" };

// The owner's order desk in a real Chromium (docs/shop.md "The order desk"): a customer buys the demo mug and
// pays (the dummy provider); the owner finds the order by the number in the customer's mail, sees
// the customer and the total, refunds it and sees it canceled, the stock back.
describe.skipIf(!hasChromium)("the order desk in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const inject = async (
    method: "GET" | "POST" | "PATCH",
    url: string,
    options: { data?: unknown; jwt?: string; key?: boolean; body?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = {
      ...(options.key === false ? {} : { "x-rbac-secret-key": SECRET }),
      ...(options.jwt ? { authorization: `Bearer ${options.jwt}` } : {}),
      ...options.headers,
    };
    const answer = await running.app.inject({
      method,
      url,
      headers,
      ...(options.body !== undefined
        ? { payload: options.body }
        : options.data !== undefined
          ? { payload: { data: options.data } }
          : {}),
    });
    return answer.json();
  };
  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/desk-${name}.png`, fullPage: true });
  };

  let mug: { id: string; stock: number };
  let orderNumber: string;

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, ...ADMIN });
    browser = await launchChromium();
    const products = await inject(
      "GET",
      "/api/ecommerce/products?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=ceramic-mug",
    );
    mug = products.data[0];
    await inject("PATCH", `/api/ecommerce/products/${mug.id}`, { data: { stock: 5 } });
    // The customer: signs up, buys two mugs, pays on the dummy page.
    const signedUp = await running.app.inject({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      payload: { login: BUYER, password: "buyer password 1" },
    });
    const { jwt } = signedUp.json().data;
    const subject = subjectOf(jwt);
    const base = `/api/rbac/subjects/${subject}/ecommerce-module`;
    const added = await inject("POST", `${base}/orders`, { jwt, key: false, data: { productId: mug.id, quantity: 2 } });
    const order = added.data.subjectsToEcommerceModuleOrders[0].order;
    const usd = (
      await inject(
        "GET",
        "/api/billing/currencies?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=usd",
      )
    ).data[0];
    const checkout = await inject("POST", `${base}/orders/checkout`, {
      jwt,
      key: false,
      data: {
        provider: "dummy",
        email: BUYER,
        shippingAddress: ADDRESS,
        billingModule: { currency: { id: usd.id } },
        ecommerceModule: { orders: [{ id: order.id }] },
      },
    });
    const invoice = checkout.data.billingModule.invoices[0];
    const token = new URL(invoice.paymentUrl).searchParams.get("token");
    const page = await inject("GET", `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`, {
      key: false,
    });
    const pay = page.data.actions.pay;
    await inject("POST", "/api/billing/payment-intents/dummy/webhook", {
      key: false,
      body: pay.body,
      headers: { "content-type": "application/json", "x-dummy-signature": pay.signature },
    });
    // The number the customer's mail shows (its status mail once paid, from the background queue).
    for (let i = 0; i < 150 && !orderNumber; i++) {
      const mails = await inject(
        "GET",
        `/api/notification/notifications?filters[and][0][column]=recipient&filters[and][0][method]=eq&filters[and][0][value]=${BUYER}`,
      );
      orderNumber = mails.data.find((m: any) => m.data?.status === "approving")?.data.orderNumber;
      if (!orderNumber) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(orderNumber).toMatch(/^[0-9a-f]{8}$/);
    expect((await inject("GET", `/api/ecommerce/products/${mug.id}`)).data.stock).toBe(3);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  for (const c of [
    // Russian first: it only reads; the English pass refunds.
    { language: "ru", locale: "ru-RU", canceled: "Отменён", paid: "Оплачен" },
    { language: "en", locale: "en-US", canceled: "Canceled", paid: "Paid" },
  ]) {
    it(`${c.language}: the owner finds the order by the mail's number, sees customer and total${c.language === "en" ? ", refunds it and sees it canceled with the stock back" : ""}`, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: c.locale });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await page.goto(`${running.url}/admin`);
        await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
        await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByTestId("nav-orders").click();
        await page.getByTestId("orders-search").fill(orderNumber);
        const rows = page.getByTestId("order-row");
        await expect.poll(() => rows.count()).toBe(1);
        const row = rows.first();
        expect(await row.getByTestId("order-number").textContent()).toBe(orderNumber);
        expect(await row.textContent()).toContain(BUYER);
        expect(await row.textContent()).toContain("Dana Buyer");
        const total = await row.getByTestId("order-total").textContent();
        expect(total).toMatch(/^\d+\.\d{2} USD$/);
        await shot(page, `found-${c.language}`);
        await row.getByTestId("order-number").click();
        await expect.poll(() => page.getByTestId("order-customer").textContent()).toContain(BUYER);
        expect(await page.getByTestId("order-total").textContent()).toBe(total);
        expect(await page.getByTestId("order-status").first().textContent()).toBe(c.paid);
        await shot(page, `order-${c.language}`);
        if (c.language !== "en") return;
        await page.getByTestId("order-refund").click();
        await page.getByTestId("refund-next").click();
        await expect.poll(() => page.getByTestId("refund-confirm").textContent()).toContain(total!);
        await shot(page, "refund-confirm");
        await page.getByTestId("refund-yes").click();
        await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe(c.canceled);
        expect(await page.getByTestId("order-refunded").textContent()).toBe(total);
        await expect.poll(() => page.getByTestId("order-timeline").textContent()).toContain("Refund of");
        expect(await page.getByTestId("order-timeline").textContent()).toContain(`Refund of ${total}: done`);
        await shot(page, "refunded");
        expect((await inject("GET", `/api/ecommerce/products/${mug.id}`)).data.stock).toBe(5);
      } finally {
        await context.close();
      }
    });
  }
});
