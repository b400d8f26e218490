import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";

const REGISTRATION = "/rbac/subject/authentication/email-and-password/registration";
const EMAIL = "shopper@example.com";
const RU_EMAIL = "pokupatel@example.com";
const PASSWORD = "shopper password 1";

// A shopper on the demo shop in a real Chromium: signs up through the UI, fills the cart from
// the product cards, changes a quantity in the cart drawer, checks out on the cart page with the
// dummy provider, pays on its payment page and comes back to see the orders as approving; a
// one-step checkout from the product page that is declined; then the main steps in Russian at
// phone width. Statuses are checked on the screen and through the API with the secret key.
describe.skipIf(!hasChromium)("the shop in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: CspViolation[];
  const problems: string[] = [];

  const url = (path: string) => `${running.url}${path}`;
  const watch = (target: Page) => {
    // Any script error on any page fails the last test.
    target.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    target.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
  };
  /** The server's view, with the secret key: the subject's orders of a type. */
  const ordersOf = async (subjectId: string, type: "cart" | "history") =>
    (
      await running.app.inject({
        method: "GET",
        url: `/api/rbac/subjects/${subjectId}/ecommerce-module/orders?type=${type}`,
        headers: { "x-rbac-secret-key": SECRET },
      })
    ).json().data as any[];
  const invoicesOf = async (email: string) =>
    (
      (
        await running.app.inject({
          method: "GET",
          url: "/api/billing/invoices?limit=100",
          headers: { "x-rbac-secret-key": SECRET },
        })
      ).json().data as any[]
    ).filter((i) => i.email === email);
  const subjectIdIn = (target: Page) =>
    target.evaluate(async () => (await (await fetch("/api/rbac/subjects/authentication/me")).json()).data.id as string);
  const toast = (target: Page, text: string) => target.locator(".mantine-Notification-root", { hasText: text }).last();
  const badge = (target: Page) => target.locator("[data-cart-quantity] .mantine-Indicator-indicator");
  const card = (target: Page, title: string) => target.locator("[data-product-card]", { hasText: title });
  /** Closes the toasts on screen, so a screenshot shows what they would cover. */
  const dismissToasts = async (target: Page) => {
    for (const close of await target.locator(".mantine-Notification-root button").all())
      await close.click().catch(() => {});
    await expect.poll(() => target.locator(".mantine-Notification-root").count(), { timeout: 5000 }).toBe(0); // each leaves with a transition
  };
  /** The drawer has slid all the way in (its right edge at the viewport's), so a screenshot is not mid-animation. */
  const slidIn = async (target: Page, drawer: ReturnType<Page["getByRole"]>) => {
    const width = target.viewportSize()!.width;
    await expect
      .poll(async () => Math.round(((await drawer.boundingBox())?.x ?? 0) + ((await drawer.boundingBox())?.width ?? 0)))
      .toBe(width);
    await target.waitForTimeout(250);
  };

  /** The shipping address the mug and the notebook need. */
  async function fillAddress(target: Page, scope: ReturnType<Page["locator"]>, language: "en" | "ru") {
    const ru = language === "ru";
    await scope.getByLabel(ru ? "Имя и фамилия" : "Full name").fill("Ann Buyer");
    await scope.locator('input[data-address-field="line1"]').fill("Hauptstraße 1");
    await scope.getByLabel(ru ? "Почтовый индекс" : "Postal code").fill("10115");
    await scope.getByLabel(ru ? "Город" : "City").fill("Berlin");
    const country = scope.locator('input[data-address-field="country"]');
    await country.click();
    await country.fill(ru ? "Герм" : "Germ");
    await target.getByRole("option", { name: ru ? "Германия" : "Germany", exact: true }).click();
  }

  async function register(target: Page, language: "en" | "ru", email: string) {
    const prefix = language === "ru" ? "/ru" : "";
    await target.goto(url(`${prefix}${REGISTRATION}`));
    await waitForHydration(target);
    await target.getByLabel(language === "ru" ? "Электронная почта" : "Email", { exact: true }).fill(email);
    await target.getByLabel(language === "ru" ? "Пароль" : "Password", { exact: true }).fill(PASSWORD);
    await target.getByRole("button", { name: language === "ru" ? "Создать аккаунт" : "Create an account" }).click();
    await target.waitForURL(url(prefix || "/"));
    await expect.poll(() => target.locator('[data-user-menu="signed-in"]').textContent()).toBe(email);
  }

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    violations = await watchCspViolations(context);
    page = await context.newPage();
    watch(page);
  });
  // Every test starts from the products page, freshly loaded (the session lives in the cookie
  // and local storage), so one that failed with a drawer or dialog open cannot take the next down.
  // Every screen runs under the Content-Security-Policy it is sent.
  afterEach(() => {
    expect(violations.splice(0)).toEqual([]);
  });
  beforeEach(async () => {
    await page.goto(url("/products"), { waitUntil: "networkidle" });
    await waitForHydration(page);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("a visitor sees prices and an 'Add to cart' button (a guest may add), and no cart", async () => {
    const notebook = card(page, "Linen notebook");
    await expect.poll(() => notebook.getByLabel("Price: $18.00").count()).toBe(1);
    expect(await page.locator("[data-cart-button]").count()).toBe(0);
    await expect.poll(() => notebook.getByRole("button", { name: "Add to cart" }).isEnabled()).toBe(true);
  });

  it("registers through the UI; the cart icon appears, with no badge while empty", async () => {
    await register(page, "en", EMAIL);
    await page.locator("[data-cart-button]").waitFor();
    expect(await badge(page).count()).toBe(0);
  });

  it("adds two products from their cards; the badge counts them and the cards show the cart actions", async () => {
    for (const title of ["Linen notebook", "Ceramic mug"]) {
      const add = card(page, title).getByRole("button", { name: "Add to cart" });
      await add.click();
      await toast(page, "Added to cart").waitFor();
      await card(page, title).locator('[data-in-cart="true"]').waitFor();
    }
    await expect.poll(() => badge(page).textContent()).toBe("2");
    const mug = card(page, "Ceramic mug");
    expect(await mug.getByRole("button", { name: "Checkout" }).count()).toBe(1);
    expect(await mug.getByRole("button", { name: "Delete" }).count()).toBe(1);
    expect(await mug.getByLabel("Quantity: Ceramic mug").inputValue()).toBe("1");
    await mug.scrollIntoViewIfNeeded();
    await dismissToasts(page);
    await screenshot(page, "shop-product-card");
  });

  it("opens the cart drawer, changes a quantity, and goes to the cart page", async () => {
    await page.getByRole("button", { name: "Open cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Cart" });
    await drawer.locator("[data-cart-order]").nth(1).waitFor();
    expect(await drawer.locator("[data-cart-order]").count()).toBe(2);
    const width = (await drawer.boundingBox())!.width;
    expect(width).toBeGreaterThanOrEqual(539);
    expect(width).toBeLessThanOrEqual(541);
    await drawer.getByLabel("Quantity: Ceramic mug").fill("3");
    await drawer.getByRole("button", { name: "Update" }).click();
    await toast(page, "Updated successfully").waitFor();
    await expect.poll(() => badge(page).textContent()).toBe("4");
    // 18.00 + 3 × 24.50 and 16.50 + 3 × 22.00, exactly.
    await expect.poll(() => drawer.locator("[data-totals]").textContent()).toBe("Total$91.50€82.50");
    await slidIn(page, drawer);
    await dismissToasts(page);
    await screenshot(page, "shop-cart-drawer");
    await drawer.getByRole("link", { name: "Go to checkout" }).click();
    await page.waitForURL(url("/cart"));
  });

  it("checks out the cart with dummy, pays on the payment page and sees the orders as approving", async () => {
    await page.goto(url("/cart"), { waitUntil: "networkidle" });
    await waitForHydration(page);
    const checkout = page.locator("[data-cart-checkout]");
    await checkout.waitFor();
    expect(await checkout.locator("[data-cart-order]").count()).toBe(2);
    await expect.poll(() => checkout.locator("[data-totals]").textContent()).toBe("Total$91.50€82.50");
    expect(await checkout.getByLabel("Payment provider").inputValue()).toBe("Dummy (test payments)");
    expect(await checkout.getByLabel("Email for the invoice").inputValue()).toBe(EMAIL);
    await fillAddress(page, checkout, "en");
    await screenshot(page, "shop-checkout");
    await checkout.getByRole("button", { name: "Checkout" }).click();

    await page.waitForURL(/\/billing\/dummy\/pay\/[0-9a-f-]+\?token=/);
    await waitForHydration(page);
    const payment = page.locator("[data-invoice]");
    await payment.waitFor();
    expect(await payment.getAttribute("data-invoice-status")).toBe("new");
    expect(await payment.locator("[data-amount]").textContent()).toBe("$91.50");
    expect(await payment.locator("[data-payment-line]").allTextContents()).toEqual(
      expect.arrayContaining(["Linen notebook× 1", "Ceramic mug× 3"]),
    );
    expect(await payment.textContent()).toContain(EMAIL);
    await screenshot(page, "shop-payment-page");
    await page.getByRole("button", { name: "Pay $91.50" }).click();

    await page.waitForURL(url("/cart?payment=paid"));
    await page.getByText("Thank you! Your payment has been received.").waitFor();
    const history = page.locator("[data-history-order]");
    await history.nth(1).waitFor();
    expect(await history.locator("[data-order-status]").allTextContents()).toEqual(["Paid", "Paid"]);
    // The thank-you notice names both orders of the checkout, by their numbers, paid in the desk's word.
    const numbers = (await history.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-history-order")!)))
      .map((id) => `Order ${id.slice(0, 8)}: Paid`)
      .sort();
    await expect.poll(async () => (await page.locator("[data-paid-order]").allTextContents()).sort()).toEqual(numbers);
    await page.locator("[data-cart-empty]").waitFor();
    expect(await badge(page).count()).toBe(0);
    await screenshot(page, "shop-paid");

    const subjectId = await subjectIdIn(page);
    const past = await ordersOf(subjectId, "history");
    expect(past.map((o) => o.status)).toEqual(["approving", "approving"]);
    expect(await ordersOf(subjectId, "cart")).toEqual([]);
    const invoices = await invoicesOf(EMAIL);
    expect(invoices.map((i) => [i.status, i.amount, i.provider])).toEqual([["paid", "91.50", "dummy"]]);

    // The paid invoice's page now shows its status instead of the buttons.
    await page.goBack();
    await page.locator('[data-invoice-done="paid"]').waitFor();
    expect(await page.getByRole("button", { name: /^Pay/ }).count()).toBe(0);
  });

  it("one step checkout from the product page in euros, declined on the payment page: the order waits unpaid in the orders list, and Back to cart puts it in the cart", async () => {
    await page.goto(url("/ecommerce/products/ceramic-mug"), { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Buy now" }).click();
    const dialog = page.getByRole("dialog", { name: "One step checkout" });
    await dialog.getByText("EUR €").click();
    await dialog.getByLabel("Quantity").fill("2");
    await dialog.getByLabel("Comment").fill("Gift wrap, please");
    // The address the last order shipped to is offered again.
    await expect.poll(() => dialog.getByLabel("City").inputValue()).toBe("Berlin");
    await expect.poll(() => dialog.locator("[data-chosen-price]").textContent()).toBe("€22.00Total: €44.00");
    await screenshot(page, "shop-one-step-checkout");
    await dialog.getByRole("button", { name: "One step checkout" }).click();

    await page.waitForURL(/\/billing\/dummy\/pay\//);
    await waitForHydration(page);
    await expect.poll(() => page.locator("[data-amount]").textContent()).toBe("€44.00");
    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL(url("/cart?payment=declined"));
    await page
      .getByText(
        "The payment was declined. Your order is waiting in your orders below: pay now, or take it back to the cart.",
      )
      .waitFor();
    // Newest first: the declined order, unpaid, with Pay now and Back to cart.
    const unpaid = page.locator('[data-history-order][data-status="paying"]').first();
    await unpaid.waitFor();
    await unpaid.getByRole("button", { name: "Pay now" }).waitFor();
    await unpaid.getByRole("button", { name: "Back to cart" }).click();
    await page.getByText("The items are back in your cart.").waitFor();
    await page.locator("[data-cart-order]").waitFor();
    await expect.poll(() => badge(page).textContent()).toBe("2");

    const subjectId = await subjectIdIn(page);
    const cart = await ordersOf(subjectId, "cart");
    expect(cart.map((o) => [o.type, o.status, o.comment, o.ordersToProducts[0].quantity])).toEqual([
      ["cart", "new", "Gift wrap, please", 2],
    ]);
    const declined = (await invoicesOf(EMAIL)).find((i) => i.amount === "44.00");
    expect(declined?.status).toBe("failed");
  });

  it("in Russian at phone width: sign up, add to cart, the drawer, checkout, pay, and the order as approving", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const ru = await phone.newPage();
    watch(ru);
    try {
      await register(ru, "ru", RU_EMAIL);
      await ru.goto(url("/ru/products"), { waitUntil: "networkidle" });
      await waitForHydration(ru);
      const notebook = card(ru, "Блокнот в льняной обложке");
      await expect.poll(() => notebook.getByLabel("Цена: $18.00").count()).toBe(1);
      await notebook.getByRole("button", { name: "В корзину" }).click();
      await toast(ru, "Добавлено в корзину").waitFor();
      await expect.poll(() => badge(ru).textContent()).toBe("1");
      await notebook.scrollIntoViewIfNeeded();
      await dismissToasts(ru);
      await screenshot(ru, "shop-product-card-ru");

      // The cart icon stays on the bar beside the burger at phone width.
      await ru.evaluate(() => window.scrollTo(0, 0));
      await ru.getByRole("button", { name: "Открыть корзину" }).click();
      const drawer = ru.getByRole("dialog", { name: "Корзина" });
      await drawer.locator("[data-cart-order]").waitFor();
      expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(391);
      await expect.poll(() => drawer.locator("[data-totals]").textContent()).toBe("Итого$18.00€16.50");
      await slidIn(ru, drawer);
      await dismissToasts(ru);
      await screenshot(ru, "shop-cart-drawer-ru");
      await drawer.getByRole("link", { name: "Перейти к оформлению" }).click();
      await ru.waitForURL(url("/ru/cart"));

      const checkout = ru.locator("[data-cart-checkout]");
      await checkout.waitFor();
      await checkout.getByText("EUR €").click();
      expect(await checkout.getByLabel("Платёжная система").inputValue()).toBe("Тестовая оплата (dummy)");
      await fillAddress(ru, checkout, "ru");
      await checkout.getByRole("button", { name: "Оформить заказ" }).scrollIntoViewIfNeeded();
      await screenshot(ru, "shop-checkout-ru");
      await checkout.getByRole("button", { name: "Оформить заказ" }).click();

      await ru.waitForURL(/\/ru\/billing\/dummy\/pay\/[0-9a-f-]+\?token=/);
      await expect.poll(() => ru.locator("[data-amount]").textContent()).toBe("€16.50");
      expect(await ru.getAttribute("html", "lang")).toBe("ru");
      await screenshot(ru, "shop-payment-page-ru");
      await ru.getByRole("button", { name: "Оплатить €16.50" }).click();

      await ru.waitForURL(url("/ru/cart?payment=paid"));
      await ru.getByText("Спасибо! Оплата получена.").waitFor();
      await expect.poll(() => ru.locator("[data-order-status]").first().textContent()).toBe("Оплачен");
      await screenshot(ru, "shop-paid-ru");
      const subjectId = await subjectIdIn(ru);
      const [paidRu] = await ordersOf(subjectId, "history");
      await expect
        .poll(() => ru.locator("[data-paid-order]").allTextContents())
        .toEqual([`Заказ ${paidRu.id.slice(0, 8)}: Оплачен`]);
      expect((await ordersOf(subjectId, "history")).map((o) => o.status)).toEqual(["approving"]);
      expect((await invoicesOf(RU_EMAIL)).map((i) => [i.status, i.amount])).toEqual([["paid", "16.50"]]);
    } finally {
      await phone.close();
    }
  });

  it("a store's page shows its own price, and a product added there is charged at it", async () => {
    await page.goto(url("/ecommerce/stores/northwind-store"), { waitUntil: "networkidle" });
    await waitForHydration(page);
    const mug = card(page, "Ceramic mug");
    await expect.poll(() => mug.getByLabel("Price: $21.00").count()).toBe(1);
    await mug.getByRole("button", { name: "Add to cart" }).click();
    await toast(page, "Added to cart").waitFor();
    await mug.locator('[data-in-cart="true"]').waitFor();
    await mug.scrollIntoViewIfNeeded();
    await dismissToasts(page);
    await screenshot(page, "shop-store");
    const subjectId = await subjectIdIn(page);
    // The declined one-step order (2 mugs, no store) stays a line of its own at the product's price.
    const usdTotals = (await ordersOf(subjectId, "cart")).map((o) => [
      o.ordersToProducts[0].storeId ? "store" : "product",
      o.total.find((t: any) => t.billingModuleCurrency.slug === "usd").total,
    ]);
    expect(usdTotals.sort()).toEqual([
      ["product", "49.00"],
      ["store", "21.00"],
    ]);
  });

  it("a payment link with a wrong token is a 404 page that says so", async () => {
    const response = await page.goto(url("/billing/dummy/pay/00000000-0000-4000-8000-000000000000?token=wrong"));
    expect(response?.status()).toBe(404);
    await page.getByText("This payment link is not valid.").waitFor();
    expect(response?.headers()["cache-control"]).toBe("no-store");
  });

  it("no page had a script error", () => {
    expect(problems).toEqual([]);
  });
});
