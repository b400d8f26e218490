import { mkdirSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { describeViolations } from "./helpers/axe.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "finder@example.com", adminPassword: "finder password 123" };
const SHOTS = "test-results/global-search";

// The admin's global search (docs/admin.md, "Finding any record") in Chromium, in English and
// Russian: Ctrl+K from anywhere — a text box of the composer too — finds a page, a product and an
// order (by number and by email), and Enter opens each on its own screen.
describe.skipIf(!hasChromium)("the admin's global search in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const ids: Record<string, string> = {};
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ ...ADMIN, drafts: true });
    const post = async (url: string, data: unknown) => {
      const response = await running.app.inject({
        method: "POST",
        url,
        headers: { "x-rbac-secret-key": SECRET },
        payload: { data },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string };
    };
    ids.page = (
      await post("/api/host/pages", {
        url: "/lighthouse",
        adminTitle: "Lighthouse keepers",
        title: { en: "Lighthouse keepers", ru: "Смотрители маяка" },
      })
    ).id;
    ids.product = (
      await post("/api/ecommerce/products", {
        adminTitle: "Lighthouse mug",
        title: { en: "Lighthouse mug", ru: "Кружка с маяком" },
      })
    ).id;
    ids.order = (
      await post("/api/ecommerce/orders", { type: "history", status: "new", receipt: "", email: "ann@example.com" })
    ).id;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const signedIn = async (locale: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId("current-user").waitFor();
    return page;
  };

  /** Ctrl+K, the text, and the results' first lines once the list shows them. */
  const find = async (page: Page, text: string, first: string) => {
    await page.keyboard.press("Control+K");
    const input = page.getByTestId("global-search-input");
    await input.waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill(text);
    const results = page.getByTestId("global-search-result");
    await expect.poll(async () => (await results.first().textContent()) ?? "").toContain(first);
    return { input, results };
  };

  const axe = async (page: Page, where: string) => {
    await page.mouse.move(1, 1);
    // Mantine's modal fades in: measured mid-transition, its texts read as grey on grey.
    await expect
      .poll(() => page.locator(".mantine-Modal-content").evaluate((el) => getComputedStyle(el).opacity))
      .toBe("1");
    const results = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
    expect(describeViolations(results), where).toEqual([]);
  };

  it("finds a page, a product and an order in English and opens each on its screen, by the keyboard", async () => {
    const page = await signedIn("en-US");
    const number = ids.order!.slice(0, 8);

    // The page, from the dashboard (the first screen): Enter opens it in the composer.
    const { input } = await find(page, "lighthouse", "Lighthouse keepers");
    const dialog = page.getByRole("dialog", { name: "Find any record" });
    expect(await dialog.isVisible()).toBe(true);
    expect(await input.getAttribute("role")).toBe("combobox");
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    const options = dialog.getByRole("option");
    expect(await options.count()).toBe(2);
    expect(await options.nth(0).textContent()).toBe("Lighthouse keepersPage · /lighthouse");
    expect(await options.nth(1).textContent()).toBe("Lighthouse mugProduct");
    // ↓ and ↑ move the highlighted record, named by aria-activedescendant, the focus staying in the box.
    const activeText = async () =>
      page.locator(`[id="${await input.getAttribute("aria-activedescendant")}"]`).textContent();
    expect(await activeText()).toContain("Lighthouse keepers");
    await input.press("ArrowDown");
    expect(await activeText()).toContain("Lighthouse mug");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    await input.press("ArrowUp");
    expect(await activeText()).toContain("Lighthouse keepers");
    await axe(page, "the open dialog, en");
    await page.screenshot({ path: `${SHOTS}/en-results.png` });
    await input.press("Enter");
    await page.waitForURL(`**/admin/pages/${ids.page}`);
    await expect.poll(() => page.getByTestId("composer-title").textContent()).toContain("Lighthouse keepers");
    // The dialog leaves with its closing transition: the composer may be on screen before it has gone.
    await expect.poll(() => dialog.count()).toBe(0);

    // The product, from the composer.
    const product = await find(page, "mug", "Lighthouse mug");
    await product.input.press("Enter");
    await page.waitForURL(`**/admin/products/${ids.product}`);
    await expect.poll(() => page.getByTestId("product-heading").textContent()).toContain("Lighthouse mug");

    // The order, by its number as the customer's mails write it, with the focus in one of the
    // product's text boxes: Ctrl+K still opens the search, and Enter opens the desk's page of the order.
    const title = page.getByTestId("product-editor").locator('input[type="text"]').first();
    await title.focus();
    const order = await find(page, `#${number}`, `#${number}`);
    expect(await order.results.first().textContent()).toContain(`Order #${number} · ann@example.com`);
    await page.screenshot({ path: `${SHOTS}/en-order.png` });
    await order.input.press("Enter");
    await page.waitForURL(`**/admin/orders/${ids.order}`);
    await page.getByTestId("order-title").waitFor();

    // The header's button opens it too; Escape closes it and gives the focus back to the button.
    await page.getByTestId("global-search-open").click();
    const again = page.getByTestId("global-search-input");
    await again.waitFor();
    await page.getByTestId("global-search-status").getByText("Type a title").waitFor();
    await again.fill("nothing like this");
    await page.getByTestId("global-search-status").getByText("Nothing found for “nothing like this”.").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("global-search-open").evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("finds a page by its Russian title and an order by email in Russian, and opens them", async () => {
    const page = await signedIn("ru-RU");
    const { input } = await find(page, "маяка", "Lighthouse keepers");
    const dialog = page.getByRole("dialog", { name: "Найти любую запись" });
    expect(await dialog.isVisible()).toBe(true);
    expect(await input.getAttribute("aria-label")).toBe("Название, номер заказа или email");
    expect(await dialog.getByRole("option").first().textContent()).toContain("Страница · /lighthouse");
    await page.getByTestId("global-search-status").getByText("Найдена 1 запись").waitFor();
    await axe(page, "the open dialog, ru");
    await page.screenshot({ path: `${SHOTS}/ru-results.png` });
    await input.press("Enter");
    await page.waitForURL(`**/admin/pages/${ids.page}`);

    const number = ids.order!.slice(0, 8);
    const order = await find(page, "ann@example.com", `#${number}`);
    expect(await order.results.first().textContent()).toContain(`Заказ #${number} · ann@example.com`);
    // A click opens it as Enter does.
    await order.results.first().click();
    await page.waitForURL(`**/admin/orders/${ids.order}`);
    await page.getByTestId("order-title").waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
