import { mkdirSync } from "node:fs";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { SmtpPeer, textBody } from "../notification/smtp-peer.js";
import { hasChromium, launchChromium, startApp, waitForHydration, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "owner@example.com", adminPassword: "owner password 123" };
const BUYER = "apron-buyer@example.com";
const SHOTS = "/tmp/shots";
const TITLE = "Linen apron";

const png = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

// The shop owner's walkthrough, in a real Chromium, with drafts on: a product made in
// the product editor (an USD and an EUR price, two photos dropped in, stock 2) and published; a
// customer sees its photo and price on the card and the page and buys it (the dummy provider);
// the owner finds the order in the desk by the number in the customer's mail (a local SMTP peer),
// sees customer and total, refunds it, and sees it canceled and the stock back at 2.
describe.skipIf(!hasChromium)("the owner's product, sale and refund in Chromium", () => {
  const smtp = new SmtpPeer();
  let running: RunningApp;
  let browser: Browser;
  const problems: string[] = [];
  const api = async (url: string) =>
    (await running.app.inject({ method: "GET", url, headers: { "x-rbac-secret-key": SECRET } })).json().data;
  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/owner-${name}.png`, fullPage: true });
  };
  const stockOf = async (id: string) => (await api(`/api/ecommerce/products/${id}?draft=true`)).stock;

  beforeAll(async () => {
    await smtp.start();
    running = await startApp({ seedDemoContent: true, drafts: true, smtpUrl: smtp.url, ...ADMIN });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await smtp.stop();
  });

  it("creates, prices, illustrates and publishes a product; a customer buys it; the owner refunds it and gets the stock back", async () => {
    const owner = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    const page = await owner.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => problems.push(`admin pageerror: ${error.message}`));
    let productId = "";
    try {
      await page.goto(`${running.url}/admin`);
      await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByTestId("nav-products").click();
      await page.getByTestId("products-table").waitFor();
      await page.getByTestId("product-new").click();
      await page.getByTestId("product-editor").waitFor();

      await page.getByTestId("product-title-en").fill(TITLE);
      await page.getByTestId("product-title-ru").fill("Льняной фартук");
      await page.getByTestId("product-short-en").fill("Washed linen, one size.");
      await page.getByTestId("product-short-ru").fill("Стираный лён, один размер.");
      await page.getByTestId("product-stock-input").fill("2");
      await page.getByTestId("price-own-usd").fill("32.00");
      await page.getByTestId("price-own-eur").fill("29.90");
      // A typo is marked before any request: three decimals in a two-decimal currency.
      await page.getByTestId("price-own-eur").fill("29.905");
      await page.getByTestId("product-save").click();
      await expect.poll(() => page.getByTestId("price-own-eur").getAttribute("aria-invalid")).toBe("true");
      await page.getByTestId("price-own-eur").fill("29.90");
      // Corrected, the field loses its mark at once.
      await expect.poll(() => page.getByTestId("price-own-eur").getAttribute("aria-invalid")).not.toBe("true");

      // Two photos dropped onto the editor (a real drop event carrying the files).
      const files = [
        { name: "apron-front.png", bytes: (await png(1200, 900, { r: 196, g: 164, b: 120 })).toString("base64") },
        { name: "apron-back.png", bytes: (await png(900, 1200, { r: 90, g: 110, b: 80 })).toString("base64") },
      ];
      const dataTransfer = await page.evaluateHandle((list) => {
        const transfer = new DataTransfer();
        for (const f of list)
          transfer.items.add(
            new File([Uint8Array.from(atob(f.bytes), (c) => c.charCodeAt(0))], f.name, { type: "image/png" }),
          );
        return transfer;
      }, files);
      const zone = page.getByTestId("product-photos-section").getByTestId("upload-drop");
      await zone.dispatchEvent("dragover", { dataTransfer });
      await zone.dispatchEvent("drop", { dataTransfer });
      const photos = page.getByTestId("product-photo");
      await expect.poll(() => photos.count()).toBe(2);
      // The back was dropped second; moved up it becomes the main image, and back down again.
      await photos.nth(1).getByTestId("photo-up").click();
      expect(await photos.first().textContent()).toContain("apron-back.png");
      expect(await photos.first().getByTestId("photo-main").count()).toBe(1);
      await photos.first().getByTestId("photo-down").click();
      expect(await photos.first().textContent()).toContain("apron-front.png");
      await photos.first().getByTestId("photo-alt-en").fill("A linen apron, front");
      await photos.first().getByTestId("photo-alt-ru").fill("Льняной фартук, вид спереди");
      await expect
        .poll(() =>
          photos
            .locator("img[data-testid=file-thumb]")
            .evaluateAll((imgs) =>
              imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
            ),
        )
        .toEqual([true, true]);

      // A category picked by its name (the demo's "Studio goods").
      await page.getByTestId("product-categories").click();
      await page.getByRole("option", { name: "Studio goods" }).click();
      await page.keyboard.press("Escape");
      await page.getByTestId("attribute-add").click();
      await page.getByTestId("attribute-name-en").fill("Material");
      await page.getByTestId("attribute-value-en").fill("Linen");
      await page.getByTestId("attribute-name-ru").fill("Материал");
      await page.getByTestId("attribute-value-ru").fill("Лён");
      await shot(page, "editor-filled");

      // Save draft: a product of its own now, not on the site yet.
      await page.getByTestId("product-save").click();
      await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
      productId = /products\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
      await expect.poll(() => page.getByTestId("publication-badge").textContent()).toBe("Draft");
      expect(
        (await running.app.inject({ method: "GET", url: `/api/ecommerce/products/${productId}` })).statusCode,
      ).toBe(404);

      // The publish's answer is awaited and checked first: when the badge does not turn, the
      // failure says whether the request failed (its status and body) or never answered.
      const publishing = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().endsWith(`/products/${productId}/editor/publish`),
      );
      // What the click led to, for the failure's message when the publish is never asked for.
      const asked: string[] = [];
      const note = (r: { method(): string; url(): string }) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`);
      page.on("request", note);
      await page.getByTestId("product-publish").click();
      const publishAnswer = await publishing.catch(async (error: Error) => {
        await shot(page, "publish-not-sent");
        const shown = await page.locator("[role=alert], .mantine-Notification-root").allInnerTexts();
        throw new Error(
          `${error.message}; requests after the click: ${asked.join(", ") || "none"}; shown: ${shown.join(" | ") || "nothing"}`,
        );
      });
      page.off("request", note);
      expect(publishAnswer.status(), await publishAnswer.text()).toBe(200);
      await expect.poll(() => page.getByTestId("publication-badge").textContent()).toBe("Published");
      await shot(page, "editor-published");
      const categories = await api(
        `/api/ecommerce/categories-to-products?filters[and][0][column]=productId&filters[and][0][method]=eq&filters[and][0][value]=${productId}`,
      );
      expect(categories).toHaveLength(1);
      const published = await running.app
        .inject({ method: "GET", url: `/api/ecommerce/products/${productId}/prices` })
        .then((r) => r.json().data);
      expect(published.prices.map((p: any) => p.amount).sort()).toEqual(["29.90", "32.00"]);

      // The table: thumbnail, title, "$32.00 · USD", stock, state.
      await page.getByTestId("nav-products").click();
      const row = page.getByTestId("product-row").filter({ hasText: TITLE });
      await row.waitFor();
      expect(await row.getByTestId("product-prices").textContent()).toContain("$32.00 · USD");
      expect(await row.getByTestId("product-stock").textContent()).toBe("2");
      expect(await row.getByTestId("publication-badge").textContent()).toBe("Published");
      expect(await row.locator("img[data-testid=file-thumb]").count()).toBe(1);
      await shot(page, "products-table");
    } finally {
      await owner.close();
    }

    // The customer: the card and the page show the photo and the price; buys one with the dummy provider.
    const customer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const shop = await customer.newPage();
    shop.setDefaultTimeout(15_000);
    shop.on("pageerror", (error) => problems.push(`site pageerror: ${error.message}`));
    try {
      await shop.goto(`${running.url}/products`, { waitUntil: "networkidle" });
      await waitForHydration(shop);
      const card = shop.locator("[data-product-card]", { hasText: TITLE });
      await card.waitFor();
      const cardImage = card.locator("img").first();
      expect(await cardImage.getAttribute("alt")).toBe("A linen apron, front");
      expect(await cardImage.getAttribute("srcset")).toMatch(/\/public\/files\/[0-9a-f-]+\.png\?w=\d+ \d+w/);
      expect(await card.textContent()).toContain("32.00");
      await card.scrollIntoViewIfNeeded();
      await shot(shop, "site-card");
      await card.getByRole("heading").getByRole("link").click();
      await shop.waitForURL(/\/ecommerce\/products\//);
      await waitForHydration(shop);
      const main = shop.locator("main");
      await expect.poll(() => main.locator('img[alt="A linen apron, front"]').count()).toBeGreaterThan(0);
      expect(await main.textContent()).toContain("32.00");
      await shot(shop, "site-page");

      await main.getByRole("button", { name: "Add to cart" }).first().click();
      await shop
        .locator(".mantine-Notification-root", { hasText: "Added to cart" })
        .last()
        .getByRole("link", { name: "View cart" })
        .click();
      await shop.waitForURL(`${running.url}/cart`);
      await waitForHydration(shop);
      const checkout = shop.locator("[data-cart-checkout]");
      await checkout.waitFor();
      await checkout.getByLabel("Email for the invoice").fill(BUYER);
      await checkout.getByRole("button", { name: "Checkout" }).click();
      await shop.waitForURL(/\/billing\/dummy\/pay\//);
      await waitForHydration(shop);
      await shop.getByRole("button", { name: /^Pay / }).click();
      await shop.waitForURL(`${running.url}/cart?payment=paid`);
      await shop.getByText("Thank you! Your payment has been received.").waitFor();
      await shot(shop, "site-paid");
    } finally {
      await customer.close();
    }
    await expect.poll(() => stockOf(productId)).toBe(1);

    // The number in the customer's mail ("your order 1a2b3c4d is now: …").
    const mails = () => smtp.received.filter((m) => m.to.includes(BUYER)).map((m) => textBody(m.raw));
    let number = "";
    await expect
      .poll(
        () =>
          (number =
            mails()
              .map((text) => /your order ([0-9a-f]{8}) is now/.exec(text)?.[1])
              .find(Boolean) ?? ""),
        { timeout: 20_000 },
      )
      .toMatch(/^[0-9a-f]{8}$/);

    // The owner: finds it in the desk by that number, sees customer and total, refunds it.
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    const admin = await desk.newPage();
    admin.setDefaultTimeout(15_000);
    admin.on("pageerror", (error) => problems.push(`desk pageerror: ${error.message}`));
    try {
      await admin.goto(`${running.url}/admin`);
      await admin.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await admin.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await admin.getByRole("button", { name: "Sign in" }).click();
      await admin.getByTestId("nav-orders").click();
      await admin.getByTestId("orders-search").fill(number);
      const rows = admin.getByTestId("order-row");
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(BUYER);
      expect(await rows.first().textContent()).toContain(TITLE);
      expect(await rows.first().getByTestId("order-total").textContent()).toBe("32.00 USD");
      await shot(admin, "desk-found");
      await rows.first().getByTestId("order-number").click();
      await expect.poll(() => admin.getByTestId("order-customer").textContent()).toContain(BUYER);
      await admin.getByTestId("order-refund").click();
      await admin.getByTestId("refund-next").click();
      await expect.poll(() => admin.getByTestId("refund-confirm").textContent()).toContain("32.00 USD");
      await admin.getByTestId("refund-yes").click();
      await expect.poll(() => admin.getByTestId("order-status").first().textContent()).toBe("Canceled");
      expect(await admin.getByTestId("order-refunded").textContent()).toBe("32.00 USD");
      await shot(admin, "desk-refunded");
      // The stock is back, as the products table shows it.
      await expect.poll(() => stockOf(productId)).toBe(2);
      await admin.getByTestId("nav-products").click();
      const row = admin.getByTestId("product-row").filter({ hasText: TITLE });
      await expect.poll(() => row.getByTestId("product-stock").textContent()).toBe("2");
      await shot(admin, "stock-back");
    } finally {
      await desk.close();
    }

    // The same editor in Russian (the browser's language): the product's Russian title, Russian labels.
    const russian = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
    const ru = await russian.newPage();
    ru.setDefaultTimeout(15_000);
    ru.on("pageerror", (error) => problems.push(`ru pageerror: ${error.message}`));
    try {
      await ru.goto(`${running.url}/admin`);
      await ru.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await ru.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await ru.locator('button[type="submit"]').click();
      await ru.getByTestId("nav-products").click();
      expect(await ru.getByTestId("nav-products").textContent()).toBe("Товары");
      await ru.getByTestId("product-row").filter({ hasText: "Льняной фартук" }).getByTestId("product-title").click();
      await expect.poll(() => ru.getByTestId("product-heading").textContent()).toBe("Льняной фартук");
      expect(await ru.getByTestId("product-publish").textContent()).toBe("Опубликовать");
      expect(await ru.getByTestId("product-prices-section").textContent()).toContain("Цены");
      await shot(ru, "editor-ru");
    } finally {
      await russian.close();
    }
  }, 240_000);

  it("no page had a script error", () => {
    expect(problems).toEqual([]);
  });
});
