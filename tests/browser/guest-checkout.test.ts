import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { SmtpPeer, textBody } from "../notification/smtp-peer.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  type RunningApp,
} from "./helpers/browser-app.js";

const WORDS = {
  en: {
    prefix: "",
    mug: "Ceramic mug",
    notebook: "Linen notebook",
    addToCart: "Add to cart",
    added: "Added to cart",
    viewCart: "View cart",
    email: "Email for the invoice",
    name: "Full name",
    line1: "Address",
    postalCode: "Postal code",
    city: "City",
    country: "Country",
    countryName: "Germany",
    checkout: "Checkout",
    decline: "Decline",
    declined:
      "The payment was declined. Your order is waiting in your orders below: pay now, or take it back to the cart.",
    payNow: "Pay now",
    backToCart: "Back to cart",
    backInCart: "The items are back in your cart.",
    paid: "Thank you! Your payment has been received.",
    paying: "Awaiting payment",
    approving: "Paid",
    order: "Order",
    signIn: "Sign in",
    signUp: "Sign up",
    reason: "Sign in or create an account to keep your cart",
    login: "Email",
    password: "Password",
    create: "Create an account",
    shipsTo: "Ships to",
    payMail: "Pay now:",
    approvedMail: "Paid, being approved",
    linkExpired: "This order link has expired.",
  },
  ru: {
    prefix: "/ru",
    mug: "Керамическая кружка",
    notebook: "Блокнот в льняной обложке",
    addToCart: "В корзину",
    added: "Добавлено в корзину",
    viewCart: "Открыть корзину",
    email: "Почта для счёта",
    name: "Имя и фамилия",
    line1: "Адрес",
    postalCode: "Почтовый индекс",
    city: "Город",
    country: "Страна",
    countryName: "Германия",
    checkout: "Оформить заказ",
    decline: "Отклонить",
    declined: "Платёж отклонён. Заказ ждёт в списке заказов ниже: оплатите его сейчас или верните в корзину.",
    payNow: "Оплатить сейчас",
    backToCart: "Вернуть в корзину",
    backInCart: "Товары снова в корзине.",
    paid: "Спасибо! Оплата получена.",
    paying: "Ожидает оплаты",
    approving: "Оплачен",
    order: "Заказ",
    signIn: "Войти",
    signUp: "Зарегистрироваться",
    reason: "Войдите или создайте учётную запись, чтобы сохранить корзину",
    login: "Электронная почта",
    password: "Пароль",
    create: "Создать аккаунт",
    shipsTo: "Доставка по адресу",
    payMail: "Оплатить сейчас:",
    approvedMail: "Оплачен, подтверждается",
    linkExpired: "Срок действия ссылки на заказ истёк.",
  },
} as const;
type Language = keyof typeof WORDS;

/** Every language at desktop and phone width; each row runs both paths below. */
const ROWS: [Language, number][] = [
  ["en", 1280],
  ["en", 390],
  ["ru", 1280],
  ["ru", 390],
];

