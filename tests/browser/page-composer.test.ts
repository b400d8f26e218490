import { mkdirSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { describeViolations } from "./helpers/axe.js";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  startApp,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "editor@example.com", adminPassword: "editor password 123" };
// Screenshots beside the other browser tests' (test-results/ at the project root).
const SHOTS = "test-results/composer";
const HERO = { en: "We build sites from blocks", ru: "Мы собираем сайты из блоков" };
const FEATURES = { en: "Why work with us", ru: "Почему мы" };
const ITEMS = [
  { en: "Fast drafts", ru: "Быстрые черновики" },
  { en: "Live preview", ru: "Живой предпросмотр" },
  { en: "Two languages", ru: "Два языка" },
];
const BUTTON = { en: "Write to us", ru: "Напишите нам", url: "/contact" };
const TEAM = { en: "Our team", ru: "Наша команда" };

// The page composer's walkthrough as an editor, in a real Chromium with drafts on: /about made from the
// pages list, a hero with a button, a features block with three items and a third block, en and
// ru, two reorders (a drag and a key press), a removal, the live preview, Publish; then the
// visitor's /about and /ru/about in the new order. Every action besides typing is counted: the
// issue measured about 135 with the generic tables, the composer must take at most 15.
describe.skipIf(!hasChromium)("the page composer in Chromium (drafts on)", () => {
  let running: RunningApp;
  let browser: Browser;
  let editor: BrowserContext;
  let page: Page;
  let csp: CspViolation[];
  const problems: string[] = [];
  let actions = 0;
  /** The counted actions: clicks, drags, and key presses that are not text. Typing (fill) is not counted. */
  const act = {
    click: async (target: Locator) => (actions++, target.click()),
    drag: async (source: Locator, target: Locator) => (actions++, source.dragTo(target)),
    press: async (target: Locator, key: string) => (actions++, target.press(key)),
  };
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
  const saved = () =>
    expect
      .poll(() => page.getByTestId("composer-save-state").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("saved");
  const outlineNames = () => page.getByTestId("outline-name").allTextContents();
  const block = (name: string) =>
    page
      .getByTestId("outline-block")
      .filter({ has: page.getByTestId("outline-name").getByText(name, { exact: true }) });
  const preview = () => page.frameLocator("[data-testid=preview-frame]");
  /** Where each text first appears in a text, -1 when it does not. */
  const positions = (body: string, texts: string[]) => texts.map((text) => body.indexOf(text));
  const axe = async (where: string) => {
    // The pointer rests on the header, not on the control just clicked: a hovered link's tint is a moment, not the screen.
    await page.mouse.move(1, 1);
    // Toasts fade out by themselves; one caught under a dialog's overlay mid-animation is measured as grey on grey.
    await expect.poll(() => page.locator(".mantine-Notification-root").count(), { timeout: 10_000 }).toBe(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(describeViolations(results), where).toEqual([]);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
    editor = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    csp = await watchCspViolations(editor);
    page = await editor.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  // A long walk (every action waits for its save and the preview): about a minute on two busy
  // cores, so it gets three; what it checks is the number of actions, never the time.
  it("builds /about with blocks, reorders, removes, previews and publishes in at most 15 actions; visitors see the new order in en and ru", {
    timeout: 180_000,
  }, async () => {
    // Signing in is not part of making the page: its clicks are not counted.
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("current-user").waitFor();

    // The pages list: the demo's home page is found by its title.
    await act.click(page.getByTestId("nav-pages"));
    await page.getByTestId("pages-table").waitFor();
    await page.getByTestId("pages-search").fill("Northwind");
    await expect.poll(() => page.getByTestId("page-row").count()).toBeGreaterThan(0);
    await page.getByTestId("pages-search").fill("");
    await axe("/admin/pages");
    await shot("pages-list");

    // New page: URL and titles, created and opened in the composer.
    await act.click(page.getByTestId("page-new"));
    await page.getByTestId("new-page-url").fill("/about");
    await page.getByTestId("new-page-title-en").fill("About us");
    await page.getByTestId("new-page-title-ru").fill("О нас");
    await act.click(page.getByTestId("new-page-create"));
    await page.waitForURL(/\/admin\/pages\/[0-9a-f-]{36}$/);
    const pageId = /pages\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await page.getByTestId("composer-outline").waitFor();
    expect(await page.getByTestId("composer-title").textContent()).toBe("About us");
    // The new page is framed by the site's layout: its navbar and footer head the outline, not movable here.
    await expect.poll(() => page.getByTestId("outline-layout-block").count()).toBeGreaterThan(0);

    // A hero (website-builder's content widget) with its texts and a button.
    await act.click(page.getByTestId("block-add"));
    await act.click(
      page.locator('[data-testid=palette-variant][data-module="website-builder"][data-variant="content-default"]'),
    );
    const panel = page.getByTestId("block-panel");
    await panel.getByTestId("block-title-en").fill(HERO.en);
    await panel.getByTestId("block-title-ru").fill(HERO.ru);
    // Each language's input names its language to a screen reader, not only its column's heading.
    for (const [language, name, value] of [
      ["en", "Title (English)", HERO.en],
      ["ru", "Title (Russian)", HERO.ru],
    ])
      expect(
        await panel.getByTestId(`block-texts-${language}`).getByRole("textbox", { name, exact: true }).inputValue(),
      ).toBe(value);
    const buttons = panel.getByTestId("block-items-buttons");
    await buttons.getByTestId("item-new").getByTestId("item-title-en").fill(BUTTON.en);
    await buttons.getByTestId("item-row").first().getByTestId("item-title-ru").fill(BUTTON.ru);
    await buttons.getByTestId("item-row").first().getByTestId("item-url").fill(BUTTON.url);
    await saved();

    // A features block with three items.
    await act.click(page.getByTestId("block-add"));
    await act.click(
      page.locator('[data-testid=palette-variant][data-module="website-builder"][data-variant="default"]'),
    );
    await expect.poll(() => page.getByTestId("outline-block").count()).toBe(2);
    await panel.getByTestId("block-title-en").fill(FEATURES.en);
    await panel.getByTestId("block-title-ru").fill(FEATURES.ru);
    const features = panel.getByTestId("block-items-features");
    for (const [index, item] of ITEMS.entries()) {
      await features.getByTestId("item-new").getByTestId("item-title-en").fill(item.en);
      await features.getByTestId("item-row").nth(index).getByTestId("item-title-ru").fill(item.ru);
    }
    await saved();

    // A third block, the one removed below.
    await act.click(page.getByTestId("block-add"));
    await act.click(
      page.locator('[data-testid=palette-variant][data-module="website-builder"][data-variant="default"]'),
    );
    await expect.poll(() => page.getByTestId("outline-block").count()).toBe(3);
    await panel.getByTestId("block-title-en").fill(TEAM.en);
    await panel.getByTestId("block-title-ru").fill(TEAM.ru);
    await saved();
    await expect.poll(outlineNames).toEqual([HERO.en, FEATURES.en, TEAM.en]);

    // The preview shows the draft as the site will, reloaded after each change.
    await expect
      .poll(
        async () =>
          positions(await preview().locator("body").innerText(), [
            HERO.en,
            FEATURES.en,
            ...ITEMS.map((i) => i.en),
            BUTTON.en,
            TEAM.en,
          ]).every((p) => p >= 0),
        { timeout: 15_000 },
      )
      .toBe(true);
    await axe("the composer");
    await shot("composer-1280");

    // Reorder by drag: the features block above the hero.
    await act.drag(block(FEATURES.en), block(HERO.en));
    await expect.poll(outlineNames).toEqual([FEATURES.en, HERO.en, TEAM.en]);
    await saved();
    // Reorder by keyboard: the team block's "Move up" button, pressed with Enter.
    await act.press(block(TEAM.en).getByRole("button", { name: `Move "${TEAM.en}" up` }), "Enter");
    await expect.poll(outlineNames).toEqual([FEATURES.en, TEAM.en, HERO.en]);
    await saved();
    await expect
      .poll(
        async () => {
          const [features, team, hero] = positions(await preview().locator("body").innerText(), [
            FEATURES.en,
            TEAM.en,
            HERO.en,
          ]);
          return features! >= 0 && features! < team! && team! < hero!;
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // Remove the team block, after a confirm that names it.
    await act.click(block(TEAM.en).getByRole("button", { name: `Remove "${TEAM.en}"` }));
    expect(await page.getByTestId("remove-block-text").textContent()).toContain(TEAM.en);
    await act.click(page.getByTestId("remove-block-confirm"));
    await expect.poll(outlineNames).toEqual([FEATURES.en, HERO.en]);
    await saved();
    await expect
      .poll(async () => (await preview().locator("body").innerText()).includes(TEAM.en), { timeout: 15_000 })
      .toBe(false);
    await shot("composer-reordered");

    // Not on the site before Publish.
    expect((await running.app.inject({ method: "GET", url: "/about" })).statusCode).toBe(404);
    await act.click(page.getByTestId("composer-publish"));
    await expect
      .poll(() => page.getByTestId("publication-line").getByTestId("publication-badge").getAttribute("data-state"))
      .toBe("published");

    // Below 900 px only the outline and the panel show; at 1280 px all three, without sideways scrolling.
    await page.setViewportSize({ width: 899, height: 900 });
    await expect.poll(() => page.getByTestId("composer-preview").count()).toBe(0);
    expect(await page.getByTestId("composer-outline").isVisible()).toBe(true);
    await shot("composer-899");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId("composer-preview").waitFor();
    for (const part of ["composer-outline", "composer-panel", "composer-preview"])
      expect(await page.getByTestId(part).isVisible(), part).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    expect(actions, "actions besides typing").toBeLessThanOrEqual(15);

    // The visitor's /about and /ru/about: the blocks in the new order, the removed one gone.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const tab = await visitor.newPage();
      for (const [path, language] of [
        ["/about", "en"],
        ["/ru/about", "ru"],
      ] as const) {
        const answer = await tab.goto(`${running.url}${path}`);
        expect(answer?.status(), path).toBe(200);
        const body = await tab.locator("main, body").first().innerText();
        const [features, hero] = positions(body, [FEATURES[language], HERO[language]]);
        expect(features, `${path}: features`).toBeGreaterThanOrEqual(0);
        expect(hero, `${path}: hero after features`).toBeGreaterThan(features!);
        for (const item of ITEMS) expect(body, path).toContain(item[language]);
        expect(body, path).toContain(BUTTON[language]);
        expect(body, path).not.toContain(TEAM[language]);
        // The page's title per language, as typed in New page (a language map).
        expect(await tab.title(), path).toContain(language === "en" ? "About us" : "О нас");
        expect(
          await tab.locator(`a[href$="${BUTTON.url}"]`).filter({ hasText: BUTTON[language] }).count(),
          `${path}: the button's link`,
        ).toBeGreaterThan(0);
        await tab.screenshot({ path: `${SHOTS}/visitor-${language}.png`, fullPage: true });
      }
    } finally {
      await visitor.close();
    }
    expect(pageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(problems).toEqual([]);
    expect(csp).toEqual([]);
  });

  it("duplicates a block with its items, removes an item and the copy, finds blocks in the palette, and saves the page's settings", async () => {
    // Continues on /about as the first test left it: features, then the hero.
    await expect.poll(outlineNames).toEqual([FEATURES.en, HERO.en]);
    await block(FEATURES.en)
      .getByRole("button", { name: `Duplicate "${FEATURES.en}"` })
      .click();
    await expect.poll(outlineNames).toEqual([FEATURES.en, FEATURES.en, HERO.en]);
    // The copy is chosen, right after its original, with copies of the three items.
    const copy = page.getByTestId("outline-block").nth(1);
    expect(await copy.getByTestId("outline-select").getAttribute("aria-pressed")).toBe("true");
    const items = page.getByTestId("block-panel").getByTestId("block-items-features").getByTestId("item-row");
    await expect.poll(() => items.count()).toBe(3);
    const copyId = await copy.getAttribute("data-block-id");
    expect(copyId).not.toBe(await page.getByTestId("outline-block").first().getAttribute("data-block-id"));

    // An item taken out of the copy: the original keeps its three.
    await items
      .nth(0)
      .getByRole("button", { name: `Remove item "${ITEMS[0]!.en}"` })
      .click();
    await expect.poll(() => items.count()).toBe(2);
    await saved();
    await page.getByTestId("outline-block").first().getByTestId("outline-select").click();
    await expect.poll(() => page.getByTestId("block-panel").getAttribute("data-block-id")).not.toBe(copyId);
    await expect.poll(() => items.count()).toBe(3);

    // Alt+↓ on a block's control moves it too (not counted above: the walkthrough used the button).
    await page
      .locator(`[data-testid=outline-block][data-block-id="${copyId}"]`)
      .getByTestId("outline-select")
      .press("Alt+ArrowDown");
    await expect
      .poll(() =>
        page
          .getByTestId("outline-block")
          .evaluateAll((nodes, id) => nodes.map((n) => n.getAttribute("data-block-id")).indexOf(id), copyId),
      )
      .toBe(2);
    await saved();

    // The copy removed again.
    await page.locator(`[data-testid=outline-block][data-block-id="${copyId}"]`).getByTestId("outline-remove").click();
    await page.getByTestId("remove-block-confirm").click();
    await expect.poll(outlineNames).toEqual([FEATURES.en, HERO.en]);

    // The palette narrows to what is searched for, in the editor's language.
    await page.getByTestId("block-add").click();
    await page.getByTestId("palette-variant").first().waitFor();
    await axe("the block palette");
    await shot("palette");
    await page.getByTestId("palette-search").fill("footer");
    await expect
      .poll(() =>
        page.getByTestId("palette-variant").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-variant"))),
      )
      .toEqual(["footer-default"]);
    await page.keyboard.press("Escape");

    // "All fields…": the block's generated form, and one item's (its other fields), both reading the working copy.
    await page.getByTestId("outline-block").first().getByTestId("outline-select").click();
    await page.getByTestId("block-full-form").click();
    const widgetForm = page.getByRole("dialog", { name: /Widget/ });
    await expect.poll(() => widgetForm.locator("#root_title_en").inputValue()).toBe(FEATURES.en);
    await page.keyboard.press("Escape");
    await expect.poll(() => widgetForm.count()).toBe(0);
    await page
      .getByTestId("block-items-features")
      .getByRole("button", { name: `All fields of "${ITEMS[1]!.en}"` })
      .click();
    const featureForm = page.getByRole("dialog", { name: /Feature/ });
    await expect.poll(() => featureForm.locator("#root_title_ru").inputValue()).toBe(ITEMS[1]!.ru);
    await page.keyboard.press("Escape");
    await expect.poll(() => featureForm.count()).toBe(0);

    // Page settings: the title in English, a description for search engines.
    await page.getByTestId("page-settings-open").click();
    await page.getByTestId("settings-title-en").fill("About the studio");
    await page.getByTestId("settings-seo-title-en").fill("About Northwind Studio");
    await page.getByTestId("settings-save").click();
    await expect.poll(() => page.getByTestId("composer-title").textContent()).toBe("About the studio");
    const id = /pages\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const links = await running.app.inject({
      method: "GET",
      url: `/api/host/pages-to-metadata?filters[and][0][column]=pageId&filters[and][0][method]=eq&filters[and][0][value]=${id}&draft=true`,
      headers: { "x-rbac-secret-key": SECRET },
    });
    expect(links.json().data).toHaveLength(1);
    await shot("composer-settings-saved");

    // The pages list finds it by its new title (a language map) and shows it in the admin's language.
    await page.getByTestId("nav-pages").click();
    await page.getByTestId("pages-search").fill("the studio");
    await expect
      .poll(() => page.getByTestId("page-row").allTextContents())
      .toEqual([expect.stringContaining("About the studio")]);
    expect(await page.getByTestId("page-row").textContent()).toContain("/about");
    expect(problems).toEqual([]);
    expect(csp).toEqual([]);
  });

  it("speaks Russian to an editor whose browser does", async () => {
    const russian = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "ru-RU",
      storageState: await editor.storageState(),
    });
    try {
      const tab = await russian.newPage();
      tab.on("pageerror", (error) => problems.push(`ru pageerror: ${error.message}`));
      await tab.goto(page.url().replace(/\/admin\/pages.*$/, "/admin/pages"));
      await tab.getByTestId("pages-table").waitFor();
      expect(await tab.getByRole("heading", { level: 1 }).textContent()).toBe("Страницы");
      await tab.getByTestId("page-title").filter({ hasText: "О нас" }).click();
      await tab.getByTestId("composer-outline").waitFor();
      expect(await tab.getByTestId("composer-title").textContent()).toBe("О нас");
      for (const heading of ["Структура", "Предпросмотр"])
        expect(await tab.getByRole("heading", { name: heading }).count(), heading).toBe(1);
      // Blocks are named by their Russian titles, the buttons by what they do in Russian.
      await expect.poll(() => tab.getByTestId("outline-name").allTextContents()).toEqual([FEATURES.ru, HERO.ru]);
      expect(await tab.getByRole("button", { name: `Поднять «${HERO.ru}»` }).count()).toBe(1);
      await tab.getByTestId("outline-select").first().click();
      await tab.getByTestId("block-items-features").getByRole("heading", { name: "Преимущества" }).waitFor();
      await tab.mouse.move(1, 1);
      await tab.screenshot({ path: `${SHOTS}/composer-ru.png` });
      expect(problems).toEqual([]);
    } finally {
      await russian.close();
    }
  });
});

// With DRAFTS=off (live saves) the composer has nothing to publish: each block and text is on the
// site as soon as it is saved, and the screen offers no Publish, Schedule or History.
describe.skipIf(!hasChromium)("the page composer with live saves (DRAFTS=off)", () => {
  let running: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, drafts: false, ...ADMIN });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("puts a new block on the site as it is typed", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await page.goto(`${running.url}/admin/pages`);
      await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByTestId("page-new").click();
      await page.getByTestId("new-page-url").fill("/team");
      await page.getByTestId("new-page-title-en").fill("Team");
      await page.getByTestId("new-page-create").click();
      await page.getByTestId("composer-outline").waitFor();
      expect(await page.getByTestId("composer-publish").count()).toBe(0);
      await page.getByTestId("block-add").click();
      await page
        .locator('[data-testid=palette-variant][data-module="website-builder"][data-variant="content-default"]')
        .click();
      await page.getByTestId("block-panel").getByTestId("block-title-en").fill("Meet the team");
      await expect
        .poll(() => page.getByTestId("composer-save-state").getAttribute("data-state"), { timeout: 15_000 })
        .toBe("saved");
      await expect
        .poll(async () => (await running.app.inject({ method: "GET", url: "/team" })).body.includes("Meet the team"), {
          timeout: 15_000,
        })
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});
