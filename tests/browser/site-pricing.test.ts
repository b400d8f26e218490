import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import {
  RESULTS,
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
    addToCart: "Add to cart",
    plusTax: "+ tax",
    inclVat: "incl. VAT",
    email: "Email for the invoice",
    name: "Full name",
    line1: "Address",
    postalCode: "Postal code",
    city: "City",
    countryName: "Germany",
    france: "France",
    code: "Discount code",
    apply: "Apply",
    applied: "Code SPRING10 applied",
    expired: "old: This code has expired.",
    noDelivery: "We do not deliver to France.",
    discount: "Discount (SPRING10)",
    delivery: "Delivery (Express)",
    tax: "Tax",
    taxIncluded: "incl. VAT 19%",
    checkout: "Checkout",
    paid: "Thank you! Your payment has been received.",
    buyNow: "Buy now",
    quantity: "Quantity",
    region: "State or region (optional)",
    oneStep: "One step checkout",
    addedAtCheckout: "Delivery and tax are added at checkout.",
  },
  ru: {
    prefix: "/ru",
    mug: "Керамическая кружка",
    addToCart: "В корзину",
    plusTax: "+ налог",
    inclVat: "вкл. НДС",
    email: "Почта для счёта",
    name: "Имя и фамилия",
    line1: "Адрес",
    postalCode: "Почтовый индекс",
    city: "Город",
    countryName: "Германия",
    france: "Франция",
    code: "Промокод",
    apply: "Применить",
    applied: "Промокод SPRING10 применён",
    expired: "old: Срок действия промокода истёк.",
    noDelivery: "Доставка в эту страну (Франция) недоступна.",
    discount: "Скидка (SPRING10)",
    delivery: "Доставка (Экспресс)",
    tax: "Налог",
    taxIncluded: "в т. ч. НДС 19%",
    checkout: "Оформить заказ",
    paid: "Спасибо! Оплата получена.",
    buyNow: "Купить сейчас",
    quantity: "Количество",
    region: "Регион или область (необязательно)",
    oneStep: "Оформить в один шаг",
    addedAtCheckout: "Доставка и налог добавляются при оформлении заказа.",
  },
} as const;
type Language = keyof typeof WORDS;

const ROWS: [Language, number][] = [
  ["en", 1280],
  ["en", 390],
  ["ru", 1280],
  ["ru", 390],
];

/** How long a poll waits for a quote: a busy CI machine has taken more than the usual 10 s. */
const QUOTED = { timeout: 30_000 };

/** The shop's rules, written as the owner would through the generic routes: two deliveries to Germany, its VAT, two codes. */
async function writeRules(running: RunningApp) {
  const post = async (model: string, data: Record<string, unknown>) => {
    const answer = await running.app.inject({
      method: "POST",
      url: `/api/${model}`,
      headers: { "x-rbac-secret-key": SECRET },
      payload: { data },
    });
    if (answer.statusCode !== 201) throw new Error(`${model}: ${answer.body}`);
  };
  const currencies = (
    await running.app.inject({
      method: "GET",
      url: "/api/billing/currencies?limit=10",
      headers: { "x-rbac-secret-key": SECRET },
    })
  ).json().data as { id: string; slug: string }[];
  const usd = currencies.find((c) => c.slug === "usd")!;
  const rate = (en: string, ru: string, amount: string) => ({
    title: { en, ru },
    countries: ["DE"],
    currencyId: usd.id,
    amount,
  });
  await post("ecommerce/shipping-rates", rate("Standard", "Стандартная", "4.90"));
  await post("ecommerce/shipping-rates", rate("Express", "Экспресс", "9.90"));
  await post("ecommerce/tax-rates", { title: { en: "VAT", ru: "НДС" }, country: "DE", rate: "19", taxShipping: false });
  // A region's own rate (made up for the test): an address in Bayern pays it instead of Germany's.
  await post("ecommerce/tax-rates", {
    title: { en: "VAT Bayern", ru: "НДС Бавария" },
    country: "DE",
    region: "Bayern",
    rate: "7",
    taxShipping: false,
  });
  await post("ecommerce/discount-codes", { code: "SPRING10", kind: "percent", value: "10" });
  await post("ecommerce/discount-codes", { code: "OLD", kind: "percent", value: "10", endsAt: "2020-01-01T00:00:00Z" });
}

