import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  type RunningApp,
} from "./helpers/browser-app.js";

const REGISTRATION = "/rbac/subject/authentication/email-and-password/registration";
const EMAIL = "stock-shopper@example.com";
const PASSWORD = "shopper password 1";

// Stock in a real Chromium on the demo shop: the badges on the cards and the
// product page (en and ru), a sold-out product with no add to cart, an add to cart the server
// refuses because the page was stale, and the cart flagging a line whose stock ran out, whose
// checkout is refused naming the product.
describe.skipIf(!hasChromium)("stock in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const url = (path: string) => `${running.url}${path}`;
  const api = (method: "GET" | "PATCH", path: string, data?: unknown) =>
    running.app.inject({
      method,
      url: path,
      headers: { "x-rbac-secret-key": SECRET },
      ...(data ? { payload: { data } } : {}),
    });
  const productId = async (slug: string) =>
    (
      await api(
        "GET",
        `/api/ecommerce/products?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=${slug}`,
      )
    ).json().data[0].id as string;
  const setStock = async (slug: string, stock: number | null) => {
    const answer = await api("PATCH", `/api/ecommerce/products/${await productId(slug)}`, { stock });
    if (answer.statusCode !== 200) throw new Error(`stock of ${slug}: ${answer.body}`);
  };
  const card = (title: string) => page.locator("[data-product-card]", { hasText: title });
  const toast = (text: string) => page.locator(".mantine-Notification-root", { hasText: text }).last();
  const open = async (path: string) => {
    await page.goto(url(path), { waitUntil: "networkidle" });
    await waitForHydration(page);
  };

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await setStock("ceramic-mug", 3);
    await setStock("linen-notebook", 0);
    await page.goto(url(REGISTRATION));
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.waitForURL(url("/"));
    await page.locator('[data-user-menu="signed-in"]', { hasText: EMAIL }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("cards: 'Only 3 left' on the mug, 'Out of stock' on the notebook with no add to cart", async () => {
    await open("/products");
    await expect.poll(() => card("Ceramic mug").locator('[data-stock="low"]').textContent()).toBe("Only 3 left");
    const notebook = card("Linen notebook");
    expect(await notebook.locator('[data-stock="out"]').textContent()).toBe("Out of stock");
    expect(await notebook.getByRole("button", { name: "Add to cart" }).count()).toBe(0);
    expect(await notebook.getByRole("button", { name: "Buy now" }).count()).toBe(0);
    expect(await notebook.getByRole("button", { name: "Out of stock" }).isDisabled()).toBe(true);
    expect(await card("Site starter kit").locator("[data-stock]").count()).toBe(0);
    await card("Ceramic mug").scrollIntoViewIfNeeded();
    await screenshot(page, "stock-cards");
  });

  it("the product page of the sold-out notebook, and the cards in Russian", async () => {
    await open("/ecommerce/products/linen-notebook");
    expect(await page.locator('[data-stock="out"]').textContent()).toBe("Out of stock");
    expect(await page.getByRole("button", { name: "Out of stock" }).isDisabled()).toBe(true);
    await screenshot(page, "stock-product-page");
    await open("/ru/products");
    await expect
      .poll(() => card("Керамическая кружка").locator('[data-stock="low"]').textContent())
      .toBe("Осталось 3 шт.");
    expect(await card("Блокнот в льняной обложке").locator('[data-stock="out"]').textContent()).toBe("Нет в наличии");
  });

  it("an add to cart from a page that was stale is refused with the product named", async () => {
    await setStock("support-plan", 1);
    await open("/ecommerce/products/support-plan");
    expect(await page.locator('[data-stock="low"]').textContent()).toBe("Only 1 left");
    // Sold elsewhere meanwhile: the page in the browser still offers it.
    await setStock("support-plan", 0);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await toast("Monthly support plan is out of stock").waitFor();
    expect(await page.locator('[data-in-cart="true"]').count()).toBe(0);
  });

  it("the cart flags a line whose stock ran out before checkout, and its checkout is refused naming the product", async () => {
    await open("/products");
    await card("Ceramic mug").getByRole("button", { name: "Add to cart" }).click();
    await card("Ceramic mug").locator('[data-in-cart="true"]').waitFor();
    await card("Site starter kit").getByRole("button", { name: "Add to cart" }).click();
    await card("Site starter kit").locator('[data-in-cart="true"]').waitFor();
    await setStock("ceramic-mug", 0);
    await open("/cart");
    const mugLine = page.locator("[data-cart-order]", { hasText: "Ceramic mug" });
    await expect
      .poll(() => mugLine.locator("[data-line-stock]").textContent())
      .toBe("Out of stock: remove it to check out the rest");
    expect(
      await page.locator("[data-cart-order]", { hasText: "Site starter kit" }).locator("[data-line-stock]").count(),
    ).toBe(0);
    // The mug ships (the buyer's path), so the checkout asks for an address before it is sent.
    const checkout = page.locator("[data-cart-checkout]");
    await checkout.getByLabel("Full name").fill("Stock Shopper");
    await checkout.getByLabel("Address", { exact: false }).first().fill("Hauptstraße 1");
    await checkout.getByLabel("Postal code").fill("10115");
    await checkout.getByLabel("City").fill("Berlin");
    const country = checkout.locator('input[data-address-field="country"]');
    await country.click();
    await country.fill("Germ");
    await page.getByRole("option", { name: "Germany", exact: true }).click();
    await page.locator("[data-checkout-submit]").click();
    await toast("Ceramic mug is out of stock").waitFor();
    expect(page.url()).toBe(url("/cart"));
    await screenshot(page, "stock-cart-flag");
    expect(problems).toEqual([]);
  });
});
