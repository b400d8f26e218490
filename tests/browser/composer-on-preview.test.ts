import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";
import { asServer, whereEq } from "./helpers/narrow-admin.js";
import { adminTab, closeTabs, composerSaved } from "./helpers/admin-tab.js";

const ADMIN = { adminEmail: "on-preview@example.com", adminPassword: "on preview password 123" };
const SHOTS = "test-results/composer-on-preview";

/** What the editor types on the preview and in the panel, per admin language (the preview shows the same language). */
const RUNS = {
  en: { locale: "en-US", title: "Made to last", feature: "Wool", button: "Visit us", subtitle: "Since 1998" },
  ru: { locale: "ru-RU", title: "Сделано на века", feature: "Шерсть", button: "Приходите", subtitle: "С 1998 года" },
} as const;

type Language = keyof typeof RUNS;
type Row = Record<string, any>;

// Editing on the composer's preview as an editor would (web/admin/pages/live-preview.ts): a click
// on a block's title in the preview chooses the block and its field in the panel and edits the
// title in place; a feature's title and a button's label likewise; every keystroke reaches the
// panel's input and the server, and undo takes it back. Typing in the panel shows in the preview
// at once, without reloading it. A visitor's page carries none of the preview's marks.
describe.skipIf(!hasChromium)("editing on the composer's preview (Chromium)", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const server = (method: "GET" | "POST", url: string, data?: object) => asServer(running, method, url, data);

  /** A page with one Section block: a title, one feature ("Linen"), one button ("Shop"). */
  const pageWithSection = async (url: string) => {
    const made = await server("POST", "/api/host/pages", {
      url,
      title: { en: "On preview", ru: "На превью" },
      description: { en: "On preview", ru: "На превью" },
    });
    await server("POST", `/api/host/pages/${made.id}/blocks`, {
      module: "website-builder",
      variant: "default",
      content: {
        title: { en: "Why us", ru: "Почему мы" },
        subtitle: { en: "Our story", ru: "Наша история" },
        features: [{ title: { en: "Linen", ru: "Лён" } }],
        buttons: [{ title: { en: "Shop", ru: "Магазин" }, url: "/products" }],
      },
    });
    return String(made.id);
  };
  /** The block's module widget and its feature and button, as the server holds them (working copies). */
  const recordsOf = async (pageId: string) => {
    const [block] = (await server("GET", `/api/host/pages/${pageId}/blocks?language=en`)).filter(
      (b: Row) => b.region === "page",
    );
    const widget = await server("GET", `/api/website-builder/widgets/${block.widgetId}?draft=true`);
    const [toFeature] = await server(
      "GET",
      `/api/website-builder/widgets-to-features?${whereEq("widgetId", block.widgetId)}&draft=true`,
    );
    const feature = await server("GET", `/api/website-builder/features/${toFeature.featureId}?draft=true`);
    const [toArray] = await server(
      "GET",
      `/api/website-builder/widgets-to-buttons-arrays?${whereEq("widgetId", block.widgetId)}&draft=true`,
    );
    const [toButton] = await server(
      "GET",
      `/api/website-builder/buttons-arrays-to-buttons?${whereEq("buttonsArrayId", toArray.buttonsArrayId)}&draft=true`,
    );
    const button = await server("GET", `/api/website-builder/buttons/${toButton.buttonId}?draft=true`);
    return { widget, feature, button };
  };

  const openComposer = async (language: Language, pageId: string): Promise<Page> => {
    const login = { email: ADMIN.adminEmail, password: ADMIN.adminPassword, locale: RUNS[language].locale };
    const page = await adminTab(browser, running, { contexts, problems }, login);
    await page.goto(`${running.url}/admin/pages/${pageId}`);
    await page.getByTestId("composer-outline").waitFor({ timeout: 60_000 });
    return page;
  };
  const frameOf = (page: Page): FrameLocator => page.frameLocator("[data-testid=preview-frame]");
  /** Makes a marked text editable with a click, then replaces its text by typing `text`. */
  const typeOnPreview = async (page: Page, frame: FrameLocator, selector: string, text: string) => {
    const element = frame.locator(selector).first();
    await element.click();
    await expect.poll(() => element.getAttribute("contenteditable")).toBe("plaintext-only");
    await page.keyboard.press("Control+a");
    await page.keyboard.type(text);
    return element;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterEach((context) =>
    closeTabs(contexts, context.task.result?.state === "fail", `composer-on-preview/failed-${context.task.id}`),
  );
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it.each(["en", "ru"] as const)(
    "%s: a click on the preview chooses the block and edits its title, a feature's and a button's in place; panel typing shows at once",
    { timeout: 180_000 },
    async (language) => {
      const words = RUNS[language];
      const pageId = await pageWithSection(`/on-preview-${language}`);
      const before = await recordsOf(pageId);
      const page = await openComposer(language, pageId);
      const frame = frameOf(page);
      const block = frame.locator(`[data-edit-block="${before.widget.id}"]`);
      await block.waitFor();
      // Nothing chosen yet; the block under the pointer is outlined (dashed), the chosen one solid.
      await expect(page.getByTestId("block-panel").count()).resolves.toBe(0);
      await block.hover();
      await expect.poll(() => block.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe("dashed");

      // The block's title, clicked on the preview: the block is chosen, its title's input marked, the text editable there.
      const title = await typeOnPreview(page, frame, `[data-edit-text="${before.widget.id}:title"]`, words.title);
      const panel = page.getByTestId("block-panel");
      await expect.poll(() => block.getAttribute("data-edit-selected")).toBe("");
      await expect
        .poll(() => panel.getByTestId(`block-title-${language}`).getAttribute("data-on-preview"))
        .toBe("true");
      await expect.poll(() => panel.getByTestId(`block-title-${language}`).inputValue()).toBe(words.title);
      await page.screenshot({ path: `${SHOTS}/title-on-preview-${language}.png` });
      await page.keyboard.press("Enter"); // a title is one line: Enter ends the edit
      await expect.poll(() => title.getAttribute("contenteditable")).toBe(null);
      await composerSaved(page);
      const other = language === "en" ? "ru" : "en";
      await expect
        .poll(async () => (await recordsOf(pageId)).widget.title)
        .toEqual({ ...before.widget.title, [language]: words.title });
      expect((await recordsOf(pageId)).widget.title[other]).toBe(before.widget.title[other]);

      // A feature's title and a button's label: the same, through their rows in the panel.
      const featureTitle = await typeOnPreview(
        page,
        frame,
        `[data-edit-text="${before.feature.id}:title"]`,
        words.feature,
      );
      const featureInput = panel.locator(`[data-item-id="${before.feature.id}"] [data-testid=item-title-${language}]`);
      await expect.poll(() => featureInput.inputValue()).toBe(words.feature);
      // Ctrl+Z in the frame is the composer's undo (not the element's own): the burst goes back
      // in the panel, on the preview and, saved, on the server; Ctrl+Shift+Z brings it again.
      await page.keyboard.press("Control+z");
      await expect.poll(() => featureInput.inputValue()).toBe(before.feature.title[language]);
      await expect.poll(() => featureTitle.textContent()).toBe(before.feature.title[language]);
      await expect.poll(() => featureTitle.getAttribute("contenteditable")).toBe(null);
      await page.keyboard.press("Control+Shift+z");
      await expect.poll(() => featureInput.inputValue()).toBe(words.feature);
      await expect.poll(() => featureTitle.textContent()).toBe(words.feature);
      await typeOnPreview(page, frame, `[data-edit-text="${before.button.id}:title"]`, words.button);
      await page.keyboard.press("Enter");
      await composerSaved(page);
      await expect.poll(async () => (await recordsOf(pageId)).feature.title[language]).toBe(words.feature);
      await expect.poll(async () => (await recordsOf(pageId)).button.title[language]).toBe(words.button);

      // Typed in the panel, the subtitle shows in the preview at once; its save does not reload the frame.
      await frame.locator("body").evaluate(() => Object.assign(window, { sameDocument: true }));
      await panel.getByTestId(`block-subtitle-${language}`).fill(words.subtitle);
      const subtitle = frame.locator(`[data-edit-text="${before.widget.id}:subtitle"]`);
      await expect.poll(() => subtitle.textContent(), { timeout: 1_000 }).toBe(words.subtitle);
      await composerSaved(page);
      await expect.poll(async () => (await recordsOf(pageId)).widget.subtitle[language]).toBe(words.subtitle);
      expect(await frame.locator("body").evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      await page.screenshot({ path: `${SHOTS}/panel-to-preview-${language}.png` });

      // Undo (the composer's, Ctrl+Z) takes the last edit back on the server and in the preview.
      await page.getByTestId("composer-title").click(); // the keys go to the composer, not the frame
      await page.keyboard.press("Control+z");
      await expect
        .poll(async () => (await recordsOf(pageId)).widget.subtitle[language])
        .toBe(before.widget.subtitle[language]);
      await expect.poll(() => subtitle.textContent()).toBe(before.widget.subtitle[language]);
      await composerSaved(page);

      // Published, the visitor's page shows the edits and carries none of the preview's marks.
      await server("POST", `/api/host/pages/${pageId}/publish`);
      const prefix = language === "en" ? "" : "/ru";
      const html = (await running.app.inject({ method: "GET", url: `${prefix}/on-preview-${language}` })).body;
      expect(html).toContain(words.title);
      expect(html).toContain(words.feature);
      expect(html).not.toContain("data-edit-");
    },
  );
});
