import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "editor@example.com", adminPassword: "editor password 123" };
const SHOTS = "test-results/history";
const FIRST = "Meet the crew";
const SECOND = "Meet the team";

// A page's block edited in the composer, as an editor lives it with drafts on (docs/drafts.md): the
// page says Changed in the composer and the pages list (after a reload too) until it is published;
// History tells the edits in words (block, field, language, removed and added text) between any
// two versions; a restore shows the restored text in the side panel, and typing in another field
// then does not bring the newer text back.
describe.skipIf(!hasChromium)("a page's history in the composer (drafts on)", () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  const api = async (path: string) => {
    const response = await fetch(`${running.url}${path}`, { headers: { "x-rbac-secret-key": SECRET } });
    return ((await response.json()) as { data: any }).data;
  };
  const saved = () =>
    expect
      .poll(() => page.getByTestId("composer-save-state").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("saved");
  const composerState = () =>
    page.getByTestId("publication-line").getByTestId("publication-badge").getAttribute("data-state");

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: "en-US" });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("says Changed over the tree, tells the history in words, and restores into the side panel", async () => {
    // The demo's home page and its first own block whose widget has an English title.
    const filter = encodeURIComponent(JSON.stringify([{ column: "url", method: "eq", value: "/" }]));
    const [home] = await api(`/api/host/pages?draft=true&filters[and]=${filter}`);
    const blocks = (await api(`/api/host/pages/${home.id}/blocks?language=en`)) as any[];
    let chosen: any;
    for (const block of blocks.filter((b) => b.region === "page" && b.module === "website-builder")) {
      const widget = await api(`/api/website-builder/widgets/${block.widgetId}?draft=true`);
      if (widget.title?.en) {
        chosen = { ...block, widget };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const widgetTitle = async () => (await api(`/api/website-builder/widgets/${chosen.widgetId}?draft=true`)).title.en;

    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("current-user").waitFor();

    const openComposer = async () => {
      await page.goto(`${running.url}/admin/pages/${home.id}`);
      await page.getByTestId("composer-outline").waitFor();
      await page
        .locator(`[data-testid=outline-block][data-block-id="${chosen.id}"]`)
        .getByTestId("outline-select")
        .click();
      await expect.poll(() => page.getByTestId("block-panel").getAttribute("data-block-id")).toBe(chosen.id);
      await expect.poll(() => page.getByTestId("block-title-en").inputValue()).not.toBe("");
    };
    const listedState = async () => {
      await page.goto(`${running.url}/admin/pages`);
      const row = page.getByTestId("page-row").filter({ has: page.getByText("/", { exact: true }) });
      await row.first().waitFor();
      return row.first().getByTestId("publication-badge").getAttribute("data-state");
    };

    await openComposer();
    expect(await composerState()).toBe("published");
    // 1. The block's title edited: the page is Changed in the composer, in the list, after a reload.
    await page.getByTestId("block-title-en").fill(FIRST);
    await saved();
    await expect.poll(composerState).toBe("changed");
    expect(await listedState()).toBe("changed");
    await page.reload();
    await page.getByTestId("pages-table").waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId("page-row")
          .filter({ has: page.getByText("/", { exact: true }) })
          .first()
          .getByTestId("publication-badge")
          .getAttribute("data-state"),
      )
      .toBe("changed");
    await openComposer();
    await expect.poll(composerState).toBe("changed");

    // 2. Published, then edited again.
    await page.getByTestId("composer-publish").click();
    await expect.poll(composerState).toBe("published");
    expect(await listedState()).toBe("published");
    await openComposer();
    await page.getByTestId("block-title-en").fill(SECOND);
    await saved();
    await expect.poll(composerState).toBe("changed");

    // 3. History: the publish compared with the working copy, in words.
    await page.getByRole("button", { name: "Versions" }).click();
    const drawer = page.getByRole("dialog", { name: "Versions" });
    const published = drawer.locator('[data-testid=version-entry][data-kind="publish"]').first();
    await published.click();
    const diff = drawer.locator('[data-testid=version-diff][data-loaded="true"]');
    await diff.waitFor();
    const line = diff.getByTestId("diff-line").filter({ hasText: "Title (English)" });
    await expect.poll(() => line.count()).toBe(1);
    const text = await line.textContent();
    expect(text).toBe(`${SECOND} → Title (English): ‘${FIRST}’ → ‘${SECOND}’`);
    expect(await line.locator("del").allTextContents()).toEqual(["crew"]);
    expect(await line.locator("ins").allTextContents()).toEqual(["team"]);
    expect(await diff.textContent()).not.toMatch(/website-builder|orderIndex|host\//);
    await page.screenshot({ path: `${SHOTS}/history-diff.png` });

    // Two versions compared: the state before the first publish against the publish.
    const initial = drawer.locator('[data-testid=version-entry][data-kind="initial"]').first();
    await initial.click();
    const publishId = await published.getAttribute("data-version");
    await drawer.getByTestId("compare-with").selectOption(publishId!);
    const between = drawer.locator(`[data-testid=version-diff][data-other="${publishId}"][data-loaded="true"]`);
    await between.waitFor();
    await expect
      .poll(() => between.getByTestId("diff-line").filter({ hasText: "Title (English)" }).textContent())
      .toBe(`${FIRST} → Title (English): ‘${chosen.widget.title.en}’ → ‘${FIRST}’`);

    // 4. Restore the publish: the side panel shows its text; typing elsewhere keeps it.
    await published.click();
    await drawer.getByRole("button", { name: "Restore this version" }).click();
    await page
      .getByRole("dialog", { name: "Restore this version?" })
      .getByRole("button", { name: "Restore this version" })
      .click();
    await expect.poll(() => page.getByTestId("block-title-en").inputValue()).toBe(FIRST);
    expect(await widgetTitle()).toBe(FIRST);
    await page.getByTestId("block-subtitle-en").fill("A subtitle typed after the restore");
    await saved();
    await expect
      .poll(async () => (await api(`/api/website-builder/widgets/${chosen.widgetId}?draft=true`)).subtitle.en)
      .toBe("A subtitle typed after the restore");
    expect(await widgetTitle()).toBe(FIRST);
    expect(await page.getByTestId("block-title-en").inputValue()).toBe(FIRST);
  });
});
