import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../server/crud/transfer/csv.js";
import { activityStrings } from "../../web/admin/activity/activity-texts.js";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  RESULTS,
  screenshot,
  startApp,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const NEW_TITLE = "Summer sale — 20% off";

// The Activity screen (/admin/activity) and a record's History in a real Chromium, in English
// and Russian: an administrator edits an article's title, creates and deletes a currency, and a
// sign-in fails; the screen tells each in words, filters by person (picked by email) and by kind
// of record, shows a line's fields before → after, loads more along the cursor and exports the
// filtered log as CSV; the article's form shows its History with the change. At 390 px wide the
// lines are cards that fit.
describe.skipIf(!hasChromium)("the Activity screen and a record's History, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let articleId: string;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const asServer = async (method: "GET" | "POST", url: string, data?: unknown) => {
    const answer = await running.app.inject({
      method,
      url,
      headers: { "x-rbac-secret-key": SECRET },
      ...(data ? { payload: { data } } : {}),
    });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json();
  };

  beforeAll(async () => {
    running = await startApp(ADMIN);
    const article = await asServer("POST", "/api/blog/articles", {
      adminTitle: "Summer sale",
      slug: "summer-sale",
      title: { en: "Summer sale", ru: "Летняя распродажа" },
    });
    articleId = article.data.id;
    // More entries than a page holds (by the secret key), so Load more has something to load.
    await asServer(
      "POST",
      "/api/blog/categories/bulk",
      Array.from({ length: 30 }, (_, i) => ({ adminTitle: `Topic ${i + 1}`, title: { en: `Topic ${i + 1}` } })),
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
  });

  async function signedIn(language: string, width = 1280): Promise<{ page: Page; violations: CspViolation[] }> {
    const phone = width < 600;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 844 : 900 },
      locale: language,
      acceptDownloads: true,
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    contexts.push(context);
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    last = page;
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => problems.push(`${language}@${width}: ${error.message}`));
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.locator('button[type="submit"]').first().click();
    await page.getByTestId("models-toggle").waitFor();
    return { page, violations };
  }

  /** The last page a test opened: screenshotted when the test fails. */
  let last: Page | undefined;
  afterEach(async (context) => {
    if (context.task.result?.state === "fail" && last)
      await screenshot(last, `activity-failed-${context.task.name.slice(0, 20).replace(/\W+/g, "-")}`);
  });

  const sentences = (page: Page) => page.getByTestId("activity-sentence").allTextContents();
  const lineOf = (page: Page, text: string) => page.getByTestId("activity-line").filter({ hasText: text }).first();
  const noIds = async (page: Page) => expect(await page.locator("body").innerText()).not.toMatch(UUID);
  const openActivity = async (page: Page) => {
    await page.getByTestId("nav-activity").click();
    await page.getByTestId("activity-list").waitFor();
  };

  it("en: tells the changes in words, filters by person and kind, shows before → after, loads more, exports CSV; the form shows the History", async () => {
    const t = activityStrings.en;
    // A failed sign-in, as anyone mistyping a password makes it.
    const stranger = await browser.newContext();
    contexts.push(stranger);
    const door = await stranger.newPage();
    await door.goto(`${running.url}/admin`);
    await door.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await door.locator('input[name="password"]').fill("not the password");
    await door.locator('button[type="submit"]').first().click();
    await expect
      .poll(async () => (await asServer("GET", "/api/admin/audit?action=sign-in-failed")).data.length)
      .toBe(1);

    const { page, violations } = await signedIn("en");
    // The article's title, edited in its form: the History under the form shows the change.
    await page.goto(`${running.url}/admin/blog/articles?edit=${articleId}`);
    const form = page.getByRole("dialog", { name: "Update Article" });
    await form.locator("#root_title_en").fill(NEW_TITLE);
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.getByTestId("save-status").textContent()).toBe("Saved");
    const newest = form.getByTestId("record-history-line").first();
    await expect.poll(() => newest.getAttribute("data-action")).toBe("update");
    expect(await newest.textContent()).toContain("Changed by admin@example.com · ");
    expect(await newest.getByTestId("record-history-fields").textContent()).toBe("Title");
    await newest.getByTestId("record-history-toggle").click();
    expect(await newest.getByTestId("change-before").textContent()).toBe("en: Summer sale · ru: Летняя распродажа");
    expect(await newest.getByTestId("change-after").textContent()).toBe(`en: ${NEW_TITLE} · ru: Летняя распродажа`);
    // The create below it, made with the secret key.
    await form.getByTestId("record-history-line").nth(1).getByText("Created by the secret key").waitFor();
    await form.getByTestId("record-history").scrollIntoViewIfNeeded();
    await screenshot(page, "activity-en-history");
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });

    // A currency made and deleted again (no sub-tables: its dialog closes once it is created).
    await page.goto(`${running.url}/admin/billing/currencies`);
    await page.getByRole("button", { name: "Add new" }).click();
    const create = page.getByRole("dialog", { name: "Create Currency" });
    await create.locator("#root_adminTitle").fill("Swiss franc");
    await create.locator("#root_slug").fill("chf");
    await create.getByRole("button", { name: "Save" }).click();
    await create.waitFor({ state: "hidden" });
    const table = page.getByTestId("table-billing/currencies");
    const row = table.getByTestId("table-row").filter({ hasText: "Swiss franc" });
    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete 'Swiss franc'?" }).getByRole("button", { name: "Delete" }).click();
    await row.waitFor({ state: "detached" });

    await openActivity(page);
    const deleted = 'admin@example.com deleted Currency "Swiss franc"';
    const created = 'admin@example.com created Currency "Swiss franc"';
    const updated = 'admin@example.com updated Article "Summer sale"';
    const failed = "Failed sign-in as admin@example.com (password): wrong login or password";
    await lineOf(page, failed).waitFor();
    const shown = await sentences(page);
    // Newest first.
    expect(shown.indexOf(deleted)).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(deleted)).toBeLessThan(shown.indexOf(created));
    expect(shown.indexOf(created)).toBeLessThan(shown.indexOf(updated));
    expect(shown.indexOf(updated)).toBeLessThan(shown.indexOf(failed));
    expect(shown).toContain("admin@example.com signed in (password)");
    expect(await lineOf(page, updated).getByTestId("activity-via").textContent()).toBe(
      "Signed-in session from 127.0.0.1",
    );
    expect(await lineOf(page, failed).getByTestId("activity-via").textContent()).toBe("Visitor from 127.0.0.1");
    expect(await lineOf(page, updated).locator("time").textContent()).toMatch(/now|seconds? ago|minutes? ago/);
    await screenshot(page, "activity-en");

    // Filtered by person, picked by email: only what the administrator did.
    await page.getByTestId("activity-person").click();
    await page.getByTestId("activity-person").fill("admin@");
    await page.getByRole("option", { name: "admin@example.com" }).click();
    await expect.poll(async () => (await sentences(page)).includes(failed)).toBe(false);
    for (const sentence of await sentences(page)) expect(sentence.startsWith("admin@example.com")).toBe(true);
    // … and by kind of record: the article's lines.
    await page.getByTestId("activity-kind").click();
    await page.getByRole("option", { name: "Article", exact: true }).click();
    await expect.poll(() => sentences(page)).toEqual([updated]);
    const line = lineOf(page, updated);
    await line.getByTestId("activity-toggle").click();
    const title = line.locator('[data-testid="activity-change"][data-field="title"]');
    expect(await title.getByText("Title", { exact: true }).count()).toBe(1);
    expect(await title.getByTestId("change-before").textContent()).toBe("en: Summer sale · ru: Летняя распродажа");
    expect(await title.getByTestId("change-after").textContent()).toBe(`en: ${NEW_TITLE} · ru: Летняя распродажа`);
    await screenshot(page, "activity-en-filtered");

    // Export CSV under the same filters: the very entries the route answers.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("activity-export").click()]);
    expect(download.suggestedFilename()).toBe("audit-log.csv");
    const file = join(RESULTS, "activity-en.csv");
    await download.saveAs(file);
    const [header, ...rows] = parseCsv(readFileSync(file, "utf8"));
    expect(header).toEqual([
      "createdAt",
      "who",
      "subjectId",
      "via",
      "apiKeyId",
      "address",
      "userAgent",
      "model",
      "modelTitle",
      "recordId",
      "action",
      "changes",
    ]);
    const at = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[at("who")], row[at("model")], row[at("recordId")], row[at("action")]])).toEqual([
      ["admin@example.com", "blog/articles", articleId, "update"],
    ]);
    expect(JSON.parse(String(rows[0]![at("changes")])).title[1].en).toBe(NEW_TITLE);

    // Nothing that old: the empty state; Clear filters brings every entry back.
    await page.getByTestId("activity-to").fill("2000-01-01");
    await page.getByTestId("activity-empty").getByText(t.empty).waitFor();
    await page.getByTestId("activity-clear").click();
    await expect.poll(() => page.getByTestId("activity-line").count()).toBe(25);
    await page.getByTestId("activity-more").click();
    await expect.poll(() => page.getByTestId("activity-line").count()).toBeGreaterThan(30);
    const all = await sentences(page);
    expect(new Set(all).size).toBeGreaterThan(1);
    expect(all).toContain('The secret key created Blog category "Topic 1"');
    await noIds(page);

    // Open on a line goes to the record's form, where its History is.
    await lineOf(page, updated).getByTestId("activity-open").click();
    await page
      .getByRole("dialog", { name: "Update Article" })
      .getByTestId("record-history-line")
      .first()
      .getByText("Changed by admin@example.com")
      .waitFor();
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("ru: the same lines in Russian, filtered by kind, and the article's History", async () => {
    const t = activityStrings.ru;
    const { page, violations } = await signedIn("ru");
    await openActivity(page);
    await page.getByRole("heading", { name: t.activity }).waitFor();
    const updated = "admin@example.com: изменение — Статья «Summer sale»";
    await lineOf(page, updated).waitFor();
    const shown = await sentences(page);
    expect(shown).toContain("Неудачный вход как admin@example.com (пароль): неверный логин или пароль");
    expect(shown).toContain("admin@example.com: удаление — Валюта «Swiss franc»");
    expect(await lineOf(page, updated).getByTestId("activity-via").textContent()).toBe("Сеанс входа, адрес 127.0.0.1");
    await screenshot(page, "activity-ru");
    await page.getByTestId("activity-kind").click();
    await page.getByRole("option", { name: "Статья", exact: true }).click();
    await expect.poll(() => sentences(page)).toEqual([updated, "Секретный ключ: создание — Статья «Summer sale»"]);
    await lineOf(page, updated).getByTestId("activity-toggle").click();
    await lineOf(page, updated)
      .getByTestId("change-after")
      .getByText(`en: ${NEW_TITLE} · ru: Летняя распродажа`)
      .waitFor();
    await screenshot(page, "activity-ru-filtered");

    await page.goto(`${running.url}/admin/blog/articles?edit=${articleId}`);
    const history = page.getByRole("dialog", { name: "Изменить: Статья" }).getByTestId("record-history");
    await history.getByText(t.history).waitFor();
    await history.getByTestId("record-history-line").first().getByText("Изменено: admin@example.com").waitFor();
    await history.getByText("Создано: Секретный ключ").waitFor();
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, "activity-ru-history");
    await noIds(page);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("ru at 390 px: the lines are cards that fit, nothing off the right edge", async () => {
    const { page, violations } = await signedIn("ru", 390);
    const toggle = page.getByTestId("models-toggle");
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await page.getByTestId("nav-activity").click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await page.getByTestId("activity-line").first().waitFor();
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await screenshot(page, "activity-ru-390");
    expect(await wide()).toBeLessThanOrEqual(0);
    const line = lineOf(page, "Статья «Summer sale»");
    await line.scrollIntoViewIfNeeded();
    await line.getByTestId("activity-toggle").click();
    await line.getByTestId("activity-changes").waitFor();
    await screenshot(page, "activity-ru-390-changes");
    expect(await wide()).toBeLessThanOrEqual(0);
    await noIds(page);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
