import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";
import { signInAt } from "./helpers/narrow-admin.js";

const ADMIN = { adminEmail: "widths@example.com", adminPassword: "widths password 123" };
const SHOTS = "test-results/composer-preview";

/** What the editor reads, per language (web/admin/pages/pages-texts.ts, server/site/preview/preview-banner.ts). */
const WORDS = {
  en: {
    locale: "en-US",
    widths: { phone: "Phone", tablet: "Tablet", desktop: "Desktop", full: "Full" },
    banner: "Preview — not published",
    changed: "Visitors see the published page, without these changes.",
    back: "Back to the composer",
  },
  ru: {
    locale: "ru-RU",
    widths: { phone: "Телефон", tablet: "Планшет", desktop: "Компьютер", full: "Во всю ширину" },
    banner: "Предпросмотр — не опубликовано",
    changed: "Посетители видят опубликованную страницу, без этих изменений.",
    back: "Вернуться в редактор",
  },
} as const;

// The composer's preview as an editor uses it, in a real Chromium with drafts on: the page laid
// out at a phone's, a tablet's and a desktop's width or the column's own, the choice kept across
// a reload, and the preview's banner saying it is not the published page, with a way back.
describe.skipIf(!hasChromium)("the composer's preview widths and banner in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let homeId = "";

  const openComposer = async (locale: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await signInAt(page, `${running.url}/admin`, ADMIN.adminEmail, ADMIN.adminPassword);
    await page.getByTestId("current-user").waitFor();
    await page.goto(`${running.url}/admin/pages/${homeId}`);
    await page.getByTestId("composer-preview").waitFor();
    return page;
  };
  const frame = (page: Page) => page.frameLocator("[data-testid=preview-frame]");
  /** The width the page inside the frame is laid out at (its window's). */
  const laidOutAt = (page: Page) =>
    page
      .frames()
      .find((f) => f.url().includes("preview="))!
      .evaluate(() => window.innerWidth);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
    const pages = await running.app.inject({
      method: "GET",
      url: "/api/host/pages?draft=true&filters[and][0][column]=url&filters[and][0][method]=eq&filters[and][0][value]=/",
      headers: { "x-rbac-secret-key": SECRET },
    });
    homeId = pages.json().data[0].id;
    // A working change on the home page: the banner says visitors do not see it yet.
    const changed = await running.app.inject({
      method: "PATCH",
      url: `/api/host/pages/${homeId}`,
      headers: { "x-rbac-secret-key": SECRET },
      payload: { data: { description: { en: "Changed in draft", ru: "Изменено в черновике" } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it.each(["en", "ru"] as const)(
    "in %s: phone, tablet, desktop and full widths, remembered; the banner and its way back",
    async (language) => {
      const words = WORDS[language];
      const page = await openComposer(words.locale);
      const banner = frame(page).getByRole("status", { name: language === "en" ? "Preview" : "Предпросмотр" });
      await expect.poll(() => banner.innerText()).toContain(words.banner);
      expect(await banner.innerText()).toContain(words.changed);
      expect(await banner.getByRole("link", { name: words.back }).getAttribute("href")).toBe(`/admin/pages/${homeId}`);

      // Desktop at first: 1280 px scaled into the column.
      const widths = page.getByRole("radiogroup", {
        name: language === "en" ? "Preview width" : "Ширина предпросмотра",
      });
      await expect.poll(() => laidOutAt(page)).toBe(1280);
      for (const [choice, px] of [
        ["phone", 390],
        ["tablet", 768],
      ] as const) {
        await widths.getByText(words.widths[choice], { exact: true }).click();
        await expect.poll(() => laidOutAt(page)).toBe(px);
        await page.mouse.move(1, 1);
        await page.screenshot({ path: `${SHOTS}/${language}-${choice}.png` });
      }
      // The column's own width: less than the desktop's beside the outline and the panel.
      await widths.getByText(words.widths.full, { exact: true }).click();
      await expect.poll(() => page.getByTestId("preview-frame").getAttribute("data-width")).toBe("full");
      const column = await page.getByTestId("preview-frame").evaluate((el) => el.clientWidth);
      await expect.poll(() => laidOutAt(page)).toBe(column);
      expect(column).toBeLessThan(1280);

      // The phone again, then a reload: still the phone.
      await widths.getByText(words.widths.phone, { exact: true }).click();
      await expect.poll(() => laidOutAt(page)).toBe(390);
      await page.reload();
      await page.getByTestId("composer-preview").waitFor();
      expect(await page.getByTestId("preview-frame").getAttribute("data-width")).toBe("phone");
      await expect.poll(() => laidOutAt(page)).toBe(390);
      await expect.poll(() => banner.innerText()).toContain(words.banner);
      await page.mouse.move(1, 1);
      await page.screenshot({ path: `${SHOTS}/${language}-phone-after-reload.png` });
    },
  );
});
