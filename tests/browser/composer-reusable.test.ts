import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";
import { expectNoViolations } from "./helpers/axe.js";
import { asServer } from "./helpers/narrow-admin.js";
import { adminTab, closeTabs, composerSaved } from "./helpers/admin-tab.js";

const ADMIN = { adminEmail: "reusable@example.com", adminPassword: "reusable password 123" };

/** What the editor reads and types, per language (web/admin/pages/reusable-texts.ts). */
const RUNS = {
  en: {
    locale: "en-US",
    prefix: "",
    name: "Team hero",
    first: "Meet the team",
    edited: { en: "Meet the whole team", ru: "Вся команда" },
    usedOnOne: "Reusable · used on 1 page",
    usedOnTwo: "Reusable · used on 2 pages",
    group: "Reusable blocks",
  },
  ru: {
    locale: "ru-RU",
    prefix: "/ru",
    name: "Герой команды",
    first: "Наша команда",
    edited: { en: "Our people", ru: "Наши люди" },
    usedOnOne: "Общий блок · на 1 странице",
    usedOnTwo: "Общий блок · на 2 страницах",
    group: "Общие блоки",
  },
} as const;

type Language = keyof typeof RUNS;

// A reusable block changed once, as an editor would: saved as reusable on page A, placed on page B
// from the palette, its title edited on B and B published with the reusable change (the publish
// dialog's choice): both published pages show the new title. Then Detach on A gives A its own copy.
describe.skipIf(!hasChromium)("reusable blocks in the page composer (Chromium)", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const open = (language: Language): Promise<Page> =>
    adminTab(
      browser,
      running,
      { contexts, problems },
      { email: ADMIN.adminEmail, password: ADMIN.adminPassword, locale: RUNS[language].locale },
    );
  /** The blocks' headings visitors get at `path` (the page's state in the HTML also holds admin titles). */
  const headings = async (path: string) =>
    [...(await running.app.inject({ method: "GET", url: path })).body.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map(
      (m) => m[1],
    );
  const pageBlocks = async (pageId: string) =>
    ((await asServer(running, "GET", `/api/host/pages/${pageId}/blocks`)) as any[]).filter((b) => b.region === "page");

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterEach((context) =>
    closeTabs(contexts, context.task.result?.state === "fail", `composer-reusable/failed-${context.task.id}`),
  );
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it.each(["en", "ru"] as const)(
    "%s: saved as reusable on one page, placed on another, edited once and published: both pages show it; Detach",
    { timeout: 180_000 },
    async (language) => {
      const run = RUNS[language];
      const made: Record<"a" | "b", string> = { a: "", b: "" };
      for (const key of ["a", "b"] as const) {
        const url = `/reuse-${key}-${language}`;
        const title = { en: `Page ${key}`, ru: `Страница ${key}` };
        made[key] = (await asServer(running, "POST", "/api/host/pages", { url, title, description: title })).id;
      }
      await asServer(running, "POST", `/api/host/pages/${made.a}/blocks`, {
        module: "website-builder",
        variant: "default",
        content: { title: run.first },
      });
      for (const id of Object.values(made)) await asServer(running, "POST", `/api/host/pages/${id}/publish`, {});
      expect(await headings(`${run.prefix}/reuse-a-${language}`)).toContain(run.first);

      // Page A: the block saved as reusable under a name.
      const page = await open(language);
      await page.goto(`${running.url}/admin/pages/${made.a}`);
      await page.getByTestId("composer-outline").waitFor({ timeout: 60_000 });
      await page.getByTestId("outline-reusable-save").first().click();
      const naming = page.getByRole("dialog");
      await naming.getByTestId("reusable-name").fill(run.name);
      await naming.getByTestId("reusable-save").click();
      await expect.poll(() => page.getByTestId("outline-reusable").first().textContent()).toBe(run.usedOnOne);
      const [shared] = await pageBlocks(made.a);
      expect(shared.reusable).toMatchObject({ name: run.name, usedOn: 1 });

      // Page B: placed from the palette's reusable group, by its name.
      await page.goto(`${running.url}/admin/pages/${made.b}`);
      await page.getByTestId("composer-outline").waitFor({ timeout: 60_000 });
      await page.getByTestId("block-add").click();
      const group = page.getByTestId("palette-reusable");
      await group.getByText(run.group).waitFor();
      const choice = group.getByTestId("palette-reusable-block").filter({ hasText: run.name });
      await choice.waitFor();
      await screenshot(page, `composer-reusable/palette-${language}`);
      await choice.click();
      await expect.poll(() => page.getByTestId("outline-reusable").first().textContent()).toBe(run.usedOnTwo);
      expect((await pageBlocks(made.b)).map((b) => b.id)).toEqual([shared.id]);
      await screenshot(page, `composer-reusable/outline-${language}`);
      // The placing is a step like an added block: undone, B's place goes (A keeps the block); redone, it is back.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("Control+z");
      await expect.poll(async () => (await pageBlocks(made.b)).length).toBe(0);
      expect((await pageBlocks(made.a))[0]).toMatchObject({ id: shared.id, reusable: { usedOn: 1 } });
      await page.keyboard.press("Control+Shift+z");
      await expect.poll(async () => (await pageBlocks(made.b)).map((b) => b.id)).toEqual([shared.id]);
      await expect.poll(() => page.getByTestId("outline-reusable").first().textContent()).toBe(run.usedOnTwo);

      // Edited once, on B: the panel says it changes every page using it.
      await page.getByTestId("outline-select").first().click();
      const panel = page.getByTestId("block-panel");
      await panel.getByTestId("reusable-notice").waitFor();
      // The badge, the panel's note and its Detach button read for everyone (axe, whole composer).
      await expectNoViolations(page, `the composer with a reusable block (${language})`);
      await panel.getByTestId("block-title-en").fill(run.edited.en);
      await panel.getByTestId("block-title-ru").fill(run.edited.ru);
      await composerSaved(page);

      // Publish asks first: the reusable change is published too by choice.
      await page.getByTestId("composer-publish").click();
      const asked = page.getByRole("dialog");
      await asked.getByTestId("publish-reusable-text").filter({ hasText: run.name }).waitFor();
      await screenshot(page, `composer-reusable/publish-dialog-${language}`);
      await expectNoViolations(page, `the publish dialog (${language})`, "[role=dialog]");
      await asked.getByTestId("publish-reusable-all").click();
      for (const key of ["a", "b"] as const)
        await expect
          .poll(() => headings(`${run.prefix}/reuse-${key}-${language}`), { timeout: 15_000 })
          .toContain(run.edited[language]);
      expect(await headings(`${run.prefix}/reuse-a-${language}`)).not.toContain(run.first);

      // Page A: Detach makes A's own copy; B keeps the shared block.
      await page.goto(`${running.url}/admin/pages/${made.a}`);
      await page.getByTestId("composer-outline").waitFor({ timeout: 60_000 });
      await page.getByTestId("outline-select").first().click();
      await page.getByTestId("reusable-detach").click();
      await expect.poll(() => page.getByTestId("outline-reusable").count()).toBe(0);
      const [own] = await pageBlocks(made.a);
      expect(own).toMatchObject({ reusable: null, title: run.edited.en });
      expect(own.id).not.toBe(shared.id);
      expect((await pageBlocks(made.b))[0]).toMatchObject({ id: shared.id, reusable: { usedOn: 1 } });
    },
  );
});
