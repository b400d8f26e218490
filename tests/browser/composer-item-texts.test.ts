import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";
import { asServer, whereEq } from "./helpers/narrow-admin.js";
import { adminTab, closeTabs, composerSaved } from "./helpers/admin-tab.js";

const ADMIN = { adminEmail: "texts@example.com", adminPassword: "texts password 123" };
const SHOTS = "test-results/composer-item-texts";

/** What the editor reads and types, per language (web/admin/pages/pages-texts.ts). */
const WORDS = {
  en: { locale: "en-US", text: "Text (Russian)" },
  ru: { locale: "ru-RU", text: "Текст (русский)" },
} as const;
const BODY = { en: "Sewn by hand in Berlin.", ru: "Сшито вручную в Берлине." };

type Language = keyof typeof WORDS;
type Row = Record<string, any>;

// A feature card's body text edited in the composer's panel, under its title, per language (a
// slide's too; a button has none): typed in both languages, saved to the feature (checked on the
// server and on the published site after publishing), undone and redone as one step per burst.
describe.skipIf(!hasChromium)("feature and slide texts in the page composer (Chromium)", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const server = (method: "GET" | "POST" | "DELETE", url: string, data?: object) =>
    asServer(running, method, url, data);

  /** A page with one Section block holding one feature ("Linen") and one slide. */
  const pageWithSection = async (url: string) => {
    const made = await server("POST", "/api/host/pages", {
      url,
      title: { en: "Texts", ru: "Тексты" },
      description: { en: "Texts", ru: "Тексты" },
    });
    await server("POST", `/api/host/pages/${made.id}/blocks`, {
      module: "website-builder",
      variant: "default",
      content: {
        title: { en: "Why us", ru: "Почему мы" },
        features: [{ title: { en: "Linen", ru: "Лён" } }],
        slides: [{ title: { en: "Spring", ru: "Весна" } }],
        buttons: [{ title: { en: "Shop", ru: "Магазин" }, url: "/products" }],
      },
    });
    return String(made.id);
  };
  const featureOf = async (pageId: string) => {
    const [block] = (await server("GET", `/api/host/pages/${pageId}/blocks?language=en`)).filter(
      (b: Row) => b.region === "page",
    );
    const [row] = await server(
      "GET",
      `/api/website-builder/widgets-to-features?${whereEq("widgetId", block.widgetId)}&draft=true`,
    );
    return server("GET", `/api/website-builder/features/${row.featureId}?draft=true`);
  };

  const openComposer = async (language: Language, pageId: string): Promise<Page> => {
    const login = { email: ADMIN.adminEmail, password: ADMIN.adminPassword, locale: WORDS[language].locale };
    const page = await adminTab(browser, running, { contexts, problems }, login);
    await page.goto(`${running.url}/admin/pages/${pageId}`);
    await page.getByTestId("composer-outline").waitFor({ timeout: 60_000 });
    await page.getByTestId("outline-select").first().click();
    return page;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterEach((context) =>
    closeTabs(contexts, context.task.result?.state === "fail", `composer-item-texts/failed-${context.task.id}`),
  );
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it.each(["en", "ru"] as const)(
    "%s: a feature's body text typed in both languages reaches the server and the site, and is undone and redone",
    { timeout: 150_000 },
    async (language) => {
      const pageId = await pageWithSection(`/texts-${language}`);
      const page = await openComposer(language, pageId);
      const panel = page.getByTestId("block-panel");
      const feature = panel.getByTestId("block-items-features").getByTestId("item-row").first();
      // Features and slides have their text under the title; buttons none (once their rows are read).
      await expect
        .poll(() => panel.getByTestId("block-items-slides").getByTestId("item-row").getByTestId("item-text-en").count())
        .toBe(1);
      await expect.poll(() => panel.getByTestId("block-items-buttons").getByTestId("item-row").count()).toBe(1);
      expect(await panel.getByTestId("block-items-buttons").getByTestId("item-text-en").count()).toBe(0);
      // Named for assistive technology in the admin's language.
      await expect.poll(() => feature.getByRole("textbox", { name: WORDS[language].text }).count()).toBe(1);

      await feature.getByTestId("item-text-en").fill(BODY.en);
      await feature.getByTestId("item-text-ru").fill(BODY.ru);
      await composerSaved(page);
      await expect.poll(async () => (await featureOf(pageId)).description).toEqual(BODY);
      await panel.getByTestId("block-items-features").screenshot({ path: `${SHOTS}/features-${language}.png` });

      // The Russian text was the last burst: one undo takes it back, on the server too; redo puts it back.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("Control+z");
      // (A language left empty is no entry of the stored map.)
      await expect.poll(async () => (await featureOf(pageId)).description).toEqual({ en: BODY.en });
      await expect.poll(() => feature.getByTestId("item-text-ru").inputValue()).toBe("");
      await composerSaved(page);
      await page.keyboard.press("Control+Shift+z");
      await expect.poll(async () => (await featureOf(pageId)).description).toEqual(BODY);
      await composerSaved(page);

      // Published, the site shows the card's text in each language.
      await server("POST", `/api/host/pages/${pageId}/publish`);
      for (const [prefix, text] of [
        ["", BODY.en],
        ["/ru", BODY.ru],
      ] as const) {
        const html = (await running.app.inject({ method: "GET", url: `${prefix}/texts-${language}` })).body;
        expect(html, prefix || "/").toContain(text);
      }
    },
  );
});
