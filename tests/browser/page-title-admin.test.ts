import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { SECRET } from "../helpers/test-app.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "titles@example.com", adminPassword: "titles password 123" };
const SHOTS = "/work/wt/shots/blocks";

// Page titles per language (docs/languages.md) in the admin: a page's title, a text or a language map, is edited per language
// (a plain string shows in every language's input), saved as texts by language.
describe.skipIf(!hasChromium)("page titles per language in the admin (Chromium)", () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  let plainId: string;

  beforeAll(async () => {
    running = await startApp({ ...ADMIN });
    const post = async (url: string, data: unknown) =>
      (
        await running.app.inject({ method: "POST", url, headers: { "x-rbac-secret-key": SECRET }, payload: { data } })
      ).json().data;
    plainId = (await post("/api/host/pages", { url: "/plain", title: "Plain old title", description: "Plain text" }))
      .id;
    await post("/api/host/pages", {
      url: "/about",
      title: { en: "About us", ru: "О нас" },
      description: { en: "Who we are", ru: "Кто мы" },
    });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("lists both pages' titles and edits a plain one per language, saving texts by language", async () => {
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(ADMIN.adminEmail);
    await page.locator('a[href="/admin/host/pages"]').click();
    const table = page.getByTestId("table-host/pages");
    await table.waitFor();
    await expect.poll(() => table.textContent()).toContain("About us");
    expect(await table.textContent()).toContain("Plain old title");
    await page.screenshot({ path: `${SHOTS}/admin-pages-titles.png` });
    await table
      .getByTestId("table-row")
      .filter({ hasText: "Plain old title" })
      .first()
      .getByRole("button", { name: "Edit" })
      .click();
    const form = page.getByRole("dialog", { name: "Update Page" });
    await form.locator("#root_title_en").waitFor();
    expect(await form.locator("#root_title_en").inputValue()).toBe("Plain old title");
    expect(await form.locator("#root_title_ru").inputValue()).toBe("Plain old title");
    await form.locator("#root_title_ru").fill("Старый заголовок");
    await page.screenshot({ path: `${SHOTS}/admin-page-title-form.png` });
    await form.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(
        async () =>
          (
            await running.app.inject({
              method: "GET",
              url: `/api/host/pages/${plainId}`,
              headers: { "x-rbac-secret-key": SECRET },
            })
          ).json().data.title,
      )
      .toEqual({ en: "Plain old title", ru: "Старый заголовок" });
    const ru = (await running.app.inject({ method: "GET", url: "/ru/plain" })).body;
    expect(ru).toContain("<title>Старый заголовок</title>");
  });
});
