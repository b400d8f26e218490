import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { subjectOf } from "../rbac/helpers.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "owner@example.com", adminPassword: "owner password 123" };
const BUYER = "desk-buyer@example.com";
const SHOTS = "/tmp/shots";
/** The order page's breakdown and the partial refund, to look at. */
const PRICING_SHOTS = "/tmp/desk-pricing-shots";
const ADDRESS = { name: "Dana Buyer", line1: "5 Market Street", city: "Tallinn", postalCode: "10111", country: "EE" };

// The owner's order desk in a real Chromium (docs/shop.md "The order desk"): a customer buys the demo mug
// with a discount code, delivery and VAT, and pays (the dummy provider); the owner finds the order by
// the number in the customer's mail, sees the customer and the total, and on its page what the
// invoice charged (each line's discount and tax, subtotal, discount, delivery, tax, total); refunds
// a part (the dialog says how it is shared out, the page what came back of each part), then the
// rest, and sees it canceled, the stock back.
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
  const shot = async (page: Page, name: string, dir = SHOTS) => {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/desk-${name}.png`, fullPage: true });
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
    // What the order is priced with beside its lines: a code, delivery to Estonia and its VAT (net prices).
    const usdId = (
      await inject(
        "GET",
        "/api/billing/currencies?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=usd",
      )
    ).data[0].id;
    for (const [model, data] of [
      [
        "shipping-rates",
        { title: { en: "Standard", ru: "Стандартная" }, countries: ["EE"], currencyId: usdId, amount: "4.90" },
      ],
      ["tax-rates", { title: { en: "VAT", ru: "НДС" }, country: "EE", rate: "19", taxShipping: true }],
      ["discount-codes", { code: "SPRING10", kind: "percent", value: "10" }],
    ] as const)
      expect((await inject("POST", `/api/ecommerce/${model}`, { data })).data?.id).toBeTruthy();
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
        discountCodes: ["SPRING10"],
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
    // Russian first: it only reads; the English pass refunds. Two mugs of 24.50 less SPRING10's 10% (4.90)
    // is 44.10, taxed 19%: 8.379 → 8.38; delivery 4.90 taxed 0.931 → 0.93; 49.00 − 4.90 + 4.90 + 9.31 = 58.31.
    {
      language: "ru",
      locale: "ru-RU",
      canceled: "Отменён",
      paid: "Оплачен",
      mug: "Керамическая кружка",
      heading: "Что оплачено, USD",
      rows: {
        "pricing-subtotal": ["Сумма товаров", "49.00"],
        "pricing-discount": ["Скидка (SPRING10)", "−4.90"],
        "pricing-delivery": ["Доставка (Стандартная)", "4.90"],
        "pricing-tax": ["НДС 19\u00a0%", "9.31"],
        "pricing-total": ["Итого", "58.31"],
      },
    },
    {
      language: "en",
      locale: "en-US",
      canceled: "Canceled",
      paid: "Paid",
      mug: "Ceramic mug",
      heading: "Charged, USD",
      rows: {
        "pricing-subtotal": ["Subtotal", "49.00"],
        "pricing-discount": ["Discount (SPRING10)", "−4.90"],
        "pricing-delivery": ["Delivery (Standard)", "4.90"],
        "pricing-tax": ["VAT 19%", "9.31"],
        "pricing-total": ["Total", "58.31"],
      },
    },
  ]) {
    it(`${c.language}: the owner finds the order by the mail's number, sees customer, total and what the invoice charged${c.language === "en" ? ", refunds a part and then the rest and sees it canceled with the stock back" : ""}`, async () => {
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
        // What the invoice charged (amounts as it wrote them, the currency in the heading): the line with
        // its discount and tax, then each row, label and amount.
        expect(await page.getByTestId("order-pricing-title").textContent()).toBe(c.heading);
        expect(total).toBe("58.31 USD");
        const line = page.getByTestId("pricing-line");
        expect(await line.count()).toBe(1);
        expect(await line.textContent()).toContain(c.mug);
        expect(await line.getByTestId("pricing-line-discount").textContent()).toBe("−4.90");
        expect(await line.getByTestId("pricing-line-tax").textContent()).toBe("8.38 (19%)");
        for (const [testId, [label, amount]] of Object.entries(c.rows)) {
          const cells = await page.getByTestId(testId).locator("td").allTextContents();
          expect(cells.slice(0, 2), testId).toEqual([label, amount]);
        }
        await shot(page, `order-${c.language}`);
        await shot(page, `order-${c.language}`, PRICING_SHOTS);
        if (c.language !== "en") return;
        // A part first: 10.00 of 58.31, shared by what each part cost (52.48 and 5.83): 9.00 of the mug
        // (tax 9.00 × 19/119 = 1.437 → 1.44), 1.00 of delivery (0.160 → 0.16).
        await page.getByTestId("order-refund").click();
        await page.getByTestId("refund-amount").fill("10.00");
        await page.getByTestId("refund-next").click();
        await expect.poll(() => page.getByTestId("refund-confirm").textContent()).toContain("10.00 USD");
        await expect.poll(() => page.getByTestId("refund-allocation").textContent()).toContain("Tax in this refund");
        const shared = await page.getByTestId("refund-allocation").textContent();
        expect(shared).toContain("Ceramic mug: 9.00 USD (tax 1.44 USD)");
        expect(shared).toContain("Delivery: 1.00 USD (tax 0.16 USD)");
        expect(shared).toContain("Tax in this refund: 1.60 USD");
        await shot(page, "refund-part-confirm", PRICING_SHOTS);
        await page.getByTestId("refund-yes").click();
        await expect.poll(() => page.getByTestId("order-refunded").textContent()).toBe("10.00 USD");
        expect(await page.getByTestId("order-status").first().textContent()).toBe(c.paid);
        const refundedCell = async (testId: string) =>
          (await page.getByTestId(testId).first().locator("td").allTextContents()).at(-1);
        await expect.poll(() => refundedCell("pricing-line")).toBe("9.00");
        expect(await refundedCell("pricing-delivery")).toBe("1.00");
        expect(await refundedCell("pricing-tax")).toBe("incl. 1.60");
        expect(await refundedCell("pricing-total")).toBe("10.00");
        await shot(page, "refunded-part", PRICING_SHOTS);
        // Then the rest, the amount the dialog offers.
        await page.getByTestId("order-refund").click();
        await page.getByTestId("refund-next").click();
        await expect.poll(() => page.getByTestId("refund-confirm").textContent()).toContain("48.31 USD");
        await shot(page, "refund-confirm");
        await page.getByTestId("refund-yes").click();
        await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe(c.canceled);
        expect(await page.getByTestId("order-refunded").textContent()).toBe(total);
        await expect.poll(() => page.getByTestId("order-timeline").textContent()).toContain("Refund of 48.31 USD");
        expect(await page.getByTestId("order-timeline").textContent()).toContain("Refund of 10.00 USD: done");
        expect(await page.getByTestId("order-timeline").textContent()).toContain("Refund of 48.31 USD: done");
        // Everything back: each part's whole, and the whole tax.
        expect(await refundedCell("pricing-line")).toBe("52.48");
        expect(await refundedCell("pricing-delivery")).toBe("5.83");
        expect(await refundedCell("pricing-tax")).toBe("incl. 9.31");
        await shot(page, "refunded");
        await shot(page, "refunded", PRICING_SHOTS);
        expect((await inject("GET", `/api/ecommerce/products/${mug.id}`)).data.stock).toBe(5);
      } finally {
        await context.close();
      }
    });
  }
  it("ru at 390 px: the orders are cards — number, customer and total readable, nothing off the right edge", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "ru-RU",
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(`${running.url}/admin`);
      await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await page.locator('button[type="submit"]').first().click();
      await page.getByTestId("models-toggle").waitFor();
      await page.goto(`${running.url}/admin/orders`);
      await page.getByTestId("orders-search").fill(orderNumber);
      const rows = page.getByTestId("order-row");
      await expect.poll(() => rows.count()).toBe(1);
      // A card, not a table row: no table on the screen, every column a line under its header.
      expect(await page.getByTestId("orders-desk").locator("table").count()).toBe(0);
      const card = rows.first();
      expect(await card.getByTestId("order-number").textContent()).toBe(orderNumber);
      expect(await card.textContent()).toContain(BUYER);
      expect(await card.textContent()).toContain("Покупатель");
      expect(await card.getByTestId("order-total").textContent()).toMatch(/^\d+\.\d{2} USD$/);
      const widest = await page.evaluate(() =>
        Math.max(...[...document.querySelectorAll("main *")].map((e) => e.getBoundingClientRect().right)),
      );
      expect(widest).toBeLessThanOrEqual(390);
      await shot(page, "orders-ru-390");
      await card.getByTestId("order-number").click();
      await expect.poll(() => page.getByTestId("order-customer").textContent()).toContain(BUYER);
    } finally {
      await context.close();
    }
  });
});
