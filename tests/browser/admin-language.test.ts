import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };

// The admin's language switch in a real Chromium: an English browser's admin switches to Russian
// in the header; every screen's texts follow at once and after a reload and a new sign-in (the
// choice is kept in the browser), the page says lang="ru"; switching back gives English again.
// At 390 px the switch is in the header, inside the screen.
describe.skipIf(!hasChromium)("the admin's language switch, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    running = await startApp(ADMIN);
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
  });

  async function englishBrowser(width = 1280): Promise<Page> {
    const phone = width < 600;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 844 : 900 },
      locale: "en-US",
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function signIn(page: Page) {
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.locator('button[type="submit"]').first().click();
    await page.getByTestId("models-toggle").waitFor();
  }

  const switchTo = async (page: Page, code: "en" | "ru") => {
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("combobox", { name: /Admin language|Язык администрирования/ }).selectOption(code),
    ]);
    await page.getByTestId("models-toggle").waitFor();
  };

  it("switches an English browser's admin to Russian and back, kept across a reload and a new sign-in", async () => {
    const page = await englishBrowser();
    await signIn(page);
    const nav = page.getByTestId("model-nav");
    await expect.poll(() => nav.innerText()).toContain("Pages");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await screenshot(page, "admin-language-en");

    await switchTo(page, "ru");
    await expect.poll(() => nav.innerText()).toContain("Страницы");
    expect(await nav.innerText()).not.toContain("Pages");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await expect.poll(() => page.getByRole("button", { name: "Выйти" }).count()).toBe(1);
    // A model's table and its buttons follow too.
    await page.getByTestId("model-nav").getByText("Вебхуки").click();
    await expect.poll(() => page.locator("main").innerText()).toContain("Вебхуки");
    await screenshot(page, "admin-language-ru");

    // Kept: a reload, then signing out and in again, still Russian (the sign-in screen too).
    await page.reload();
    await page.getByTestId("models-toggle").waitFor();
    await expect.poll(() => nav.innerText()).toContain("Страницы");
    await page.getByRole("button", { name: "Выйти" }).click();
    await page.locator('input[name="login"]').waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await expect.poll(() => page.locator("body").innerText()).toMatch(/Войти/);
    await signIn(page);
    await expect.poll(() => nav.innerText()).toContain("Страницы");

    await switchTo(page, "en");
    await expect.poll(() => nav.innerText()).toContain("Pages");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
  });

  it("ru at 390 px: the switch is in the header, inside the screen", async () => {
    const page = await englishBrowser(390);
    await signIn(page);
    await switchTo(page, "ru");
    await screenshot(page, "admin-language-ru-390");
    const box = await page.getByTestId("admin-language").boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(56);
  });
});