// The buyer's path (docs/shop.md) in a real Chromium, in English and Russian, at desktop and phone width (one app for
// all rows): a guest adds the mug, checks out with an address and the dummy provider, declines,
// finds the order unpaid in the orders list, takes it back to the cart, checks out and declines
// again, pays from the orders list with 'Pay now' (a new invoice), and gets the mails (a local
// SMTP peer): the order mail with its signed link, which opens the order with no session, and
// the paid mail. A second guest fills a cart, signs up from the cart page's sign-in link and
// finds the cart kept.
describe.skipIf(!hasChromium)("guest checkout in Chromium", () => {
  const smtp = new SmtpPeer();
  let running: RunningApp;
  let browser: Browser;
  const problems: string[] = [];

  const api = async (path: string) =>
    (await running.app.inject({ method: "GET", url: path, headers: { "x-rbac-secret-key": SECRET } })).json().data;
  const subjectIdIn = (target: Page) =>
    target.evaluate(async () => (await (await fetch("/api/rbac/subjects/authentication/me")).json()).data.id as string);
  const card = (target: Page, title: string) => target.locator("[data-product-card]", { hasText: title });
  const shot = (target: Page, name: string) => screenshot(target, name);
  const open = async (language: Language, width: number) => {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`${language}@${width} pageerror: ${error.message}`));
    return {
      context,
      page,
      go: async (path: string) => {
        await page.goto(`${running.url}${WORDS[language].prefix}${path}`, { waitUntil: "networkidle" });
        await waitForHydration(page);
      },
    };
  };
  const addFromCard = async (page: Page, language: Language, title: string) => {
    const w = WORDS[language];
    await card(page, title).getByRole("button", { name: w.addToCart }).click();
    const toast = page.locator(".mantine-Notification-root", { hasText: w.added }).last();
    await toast.waitFor();
    await card(page, title).locator('[data-in-cart="true"]').waitFor();
    return toast;
  };

  beforeAll(async () => {
    await smtp.start();
    running = await startApp({ seedDemoContent: true, smtpUrl: smtp.url });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await smtp.stop();
  });

  it.each(ROWS)(
    "%s at %i px: a guest checks out the mug with an address, declines, pays again from the orders list, and gets the mails",
    async (language, width) => {
      const w = WORDS[language];
      const email = `guest-${language}-${width}@example.com`;
      const { context, page, go } = await open(language, width);
      try {
        await go("/products");
        expect(await page.locator("[data-cart-button]").count()).toBe(0);
        const toast = await addFromCard(page, language, w.mug);
        await shot(page, `guest-added-${language}-${width}`);
        await toast.getByRole("link", { name: w.viewCart }).click();
        await page.waitForURL(`${running.url}${w.prefix}/cart`);
        await waitForHydration(page);

        const checkout = page.locator("[data-cart-checkout]");
        await checkout.waitFor();
        await page.locator("[data-guest-note]").waitFor();
        await checkout.getByLabel(w.email).fill(email);
        // The mug ships: the address is asked for; Checkout with it empty names the fields.
        await checkout.locator("[data-shipping-address]").waitFor();
        await checkout.getByRole("button", { name: w.checkout }).click();
        await expect.poll(() => checkout.locator('[data-address-field="name"][aria-invalid="true"]').count()).toBe(1);
        await checkout.getByLabel(w.name).fill("Ann Buyer");
        await checkout.getByLabel(w.line1, { exact: false }).first().fill("Hauptstraße 1");
        await checkout.getByLabel(w.postalCode).fill("10115");
        await checkout.getByLabel(w.city).fill("Berlin");
        const country = checkout.locator('input[data-address-field="country"]');
        await country.click();
        await country.fill(w.countryName.slice(0, 4));
        await page.getByRole("option", { name: w.countryName, exact: true }).click();
        await checkout.locator("[data-shipping-address]").scrollIntoViewIfNeeded();
        await shot(page, `guest-checkout-address-${language}-${width}`);
        await checkout.getByRole("button", { name: w.checkout }).click();

        // Declined on the payment page: the order waits, unpaid, in the orders list.
        await page.waitForURL(/\/billing\/dummy\/pay\/[0-9a-f-]+\?token=/);
        await waitForHydration(page);
        const payments = [new URL(page.url()).pathname];
        const decline = async () => {
          await page.getByRole("button", { name: w.decline }).click();
          await page.waitForURL(`${running.url}${w.prefix}/cart?payment=declined`);
          await waitForHydration(page);
          await page.getByText(w.declined).waitFor();
        };
        await decline();
        const unpaid = page.locator('[data-history-order][data-status="paying"]');
        await unpaid.waitFor();
        expect(await unpaid.locator("[data-order-status]").textContent()).toBe(w.paying);
        expect(await unpaid.locator("[data-ships-to]").textContent()).toContain(
          `Ann Buyer, Hauptstraße 1, 10115 Berlin, ${w.countryName}`,
        );
        expect(await page.locator("[data-cart-order]").count()).toBe(0);
        await unpaid.scrollIntoViewIfNeeded();
        await shot(page, `guest-declined-orders-${language}-${width}`);

        // Back to cart: the mug is in the cart again, and the orders list has nothing unpaid.
        await unpaid.getByRole("button", { name: w.backToCart }).click();
        await page.locator(".mantine-Notification-root", { hasText: w.backInCart }).waitFor();
        await checkout.locator("[data-cart-order]").waitFor();
        await expect.poll(() => unpaid.count()).toBe(0);
        // Checked out again (the address offered again) and declined again.
        await expect.poll(() => checkout.getByLabel(w.city).inputValue()).toBe("Berlin");
        await checkout.getByLabel(w.email).fill(email);
        await checkout.getByRole("button", { name: w.checkout }).click();
        await page.waitForURL(/\/billing\/dummy\/pay\//);
        await waitForHydration(page);
        payments.push(new URL(page.url()).pathname);
        await decline();

        // Pay now from the orders list: a new invoice's page, paid.
        await unpaid.waitFor();
        await unpaid.scrollIntoViewIfNeeded();
        await shot(page, `guest-orders-pay-now-${language}-${width}`);
        await unpaid.getByRole("button", { name: w.payNow }).click();
        await page.waitForURL(/\/billing\/dummy\/pay\//);
        await waitForHydration(page);
        expect(payments).not.toContain(new URL(page.url()).pathname);
        await page.getByRole("button", { name: /^(Pay|Оплатить) / }).click();
        await page.waitForURL(`${running.url}${w.prefix}/cart?payment=paid`);
        await page.getByText(w.paid).waitFor();
        await expect
          .poll(() => page.locator("[data-history-order] [data-order-status]").first().textContent())
          .toBe(w.approving);

        const subjectId = await subjectIdIn(page);
        const history = await api(`/api/rbac/subjects/${subjectId}/ecommerce-module/orders?type=history`);
        expect(history.map((o: any) => [o.status, o.email, o.shippingAddress?.country])).toEqual([
          ["approving", email, "DE"],
        ]);
        // The thank-you notice names the order by the number of its mails and the desk, and says it is paid as the desk does.
        await expect
          .poll(() => page.locator('[data-payment-outcome="paid"] [data-paid-order]').allTextContents())
          .toEqual([`${w.order} ${history[0].id.slice(0, 8)}: ${w.approving}`]);
        await shot(page, `guest-thank-you-${language}-${width}`);
        const invoices = ((await api("/api/billing/invoices?limit=100")) as any[]).filter((i) => i.email === email);
        expect(invoices.map((i) => i.status).sort()).toEqual(["failed", "failed", "paid"]);

        // The mails: "paying" with Pay now and the address, then "approving"; the order link opens the order with no session.
        const mails = () => smtp.received.filter((m) => m.to.includes(email)).map((m) => textBody(m.raw));
        await expect
          .poll(() => mails().filter((text) => text.includes(w.approvedMail)).length, { timeout: 20_000 })
          .toBeGreaterThanOrEqual(1);
        const payingMail = mails().find((text) => text.includes(w.payMail))!;
        // The address as the parcel's lines, the country named in the mail's language.
        expect(payingMail.replace(/\r\n/g, "\n")).toContain(`Ann Buyer\nHauptstraße 1\n10115 Berlin\n${w.countryName}`);
        const link = new URL(/https?:\/\/\S+[?&]order=\S+/.exec(payingMail)![0]);
        const anonymous = await browser.newContext({ viewport: { width, height: 844 } });
        try {
          const linked = await anonymous.newPage();
          await linked.goto(`${running.url}${link.pathname}${link.search}`, { waitUntil: "networkidle" });
          await waitForHydration(linked);
          const order = linked.locator("[data-linked-order] [data-history-order]");
          await order.waitFor();
          await expect.poll(() => order.locator("[data-order-status]").textContent()).toBe(w.approving);
          await shot(linked, `guest-order-link-${language}-${width}`);
          // The same order's link past ORDER_LINK_MAX_AGE_DAYS says so.
          const orderId = link.searchParams.get("order")!;
          const expired = new URLSearchParams({
            order: orderId,
            token: running.app.shop.links.token(orderId, Date.now() - 31 * 86_400_000),
          });
          await linked.goto(`${running.url}${link.pathname}?${expired}`, { waitUntil: "networkidle" });
          await linked.locator('[data-linked-order-invalid="expired"]').getByText(w.linkExpired).waitFor();
        } finally {
          await anonymous.close();
        }
      } finally {
        await context.close();
      }
    },
    240_000,
  );

  it.each(ROWS)(
    "%s at %i px: a second guest fills a cart, signs up from the cart page, and finds the cart kept",
    async (language, width) => {
      const w = WORDS[language];
      const email = `kept-${language}-${width}@example.com`;
      const { context, page, go } = await open(language, width);
      try {
        await go("/products");
        await addFromCard(page, language, w.notebook);
        await addFromCard(page, language, w.mug);
        const guestId = await subjectIdIn(page);
        await go("/cart");
        await page.locator("[data-guest-note]").getByRole("link", { name: w.signIn }).click();
        await waitForHydration(page);
        await page.locator('[data-sign-in-reason="cart"]').getByText(w.reason).waitFor();
        await shot(page, `guest-sign-in-reason-${language}-${width}`);
        await page.getByRole("link", { name: w.signUp }).click();
        await page.waitForURL(/registration\?reason=cart/);
        await waitForHydration(page);
        await page.locator('[data-sign-in-reason="cart"]').waitFor();
        await page.getByLabel(w.login, { exact: true }).fill(email);
        await page.getByLabel(w.password, { exact: true }).fill("kept password 1");
        await page.getByRole("button", { name: w.create }).click();
        await page.waitForURL(`${running.url}${w.prefix}/cart`);
        await waitForHydration(page);
        const checkout = page.locator("[data-cart-checkout]");
        await checkout.waitFor();
        expect(await checkout.locator("[data-cart-order]").count()).toBe(2);
        expect(await page.locator("[data-guest-note]").count()).toBe(0);
        await shot(page, `guest-cart-kept-${language}-${width}`);
        expect(await subjectIdIn(page)).toBe(guestId);
        const cart = await api(`/api/rbac/subjects/${guestId}/ecommerce-module/orders`);
        expect(cart.length).toBe(2);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  it("no page had a script error", () => {
    expect(problems).toEqual([]);
  });
});