// The buyer's side of shop pricing (docs/shop.md, docs/shop-pricing.md) in Chromium, in English and
// Russian, at desktop and phone width: the demo mug says "+ tax" beside its price; a guest puts it
// in the cart, gives a German address, sees the two deliveries and takes the dearer one, types a
// code in lower case and sees it applied, sees an expired code's reason, and pays with the dummy
// provider. The invoice charges exactly the total the page showed, and its breakdown's discount,
// delivery and tax are the page's. Then with PRICES_INCLUDE_TAX the tax shows as inside the prices,
// and an address nothing delivers to stops the checkout.
describe.skipIf(!hasChromium)("shop pricing on the site in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true });
    await writeRules(running);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it.each(ROWS)(
    "%s at %i px: a guest picks the dearer delivery, applies a code, is told why an expired one is refused, and pays the total shown",
    async (language, width) => {
      const w = WORDS[language];
      const email = `pricing-${language}-${width}@example.com`;
      const { context, page } = await open(browser, problems, language, width);
      const shot = (target: Page | Locator, name: string) => take(target, `site-pricing-${name}-${language}-${width}`);
      try {
        const quotes = countQuotes(page);
        await page.goto(`${running.url}${w.prefix}/products`, { waitUntil: "networkidle" });
        await waitForHydration(page);
        const mug = page.locator("[data-product-card]", { hasText: w.mug });
        // The shop has a tax rate and net prices: "+ tax" beside the price.
        expect(await mug.locator('[data-price-tax="added"]').textContent()).toContain(w.plusTax);
        await shot(mug, "card");
        await mug.getByRole("button", { name: w.addToCart }).click();
        await mug.locator('[data-in-cart="true"]').waitFor();
        // The cart drawer's goods total says what the checkout adds to it.
        await page.locator("[data-cart-button]").first().click();
        const added = page.locator("[data-added-at-checkout]");
        await added.waitFor();
        expect(await added.textContent()).toBe(w.addedAtCheckout);
        await shot(page, "drawer");
        await page.goto(`${running.url}${w.prefix}/cart`, { waitUntil: "networkidle" });
        await waitForHydration(page);

        const checkout = page.locator("[data-cart-checkout]");
        await checkout.waitFor();
        await checkout.getByLabel(w.email).fill(email);
        await fillAddress(page, checkout, w, w.countryName);
        // Germany's two deliveries, the cheaper one chosen until the buyer picks.
        const options = checkout.locator("[data-shipping-option]");
        await expect.poll(() => options.count()).toBe(2);
        expect(await options.nth(0).getAttribute("aria-checked")).toBe("true");
        expect(await options.allTextContents()).toEqual(
          language === "en" ? ["Standard$4.90", "Express$9.90"] : ["Стандартная$4.90", "Экспресс$9.90"],
        );
        const breakdown = checkout.locator('[data-price-breakdown][data-pending="false"]');
        await expect.poll(() => amountOf(breakdown, "shipping")).toBe("4.90");

        const asked = quotes.count();
        await options.nth(1).click();
        await expect.poll(() => amountOf(breakdown, "shipping")).toBe("9.90");
        expect(await row(breakdown, "shipping").textContent()).toBe(`${w.delivery}$9.90`);
        // One quote for one change.
        expect(quotes.count() - asked).toBe(1);

        const codeField = checkout.getByLabel(w.code, { exact: true });
        await codeField.fill("spring10");
        await checkout.getByRole("button", { name: w.apply }).click();
        await checkout.locator('[data-code-state="applied"]').getByText(w.applied).waitFor();
        await codeField.fill("old");
        await codeField.press("Enter");
        const refused = checkout.locator('[data-code-state="refused"]');
        await refused.waitFor();
        expect(await refused.textContent()).toBe(w.expired);
        // The mug's 24.50 less 10% is 22.05; its tax, 19% of 22.05 = 4.1895, is 4.19; 22.05 + 9.90 + 4.19.
        await expect.poll(() => amountOf(breakdown, "discount")).toBe("2.45");
        expect(await row(breakdown, "discount").textContent()).toBe(`${w.discount}−$2.45`);
        expect(await row(breakdown, "tax").textContent()).toBe(`${w.tax}$4.19`);
        const shown = await figuresOf(breakdown);
        expect(shown).toEqual({ discount: "2.45", shipping: "9.90", tax: "4.19", total: "36.14" });
        await breakdown.scrollIntoViewIfNeeded();
        await shot(page, "breakdown");
        await checkout.locator("[data-discount-codes]").scrollIntoViewIfNeeded();
        await shot(page, "codes");
        await shot(checkout.locator("form"), "checkout-card");

        await checkout.getByRole("button", { name: w.checkout }).click();
        await page.waitForURL(/\/billing\/dummy\/pay\//);
        await waitForHydration(page);
        await page.getByRole("button", { name: /^(Pay|Оплатить) \$36\.14$/ }).click();
        await page.waitForURL(`${running.url}${w.prefix}/cart?payment=paid`);
        await page.getByText(w.paid).waitFor();
        // The orders list says what the payment charged, delivery and tax in, not the mug's 24.50.
        const paidOrder = page.locator("[data-history-order] [data-order-total]");
        await paidOrder.waitFor();
        expect(await paidOrder.getAttribute("data-order-total")).toBe("36.14");
        expect(await paidOrder.textContent()).toBe("$36.14");
        await paidOrder.scrollIntoViewIfNeeded();
        await shot(page, "orders-list");

        const invoice = await invoiceOf(running, email);
        expect(invoice.amount).toBe(shown.total);
        expect({
          discount: invoice.breakdown.discount,
          shipping: invoice.breakdown.shipping,
          tax: invoice.breakdown.tax,
          total: invoice.breakdown.total,
        }).toEqual(shown);
        expect(invoice.breakdown.appliedCodes).toEqual(["SPRING10"]);
      } finally {
        await context.close();
      }
    },
    180_000,
  );

  it.each([
    ["en", 1280],
    ["ru", 390],
  ] as [Language, number][])(
    "%s at %i px: Buy now quotes two mugs with delivery, the region's tax and a code before paying, and charges what it showed",
    async (language, width) => {
      const w = WORDS[language];
      const email = `buy-now-${language}-${width}@example.com`;
      const { context, page } = await open(browser, problems, language, width);
      const shot = (target: Page | Locator, name: string) => take(target, `site-pricing-${name}-${language}-${width}`);
      try {
        await page.goto(`${running.url}${w.prefix}/products`, { waitUntil: "networkidle" });
        await waitForHydration(page);
        await page.locator("[data-product-card]", { hasText: w.mug }).getByRole("button", { name: w.buyNow }).click();
        const dialog = page.getByRole("dialog", { name: w.oneStep });
        const form = dialog.locator("[data-product-checkout]");
        await form.waitFor();
        await form.getByLabel(w.email).fill(email);
        await form.getByLabel(w.quantity).fill("2");
        await fillAddress(page, form, w, w.countryName);
        const breakdown = form.locator('[data-price-breakdown][data-pending="false"]');
        // Two mugs, 49.00; the cheaper delivery, 4.90; Germany's 19% of 49.00 = 9.31.
        await expect
          .poll(() => figuresOf(breakdown), QUOTED)
          .toEqual({
            discount: null,
            shipping: "4.90",
            tax: "9.31",
            total: "63.21",
          });
        // An address in Bayern (typed in any case) pays its 7%: 3.43.
        await form.getByLabel(w.region).fill("bayern");
        await expect.poll(() => amountOf(breakdown, "tax")).toBe("3.43");
        const codeField = form.getByLabel(w.code, { exact: true });
        await codeField.fill("spring10");
        await form.getByRole("button", { name: w.apply }).click();
        await form.locator('[data-code-state="applied"]').getByText(w.applied).waitFor();
        // 49.00 less 10% is 44.10; 7% of it is 3.087, 3.09; 44.10 + 4.90 + 3.09.
        await expect
          .poll(() => figuresOf(breakdown), QUOTED)
          .toEqual({
            discount: "4.90",
            shipping: "4.90",
            tax: "3.09",
            total: "52.09",
          });
        await breakdown.scrollIntoViewIfNeeded();
        await shot(page, "buy-now");

        await form.locator("[data-checkout-submit]").click();
        await page.waitForURL(/\/billing\/dummy\/pay\//);
        await waitForHydration(page);
        await page.getByRole("button", { name: /^(Pay|Оплатить) \$52\.09$/ }).click();
        await page.waitForURL(/payment=paid/);
        const invoice = await invoiceOf(running, email);
        expect(invoice.amount).toBe("52.09");
        expect(invoice.breakdown).toMatchObject({
          discount: "4.90",
          shipping: "4.90",
          tax: "3.09",
          appliedCodes: ["SPRING10"],
          destination: { country: "DE", region: "bayern" },
        });
      } finally {
        await context.close();
      }
    },
    180_000,
  );

  it("no page had a script error", () => {
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!hasChromium)("shop pricing with PRICES_INCLUDE_TAX in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, pricesIncludeTax: true });
    await writeRules(running);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it.each([
    ["en", 1280],
    ["ru", 390],
  ] as [Language, number][])(
    "%s at %i px: the tax shows as inside the prices; no delivery to France stops the checkout; the invoice is the page's",
    async (language, width) => {
      const w = WORDS[language];
      const email = `gross-${language}-${width}@example.com`;
      const { context, page } = await open(browser, problems, language, width);
      const shot = (target: Page | Locator, name: string) => take(target, `site-pricing-${name}-${language}-${width}`);
      try {
        // The product's page says it too, beside each of its prices.
        await page.goto(`${running.url}${w.prefix}/ecommerce/products/ceramic-mug`, { waitUntil: "networkidle" });
        expect(await page.locator('[data-product] [data-price-tax="included"]').count()).toBe(2);
        await shot(page, "product-page");
        await page.goto(`${running.url}${w.prefix}/products`, { waitUntil: "networkidle" });
        await waitForHydration(page);
        const mug = page.locator("[data-product-card]", { hasText: w.mug });
        expect(await mug.locator('[data-price-tax="included"]').textContent()).toContain(w.inclVat);
        await mug.getByRole("button", { name: w.addToCart }).click();
        await mug.locator('[data-in-cart="true"]').waitFor();
        await page.goto(`${running.url}${w.prefix}/cart`, { waitUntil: "networkidle" });
        await waitForHydration(page);

        const checkout = page.locator("[data-cart-checkout]");
        await checkout.waitFor();
        await checkout.getByLabel(w.email).fill(email);
        // France: nothing delivers there, and the checkout cannot be sent.
        await fillAddress(page, checkout, w, w.france);
        const problem = checkout.locator('[data-pricing-problem="no-shipping-rate"]');
        await problem.waitFor();
        expect(await problem.textContent()).toContain(w.noDelivery);
        expect(await checkout.locator("[data-checkout-submit]").isDisabled()).toBe(true);
        await problem.scrollIntoViewIfNeeded();
        await shot(page, "no-delivery");

        await chooseCountry(page, checkout, w.countryName);
        const breakdown = checkout.locator('[data-price-breakdown][data-pending="false"]');
        // The mug's 24.50 holds 24.50 × 19/119 = 3.9118 of VAT, 3.91; the total is the price and the delivery.
        await expect.poll(() => amountOf(breakdown, "tax-included")).toBe("3.91");
        expect(await row(breakdown, "tax-included").textContent()).toBe(`${w.taxIncluded}$3.91`);
        expect(await amountOf(breakdown, "shipping")).toBe("4.90");
        expect(await breakdown.locator("[data-total]").getAttribute("data-total")).toBe("29.40");
        await breakdown.scrollIntoViewIfNeeded();
        await shot(page, "gross-breakdown");

        await checkout.getByRole("button", { name: w.checkout }).click();
        await page.waitForURL(/\/billing\/dummy\/pay\//);
        await waitForHydration(page);
        await page.getByRole("button", { name: /^(Pay|Оплатить) \$29\.40$/ }).click();
        await page.waitForURL(`${running.url}${w.prefix}/cart?payment=paid`);
        const invoice = await invoiceOf(running, email);
        expect(invoice.amount).toBe("29.40");
        expect(invoice.breakdown).toMatchObject({ shipping: "4.90", tax: "3.91", taxIncluded: true });
      } finally {
        await context.close();
      }
    },
    180_000,
  );

  it("no page had a script error", () => {
    expect(problems).toEqual([]);
  });
});

async function open(browser: Browser, problems: string[], language: Language, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${language}@${width} pageerror: ${error.message}`));
  return { context, page };
}

/** Counts the page's quote requests (POST …/orders/quote). */
function countQuotes(page: Page) {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/orders/quote")) count++;
  });
  return { count: () => count };
}

async function fillAddress(page: Page, checkout: Locator, w: (typeof WORDS)[Language], country: string) {
  await checkout.getByLabel(w.name).fill("Ann Buyer");
  await checkout.getByLabel(w.line1, { exact: false }).first().fill("Hauptstraße 1");
  await checkout.getByLabel(w.postalCode).fill("10115");
  await checkout.getByLabel(w.city).fill("Berlin");
  await chooseCountry(page, checkout, country);
}

async function chooseCountry(page: Page, checkout: Locator, name: string) {
  const country = checkout.locator('input[data-address-field="country"]');
  await country.click();
  await country.fill(name.slice(0, 4));
  await page.getByRole("option", { name, exact: true }).click();
}

const row = (breakdown: Locator, part: string) => breakdown.locator(`[data-breakdown="${part}"]`);
const amountOf = async (breakdown: Locator, part: string) =>
  (await row(breakdown, part).count()) ? row(breakdown, part).first().getAttribute("data-amount") : null;

/**
 * The figures the page shows, as their exact amounts; all null while no settled breakdown is shown
 * (a quote on its way). Never waits itself: a poll asks again, and its failure shows what was last seen.
 */
async function figuresOf(breakdown: Locator) {
  const total = breakdown.locator("[data-total]");
  return {
    discount: await amountOf(breakdown, "discount"),
    shipping: await amountOf(breakdown, "shipping"),
    tax: await amountOf(breakdown, "tax"),
    total: (await total.count()) ? await total.first().getAttribute("data-total") : null,
  };
}

/** The guest's one invoice, read with the secret key. */
async function invoiceOf(running: RunningApp, email: string) {
  const answer = await running.app.inject({
    method: "GET",
    url: "/api/billing/invoices?limit=100",
    headers: { "x-rbac-secret-key": SECRET },
  });
  const invoices = (answer.json().data as any[]).filter((invoice) => invoice.email === email);
  expect(invoices).toHaveLength(1);
  return invoices[0];
}

/** A page's viewport, or one element whole, as test-results/{name}.png. */
async function take(target: Page | Locator, name: string) {
  if ("goto" in target) return screenshot(target, name);
  return target.screenshot({ path: join(RESULTS, `${name}.png`) });
}
