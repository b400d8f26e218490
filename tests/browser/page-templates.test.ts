import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";
import { signInAt } from "./helpers/narrow-admin.js";

const ADMIN = { adminEmail: "templates@example.com", adminPassword: "templates password 123" };
const SHOTS = "test-results/page-templates";

/** What the editor reads and types, per language (web/admin/pages/page-copy-texts.ts, server/seed/content/page-templates.ts). */
const RUNS = {
  en: {
    locale: "en-US",
    duplicate: "Duplicate",
    copyTitle: "Contact · Northwind Studio (copy)",
    copyUrl: "/contact-copy",
    templates: ["Article list", "Contact", "Landing"],
    contact: "Contact",
    blank: "Blank page",
    url: "/reach-us",
    title: { en: "Reach us", ru: "Связь с нами" },
    preview: "Preview",
  },
  ru: {
    locale: "ru-RU",
    duplicate: "Дублировать",
    copyTitle: "Contact · Northwind Studio (копия)",
    copyUrl: "/contact-copy-2",
    templates: ["Список статей", "Контакты", "Лендинг"],
    contact: "Контакты",
    blank: "Пустая страница",
    url: "/napishite",
    title: { en: "Write us", ru: "Напишите" },
    preview: "Предпросмотр",
  },
} as const;

// Duplicate page and New page from a template as an editor does them, in a real Chromium with
// drafts on, in English and in Russian: the demo's /contact duplicated from the pages list into a
// draft copy opened in the composer; a page made from the "Contact" template, opened in the
// composer with the template's blocks, then its site preview in a new tab.
describe.skipIf(!hasChromium)("page copies and templates in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const open = async (locale: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await signInAt(page, `${running.url}/admin`, ADMIN.adminEmail, ADMIN.adminPassword);
    await page.getByTestId("current-user").waitFor();
    return page;
  };
  const outline = (page: Page) => page.getByTestId("outline-name").allTextContents();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it.each(["en", "ru"] as const)(
    "in %s: duplicates /contact from the list, makes a page from the Contact template and previews it",
    { timeout: 120_000 },
    async (language) => {
      const run = RUNS[language];
      const page = await open(run.locale);
      await page.getByTestId("nav-pages").click();
      await page.getByTestId("pages-table").waitFor();

      // The templates are listed apart, by title, and not among the pages.
      const templates = page.getByTestId("templates-table");
      // In url order: /templates/article-list, /templates/contact, /templates/landing.
      await expect.poll(() => templates.getByTestId("template-title").allTextContents()).toEqual([...run.templates]);
      await templates.scrollIntoViewIfNeeded();
      await page.mouse.move(1, 1);
      await page.screenshot({ path: `${SHOTS}/${language}-templates-list.png` });
      await page.getByTestId("pages-search").fill("templates");
      await expect.poll(() => page.getByTestId("page-row").count()).toBe(0);

      // Duplicate /contact from its row: the copy opens in the composer, a draft with the same blocks.
      await page.getByTestId("pages-search").fill("/contact");
      const row = page.getByTestId("page-row").filter({ has: page.getByText("/contact", { exact: true }) });
      await expect.poll(() => row.count()).toBe(1);
      await row.getByRole("button", { name: new RegExp(`^${run.duplicate}`) }).click();
      await page.waitForURL(/\/admin\/pages\/[0-9a-f-]{36}$/);
      await page.getByTestId("composer-outline").waitFor();
      await expect.poll(() => page.getByTestId("composer-title").textContent()).toBe(run.copyTitle);
      await page.getByText(run.copyUrl, { exact: true }).waitFor();
      await expect
        .poll(() => outline(page))
        .toEqual(expect.arrayContaining([language === "en" ? "Contact us" : "Свяжитесь с нами"]));
      // The copy's own preview (its signed link is asked for once the composer has the page).
      await page.getByTestId("preview-frame").waitFor();
      await page.mouse.move(1, 1);
      await page.screenshot({ path: `${SHOTS}/${language}-composer-of-copy.png` });

      // New page from the Contact template: the dialog offers Blank and the three templates.
      await page.goto(`${running.url}/admin/pages`);
      await page.getByTestId("page-new").click();
      const dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.getByTestId("new-page-template").count()).toBe(3);
      await dialog.getByTestId("new-page-blank").getByText(run.blank).waitFor();
      await dialog.getByTestId("new-page-template").filter({ hasText: run.contact }).click();
      await dialog.getByTestId("new-page-template-note").waitFor();
      expect(await dialog.getByTestId("new-page-layout").count()).toBe(0);
      await dialog.getByTestId("new-page-url").fill(run.url);
      await dialog.getByTestId("new-page-title-en").fill(run.title.en);
      await dialog.getByTestId("new-page-title-ru").fill(run.title.ru);
      await page.mouse.move(1, 1);
      await page.screenshot({ path: `${SHOTS}/${language}-new-page-dialog.png` });
      await dialog.getByTestId("new-page-create").click();
      await page.waitForURL(/\/admin\/pages\/[0-9a-f-]{36}$/);
      await page.getByTestId("composer-outline").waitFor();
      await expect.poll(() => page.getByTestId("composer-title").textContent()).toBe(run.title[language]);
      await expect
        .poll(() => outline(page))
        .toEqual(
          expect.arrayContaining(
            language === "en" ? ["Get in touch", "Write to us"] : ["Свяжитесь с нами", "Напишите нам"],
          ),
        );
      await page.mouse.move(1, 1);
      await page.screenshot({ path: `${SHOTS}/${language}-composer-from-template.png` });

      // Its site preview, in a new tab: the template's blocks on the new page's address.
      const opened = page.context().waitForEvent("page");
      await page.getByRole("button", { name: run.preview, exact: true }).click();
      const preview = await opened;
      await expect.poll(() => preview.url(), { timeout: 20_000 }).toContain(`${run.url}?preview=`);
      await preview.waitForLoadState();
      const body = await preview.locator("body").innerText();
      expect(body).toMatch(/Get in touch|Свяжитесь с нами/);
      expect(body).toMatch(/Write to us|Напишите нам/);
      await preview.screenshot({ path: `${SHOTS}/${language}-preview.png` });
      await preview.close();
      // Visitors see neither the draft nor the template.
      expect((await fetch(`${running.url}${run.url}`)).status).toBe(404);
      expect((await fetch(`${running.url}/templates/contact`)).status).toBe(404);
    },
  );

  // The templates sit below the pages: shown before the pages' rows are in, they were pushed down
  // the screen as the rows arrived (cumulative layout shift 0.26 in npm run audit:admin; under 0.1
  // is what Lighthouse calls good). Summed as Lighthouse does, from the page's own layout-shift entries.
  it.each(["en", "ru"] as const)(
    "in %s: the pages list opens without shifting: its rows, then the templates below them",
    async (language) => {
      const page = await open(RUNS[language].locale);
      await page.addInitScript(() => {
        const held = window as unknown as { layoutShift: number };
        held.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) held.layoutShift += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(`${running.url}/admin/pages`);
      await page.getByTestId("page-row").first().waitFor();
      await page.getByTestId("template-row").first().waitFor();
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      await page.screenshot({ path: `${SHOTS}/pages-list-${language}.png`, fullPage: true });
      expect(shift).toBeLessThan(0.1);
    },
  );
});
