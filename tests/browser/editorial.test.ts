import { mkdirSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "editor@example.com", adminPassword: "editor password 123" };
const SHOTS = "/tmp/shots";
// The demo home page's hero: the first slide of its slider.
const OLD_TITLE = "Build a site from blocks";
const NEW_TITLE = "Sites built from blocks, previewed first";

// The editorial workflow (docs/drafts.md) as an editor lives it, in a real Chromium against the real app with
// drafts on: a draft edit the visitor does not see, a preview that shows it, a publish that puts it
// live, a restore from the history published again; and a save refused because someone else
// changed the record meanwhile.
describe.skipIf(!hasChromium)("editorial workflow in Chromium (drafts on)", () => {
  let running: RunningApp;
  let browser: Browser;
  let editor: BrowserContext;
  let page: Page;
  let violations: CspViolation[];

  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/editorial-${name}.png` });
  const dialog = (title: string) => page.getByRole("dialog", { name: title });
  const openModel = async (id: string) => {
    await page.locator(`a[href="/admin/${id}"]`).click();
    await page.getByTestId(`table-${id}`).waitFor();
  };
  /** The home page's hero headings as a visitor's browser shows them. */
  const visitorHeadings = async (): Promise<string[]> => {
    const visitor = await browser.newContext();
    try {
      const tab = await visitor.newPage();
      await tab.goto(`${running.url}/`);
      return (await tab.locator("[data-slide] h2").allTextContents()).map((t) => t.trim());
    } finally {
      await visitor.close();
    }
  };
  /** Opens the hero slide's form the way a person finds it: Slides, searched by its title. */
  const openHeroSlide = async (title: string): Promise<Locator> => {
    await page.goto(`${running.url}/admin`);
    await openModel("website-builder/slides");
    const table = page.getByTestId("table-website-builder/slides");
    await table.getByLabel("Search").fill(title.split(" ").slice(0, 2).join(" "));
    await table
      .getByTestId("table-row")
      .filter({ hasText: title })
      .first()
      .getByRole("button", { name: "Edit" })
      .click();
    const form = dialog("Update Slide");
    await form.locator("#root_title_en").waitFor();
    return form;
  };
  const badge = (form: Locator) => form.getByTestId("publication-line").getByTestId("publication-badge");

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
    editor = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    violations = await watchCspViolations(editor);
    page = await editor.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => console.error("page error:", error.message));
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      await screenshot(page, `editorial-failed-${context.task.name.replace(/\W+/g, "-")}`);
    expect(violations.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("signs the editor in", async () => {
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(ADMIN.adminEmail);
    expect(await visitorHeadings()).toContain(OLD_TITLE);
  });

  it("saves the hero's new title as a draft: the table and the form say Changed, the visitor still sees the old title", async () => {
    const form = await openHeroSlide(OLD_TITLE);
    await expect.poll(() => badge(form).getAttribute("data-state")).toBe("published");
    await form.locator("#root_title_en").fill(NEW_TITLE);
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => form.getByTestId("save-status").textContent()).toBe("Saved");
    await expect.poll(() => badge(form).getAttribute("data-state")).toBe("changed");
    await form.getByRole("button", { name: "Publish", exact: true }).waitFor();
    await form.getByRole("button", { name: "Schedule…" }).waitFor();
    await form.getByRole("button", { name: "Versions" }).waitFor();
    await shot("form");
    await page.keyboard.press("Escape");
    // The table lists working copies (draft=true) with their state.
    const row = page
      .getByTestId("table-website-builder/slides")
      .getByTestId("table-row")
      .filter({ hasText: NEW_TITLE });
    await expect.poll(() => row.getByTestId("publication-badge").getAttribute("data-state")).toBe("changed");
    const headings = await visitorHeadings();
    expect(headings).toContain(OLD_TITLE);
    expect(headings).not.toContain(NEW_TITLE);
  });

  it("previews the home page in a new tab with the new title, and publishes it: the visitor sees it live", async () => {
    await page.goto(`${running.url}/admin`);
    await openModel("host/pages");
    const table = page.getByTestId("table-host/pages");
    // The home page is the page at "/": the table filtered by its url.
    await table.getByRole("button", { name: "Filter" }).click();
    await page.getByLabel("Column", { exact: true }).first().click();
    await page.getByRole("option", { name: "Url", exact: true }).click();
    await page.getByLabel("Value", { exact: true }).fill("/");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("1 record");
    await table.getByTestId("table-row").getByRole("button", { name: "Edit" }).click();
    const form = dialog("Update Page");
    const opened = editor.waitForEvent("page");
    await form.getByRole("button", { name: "Preview" }).click();
    const preview = await opened;
    await expect.poll(() => preview.url(), { timeout: 20_000 }).not.toBe("about:blank");
    await preview.waitForLoadState();
    await expect
      .poll(async () => (await preview.locator("[data-slide] h2").allTextContents()).map((t) => t.trim()))
      .toContain(NEW_TITLE);
    await preview.screenshot({ path: `${SHOTS}/editorial-preview.png` });
    await preview.close();
    expect(await visitorHeadings()).not.toContain(NEW_TITLE);

    // Publishing the page publishes its tree: the slide's edit with it.
    await form.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => badge(form).getAttribute("data-state")).toBe("published");
    await page.keyboard.press("Escape");
    await expect.poll(visitorHeadings).toContain(NEW_TITLE);
  });

  it("restores the previous title from the history, publishes again: the visitor sees the old title", async () => {
    const form = await openHeroSlide(NEW_TITLE);
    await form.getByRole("button", { name: "Versions" }).click();
    const drawer = page.getByRole("dialog", { name: "Versions" });
    const entries = drawer.getByTestId("version-entry");
    await expect.poll(() => entries.count()).toBeGreaterThan(0);
    // The version that still had the old title: the one whose comparison shows it.
    const titleLine = drawer.getByTestId("diff-line").filter({ hasText: "Title (English)" });
    let found = false;
    for (let i = 0; i < (await entries.count()) && !found; i++) {
      const version = await entries.nth(i).getAttribute("data-version");
      await entries.nth(i).click();
      await drawer.locator(`[data-testid="version-diff"][data-version="${version}"][data-loaded="true"]`).waitFor();
      found = await titleLine
        .filter({ hasText: OLD_TITLE })
        .count()
        .then((n) => n > 0);
    }
    expect(found).toBe(true);
    expect(await titleLine.textContent()).toContain(NEW_TITLE);
    await shot("history");
    await drawer.getByRole("button", { name: "Restore this version" }).click();
    await page
      .getByRole("dialog", { name: "Restore this version?" })
      .getByRole("button", { name: "Restore this version" })
      .click();
    // The form reloads with the restored working copy; the site still shows the published one.
    await expect.poll(() => form.locator("#root_title_en").inputValue()).toBe(OLD_TITLE);
    await expect.poll(() => badge(form).getAttribute("data-state")).toBe("changed");
    expect(await visitorHeadings()).toContain(NEW_TITLE);
    await form.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => badge(form).getAttribute("data-state")).toBe("published");
    await page.keyboard.press("Escape");
    await expect.poll(visitorHeadings).toContain(OLD_TITLE);
    expect(await visitorHeadings()).not.toContain(NEW_TITLE);
  });

  it("schedules a publish for later, shows it, and cancels it", async () => {
    const form = await openHeroSlide(OLD_TITLE);
    await form.getByRole("button", { name: "Schedule…" }).click();
    const schedule = page.getByRole("dialog", { name: "Schedule" });
    // The browser's own clock and zone: a moment well ahead of it.
    const later = await page.evaluate(() => {
      const d = new Date(Date.now() + 3 * 24 * 3600 * 1000);
      d.setHours(9, 30, 0, 0);
      const two = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T09:30`;
    });
    await schedule.getByLabel("Publish at", { exact: true }).fill(later);
    await schedule.getByRole("button", { name: "Save schedule" }).click();
    await schedule.waitFor({ state: "detached" });
    await expect.poll(() => badge(form).getAttribute("data-state")).toBe("scheduled");
    await expect.poll(() => form.getByTestId("scheduled-publish").textContent()).toContain("9:30");
    await shot("scheduled");
    await form.getByRole("button", { name: "Schedule…" }).click();
    await schedule.getByRole("button", { name: "Cancel schedule" }).click();
    await expect.poll(() => badge(form).getAttribute("data-state")).toBe("published");
    await page.keyboard.press("Escape");
  });

  it("refuses a save over someone else's change (412), keeps the typed value, and reloads on request", async () => {
    const form = await openHeroSlide(OLD_TITLE);
    const id = await (async () => {
      const response = await running.app.inject({
        method: "GET",
        url: `/api/website-builder/slides?draft=true&filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=slide-build`,
        headers: { "x-rbac-secret-key": SECRET },
      });
      return response.json().data[0].id as string;
    })();
    // Another editor saves the slide while this form is open.
    const other = await running.app.inject({
      method: "PATCH",
      url: `/api/website-builder/slides/${id}`,
      headers: { "x-rbac-secret-key": SECRET },
      payload: { data: { subtitle: { en: "Changed by a colleague", ru: "Изменил коллега" } } },
    });
    expect(other.statusCode).toBe(200);
    await form.locator("#root_title_en").fill("My unsaved title");
    await form.getByRole("button", { name: "Save draft" }).click();
    await page.getByTestId("edit-conflict").getByText("This record was changed by someone else").waitFor();
    expect(await form.locator("#root_title_en").inputValue()).toBe("My unsaved title");
    await page.getByTestId("edit-conflict").getByRole("button", { name: "Reload" }).scrollIntoViewIfNeeded();
    await shot("conflict");
    await page.getByTestId("edit-conflict").getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => form.locator("#root_subtitle_en").inputValue()).toBe("Changed by a colleague");
    expect(await form.locator("#root_title_en").inputValue()).toBe(OLD_TITLE);
    await expect.poll(() => page.getByTestId("edit-conflict").count()).toBe(0);
    await page.keyboard.press("Escape");
  });

  it("speaks Russian to an editor whose browser does", async () => {
    const ru = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
    try {
      await ru.addCookies((await editor.cookies()).map((c) => ({ ...c })));
      const tab = await ru.newPage();
      await tab.goto(`${running.url}/admin/website-builder/slides`);
      const table = tab.getByTestId("table-website-builder/slides");
      await table.getByRole("columnheader", { name: "Статус" }).waitFor();
      await table.getByTestId("table-row").first().getByRole("button", { name: "Изменить" }).click();
      const form = tab.getByRole("dialog", { name: "Изменить: Слайд" });
      await form.getByRole("button", { name: "Сохранить черновик" }).waitFor();
      await form.getByRole("button", { name: "Опубликовать" }).waitFor();
      await form.getByRole("button", { name: "Версии" }).waitFor();
    } finally {
      await ru.close();
    }
  });
});
