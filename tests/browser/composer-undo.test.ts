import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";
import { asServer, signInAt, whereEq } from "./helpers/narrow-admin.js";

const ADMIN = { adminEmail: "undo@example.com", adminPassword: "undo password 123" };
const SHOTS = "test-results/composer-undo";

/** What the editor reads, per language (web/admin/pages/undo-texts.ts). */
const WORDS = {
  en: { locale: "en-US", undo: "Undo", redo: "Redo", group: "History" },
  ru: { locale: "ru-RU", undo: "Отменить", redo: "Повторить", group: "История" },
} as const;
const ALPHA = { en: "Alpha", ru: "Альфа" };
const BETA = { en: "Beta", ru: "Бета" };
const FEATURES = [{ title: { en: "One", ru: "Один" } }, { title: { en: "Two", ru: "Два" } }];

type Language = keyof typeof WORDS;
type Row = Record<string, any>;

// Undo and redo in the page composer, in a real Chromium with drafts on: three kinds of change (a
// burst of typing, an added block, a reorder) undone with the keys and the buttons and redone,
// each undo checked in the SERVER's working copy (the blocks API, the widget's record), not only
// on screen; then a removed block brought back with its texts and features, and the steps recorded
// on it before (its title, an added feature) following its new id, and a duplicate undone and redone.
describe.skipIf(!hasChromium)("undo and redo in the page composer (Chromium)", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const server = (method: "GET" | "POST" | "DELETE", url: string, data?: object) =>
    asServer(running, method, url, data);
  /** A page at `url` with two blocks, Alpha (a hero) and Beta (a section with two features). */
  const pageWithBlocks = async (url: string) => {
    const made = await server("POST", "/api/host/pages", {
      url,
      title: { en: "Undo", ru: "Отмена" },
      description: { en: "Undo", ru: "Отмена" },
    });
    for (const [variant, title, features] of [
      ["content-default", ALPHA, undefined],
      ["default", BETA, FEATURES],
    ] as const)
      await server("POST", `/api/host/pages/${made.id}/blocks`, {
        module: "website-builder",
        variant,
        content: { title, ...(features ? { features } : {}) },
      });
    return String(made.id);
  };
  /** The page's own blocks as the server holds them (working copy), in order. */
  const blocksOf = async (pageId: string): Promise<Row[]> =>
    (await server("GET", `/api/host/pages/${pageId}/blocks?language=en`)).filter((b: Row) => b.region === "page");
  /** Each block as `variant:english title`, in the server's order. */
  const orderOf = async (pageId: string) =>
    (await blocksOf(pageId)).map((b) => `${b.variant}:${typeof b.title === "string" ? b.title : (b.title?.en ?? "")}`);
  const widgetOf = (widgetId: string) => server("GET", `/api/website-builder/widgets/${widgetId}?draft=true`);
  const featuresOf = async (widgetId: string) => {
    const rows: Row[] = await server(
      "GET",
      `/api/website-builder/widgets-to-features?${whereEq("widgetId", widgetId)}&draft=true`,
    );
    const titles: string[] = [];
    for (const row of [...rows].sort((a, b) => a.orderIndex - b.orderIndex))
      titles.push((await server("GET", `/api/website-builder/features/${row.featureId}?draft=true`)).title.en);
    return titles;
  };

  const openComposer = async (language: Language, pageId: string): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: WORDS[language].locale,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await signInAt(page, `${running.url}/admin`, ADMIN.adminEmail, ADMIN.adminPassword);
    await page.getByTestId("current-user").waitFor();
    await page.goto(`${running.url}/admin/pages/${pageId}`);
    await page.getByTestId("composer-outline").waitFor();
    await expect.poll(() => page.getByTestId("outline-block").count()).toBe(2);
    return page;
  };
  const saved = (page: Page) =>
    expect
      .poll(() => page.getByTestId("composer-save-state").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("saved");
  const buttons = (page: Page, language: Language) => ({
    undo: page.getByRole("button", { name: WORDS[language].undo, exact: true }),
    redo: page.getByRole("button", { name: WORDS[language].redo, exact: true }),
  });
  const enabled = async (page: Page, language: Language) => {
    const { undo, redo } = buttons(page, language);
    return [await undo.isEnabled(), await redo.isEnabled()];
  };
  /** Ctrl+Z (or another) pressed with the focus on the page, not in a field. */
  const keys = async (page: Page, combo: string) => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(combo);
  };
  /** Chooses the page's `index`th block in the outline. */
  const select = (page: Page, index: number) => page.getByTestId("outline-select").nth(index).click();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterEach(async (context) => {
    const failed = context.task.result?.state === "fail";
    for (const tab of contexts.splice(0)) {
      if (failed) for (const open of tab.pages()) await screenshot(open, `composer-undo/failed-${context.task.id}`);
      await tab.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it.each(["en", "ru"] as const)(
    "%s: undoes a burst of typing, an added block and a reorder (keys and buttons), each a save the server holds, and redoes them",
    { timeout: 150_000 },
    async (language) => {
      const pageId = await pageWithBlocks(`/undo-${language}`);
      const page = await openComposer(language, pageId);
      const { undo, redo } = buttons(page, language);
      // Nothing done yet: nothing to undo or redo.
      expect(await enabled(page, language)).toEqual([false, false]);
      const [alpha] = await blocksOf(pageId);

      // 1. A burst of typing in Alpha's English title: one step.
      await select(page, 0);
      const title = page.getByTestId("block-panel").getByTestId("block-title-en");
      await title.click();
      await title.press("End");
      await title.pressSequentially(" edited", { delay: 30 });
      await saved(page);
      expect((await widgetOf(alpha!.widgetId)).title.en).toBe("Alpha edited");
      // 2. A block added (after the chosen one, Alpha).
      await page.getByTestId("block-add").click();
      await page
        .locator('[data-testid=palette-variant][data-module="website-builder"][data-variant="default"]')
        .click();
      await expect.poll(() => page.getByTestId("outline-block").count()).toBe(3);
      await saved(page);
      const added = ["content-default:Alpha edited", "default:Section", "default:Beta"];
      expect(await orderOf(pageId)).toEqual(added);
      // 3. A reorder: Beta moved up, above the new block.
      await page
        .getByTestId("outline-block")
        .filter({ has: page.getByTestId("outline-name").getByText(BETA[language], { exact: true }) })
        .getByTestId("outline-up")
        .click();
      await saved(page);
      const reordered = ["content-default:Alpha edited", "default:Beta", "default:Section"];
      await expect.poll(() => orderOf(pageId)).toEqual(reordered);
      expect(await enabled(page, language)).toEqual([true, false]);

      // Undo the reorder with Ctrl+Z: the server has the earlier order again.
      await keys(page, "Control+z");
      await expect.poll(() => orderOf(pageId)).toEqual(added);
      await saved(page);
      expect(await enabled(page, language)).toEqual([true, true]);
      await page.mouse.move(1, 1);
      await page
        .getByRole("group", { name: WORDS[language].group })
        .screenshot({ path: `${SHOTS}/buttons-${language}.png` });
      await page.screenshot({ path: `${SHOTS}/composer-after-undo-${language}.png` });

      // Undo the added block with the button: it is gone from the server.
      await undo.click();
      await expect.poll(() => orderOf(pageId)).toEqual(["content-default:Alpha edited", "default:Beta"]);
      await expect.poll(() => page.getByTestId("outline-block").count()).toBe(2);
      await saved(page);

      // Undo the typing with Ctrl+Z pressed inside the field itself: the whole burst goes at once,
      // saved (not only the screen), and there is nothing left to undo.
      await select(page, 0);
      await title.click();
      await title.press("Control+z");
      await expect.poll(async () => (await widgetOf(alpha!.widgetId)).title.en).toBe("Alpha");
      await expect.poll(() => title.inputValue()).toBe("Alpha");
      await saved(page);
      expect(await enabled(page, language)).toEqual([false, true]);

      // Redo all three: Shift+Ctrl+Z, the button, Ctrl+Y.
      await keys(page, "Control+Shift+z");
      await expect.poll(async () => (await widgetOf(alpha!.widgetId)).title.en).toBe("Alpha edited");
      await expect.poll(() => title.inputValue()).toBe("Alpha edited");
      await saved(page);
      await redo.click();
      await expect.poll(() => orderOf(pageId)).toEqual(added);
      await saved(page);
      await keys(page, "Control+y");
      await expect.poll(() => orderOf(pageId)).toEqual(reordered);
      await saved(page);
      expect(await enabled(page, language)).toEqual([true, false]);
      // The screen agrees with the server (the names in the admin's language: only the English title was typed in).
      expect(await page.getByTestId("outline-name").allTextContents()).toEqual(
        language === "en" ? ["Alpha edited", "Beta", "Section"] : ["Альфа", "Бета", "Раздел"],
      );
    },
  );

  it("brings a removed block back with its texts and features, the steps before following its new id; undoes a duplicate", {
    timeout: 150_000,
  }, async () => {
    const pageId = await pageWithBlocks("/undo-remove");
    const page = await openComposer("en", pageId);
    const [, beta] = await blocksOf(pageId);

    // A feature added (typing in the empty row), then the title typed, then the block removed.
    await select(page, 1);
    const panel = page.getByTestId("block-panel");
    await panel.getByTestId("block-items-features").getByTestId("item-new").getByTestId("item-title-en").fill("Three");
    await saved(page);
    await expect.poll(() => featuresOf(beta!.widgetId)).toEqual(["One", "Two", "Three"]);
    await panel.getByTestId("block-title-en").fill("Beta renamed");
    await saved(page);
    await page
      .getByTestId("outline-block")
      .filter({ has: page.getByTestId("outline-name").getByText("Beta renamed", { exact: true }) })
      .getByTestId("outline-remove")
      .click();
    await page.getByTestId("remove-block-confirm").click();
    await expect.poll(() => orderOf(pageId)).toEqual(["content-default:Alpha"]);
    await saved(page);

    // Undo the removal: a new record, in its place, with its title and its three features.
    await keys(page, "Control+z");
    await expect.poll(() => orderOf(pageId)).toEqual(["content-default:Alpha", "default:Beta renamed"]);
    await saved(page);
    const back = (await blocksOf(pageId))[1]!;
    expect(back.widgetId).not.toBe(beta!.widgetId);
    expect(await featuresOf(back.widgetId)).toEqual(["One", "Two", "Three"]);
    expect((await widgetOf(back.widgetId)).title.ru).toBe(BETA.ru);

    // The title's step was recorded on the old record: it reaches the new one.
    await keys(page, "Control+z");
    await expect.poll(async () => (await widgetOf(back.widgetId)).title.en).toBe("Beta");
    await saved(page);
    // And so does the added feature's.
    await keys(page, "Control+z");
    await expect.poll(() => featuresOf(back.widgetId)).toEqual(["One", "Two"]);
    await saved(page);
    await expect.poll(() => panel.getByTestId("block-items-features").getByTestId("item-row").count()).toBe(2);

    // Redone, all three again: the feature, the title, the removal.
    for (const expected of [
      async () => expect.poll(() => featuresOf(back.widgetId)).toEqual(["One", "Two", "Three"]),
      async () => expect.poll(async () => (await widgetOf(back.widgetId)).title.en).toBe("Beta renamed"),
      async () => expect.poll(() => orderOf(pageId)).toEqual(["content-default:Alpha"]),
    ]) {
      await keys(page, "Control+Shift+z");
      await expected();
      await saved(page);
    }

    // A duplicate is a step too: undone, the copy goes; redone, it is back with the original's title.
    await page.getByTestId("outline-duplicate").first().click();
    await expect.poll(() => orderOf(pageId)).toEqual(["content-default:Alpha", "content-default:Alpha"]);
    await saved(page);
    await keys(page, "Control+z");
    await expect.poll(() => orderOf(pageId)).toEqual(["content-default:Alpha"]);
    await saved(page);
    await keys(page, "Control+y");
    await expect.poll(() => orderOf(pageId)).toEqual(["content-default:Alpha", "content-default:Alpha"]);
    await saved(page);
  });
});
