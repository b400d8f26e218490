import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";
import { asServer } from "./helpers/narrow-admin.js";
import { adminTab, closeTabs, composerSaved } from "./helpers/admin-tab.js";

const ADMIN = { adminEmail: "navigation@example.com", adminPassword: "navigation password 123" };
const SHOTS = "test-results/composer-navigation";

/** What the editor reads and types, per language (web/admin/pages/pages-texts.ts). */
const RUNS = {
  en: {
    locale: "en-US",
    prefix: "",
    addToNavigation: "Add to the navigation bar",
    title: { en: "Team", ru: "Команда" },
    search: "Blog",
    link: { en: "Journal", ru: "Журнал" },
  },
  ru: {
    locale: "ru-RU",
    prefix: "/ru",
    addToNavigation: "Добавить в панель навигации",
    title: { en: "People", ru: "Люди" },
    search: "Блог",
    link: { en: "Notes", ru: "Заметки" },
  },
} as const;

type Language = keyof typeof RUNS;
type Row = Record<string, any>;

// The site's navigation edited as an editor would (the demo layout's navigation bar): a new page
// added to it from the New page dialog, then the bar chosen in the composer's outline and a link
// added with the page picker (searching a page's title in the admin's language), each checked on
// the server; published, the site's navigation shows both.
describe.skipIf(!hasChromium)("navigation in the page composer (Chromium)", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  /** The navigation's links as the server holds them (working copies): title in English → url. */
  const links = async () => {
    const buttons: Row[] = await asServer(running, "GET", "/api/website-builder/buttons?limit=500&draft=true");
    return new Map(buttons.map((b) => [typeof b.title === "string" ? b.title : b.title?.en, b.url]));
  };

  /** The English titles of the links in the bar holding `title`, in the server's order (working copies). */
  const barOf = async (title: string) => {
    const buttons: Row[] = await asServer(running, "GET", "/api/website-builder/buttons?limit=500&draft=true");
    const titleOf = new Map(buttons.map((b) => [b.id, typeof b.title === "string" ? b.title : b.title?.en]));
    const rows: Row[] = await asServer(
      running,
      "GET",
      "/api/website-builder/buttons-arrays-to-buttons?limit=1000&draft=true",
    );
    const bar = rows.find((r) => titleOf.get(r.buttonId) === title)?.buttonsArrayId;
    return rows
      .filter((r) => r.buttonsArrayId === bar)
      .sort((a, b) => a.orderIndex - b.orderIndex)
      .map((r) => titleOf.get(r.buttonId));
  };

  const open = (language: Language): Promise<Page> =>
    adminTab(
      browser,
      running,
      { contexts, problems },
      {
        email: ADMIN.adminEmail,
        password: ADMIN.adminPassword,
        locale: RUNS[language].locale,
      },
    );

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterEach((context) =>
    closeTabs(contexts, context.task.result?.state === "fail", `composer-navigation/failed-${context.task.id}`),
  );
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it.each(["en", "ru"] as const)(
    "%s: a new page added to the navigation, a link chosen with the page picker, both on the site once published",
    { timeout: 150_000 },
    async (language) => {
      const run = RUNS[language];
      const url = `/team-${language}`;
      const page = await open(language);
      await page.goto(`${running.url}/admin/pages`);
      await page.getByTestId("page-new").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("new-page-url").fill(url);
      await dialog.getByTestId("new-page-title-en").fill(run.title.en);
      await dialog.getByTestId("new-page-title-ru").fill(run.title.ru);
      await dialog.getByLabel(run.addToNavigation).check();
      await dialog.getByTestId("new-page-create").click();
      await page.waitForURL(/\/admin\/pages\/[0-9a-f-]{36}$/);
      await page.getByTestId("composer-outline").waitFor({ timeout: 60_000 });
      // The new page's link, named by its title, at the end of the layout's navigation.
      await expect.poll(async () => (await links()).get(run.title.en)).toBe(url);

      // The navigation bar chosen in the outline: its links are rows like any block's buttons.
      await page.getByTestId("outline-layout-select").first().click();
      const panel = page.getByTestId("block-panel");
      await panel.getByTestId("layout-block-notice").waitFor();
      const buttons = panel.getByTestId("block-items-buttons");
      await expect.poll(() => buttons.getByTestId("item-row").count()).toBeGreaterThanOrEqual(5);
      const fresh = buttons.getByTestId("item-new");
      await fresh.getByTestId("item-title-en").fill(run.link.en);
      const row = buttons.getByTestId("item-row").last();
      await row.getByTestId("item-title-ru").fill(run.link.ru);
      // The link is chosen among the pages by their title, in the admin's language.
      await row.getByTestId("item-url").fill(run.search);
      const option = page.getByTestId("link-page-option").filter({ has: page.getByText("/blog", { exact: true }) });
      await option.waitFor();
      await page.screenshot({ path: `${SHOTS}/picker-${language}.png` });
      await option.click();
      await expect.poll(() => row.getByTestId("item-url").inputValue()).toBe("/blog");
      await composerSaved(page);
      await expect.poll(async () => (await links()).get(run.link.en)).toBe("/blog");
      await panel.screenshot({ path: `${SHOTS}/navigation-panel-${language}.png` });

      // Moved up past the new page's link: the server's order follows; an undo puts it back.
      const order = await barOf(run.link.en);
      expect(order.slice(-2)).toEqual([run.title.en, run.link.en]);
      await row.getByTestId("item-up").click();
      await expect.poll(() => barOf(run.link.en)).toEqual([...order.slice(0, -2), run.link.en, run.title.en]);
      await composerSaved(page);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("Control+z");
      await expect.poll(() => barOf(run.link.en)).toEqual(order);
      await composerSaved(page);

      // Published (the page with its layout): the site's navigation has both links.
      await page.getByTestId("composer-publish").click();
      await expect
        .poll(async () => (await running.app.inject({ method: "GET", url: `${run.prefix}/` })).body)
        .toContain(`href="${run.prefix}${url}"`);
      const home = (await running.app.inject({ method: "GET", url: `${run.prefix}/` })).body;
      expect(home).toContain(run.title[language]);
      expect(home).toContain(run.link[language]);
    },
  );
});
