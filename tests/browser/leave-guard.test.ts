import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Dialog, Page, Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";
import { signInAt } from "./helpers/narrow-admin.js";

const ADMIN = { adminEmail: "keeper@example.com", adminPassword: "keeper password 123" };
const SHOTS = "test-results/leave";

/** The prompt's words and buttons in each of the admin's languages (web/admin/form/leave-texts.ts). */
const PROMPT = {
  en: {
    title: "Unsaved changes",
    question: "You have unsaved changes. Leave without saving?",
    stay: "Stay",
    leave: "Leave",
  },
  ru: {
    title: "Несохранённые изменения",
    question: "Есть несохранённые изменения. Уйти без сохранения?",
    stay: "Остаться",
    leave: "Уйти",
  },
};

// Edits that never reached the server are not dropped without a word: in the product editor, a
// generated record form and the page composer, leaving the screen (a link, the side list, Back, a
// dialog's close) asks "Leave without saving?" first and a reload or a closed tab gets the
// browser's own prompt; a save says "Saved" only after the server's 2xx, and a failed one says
// why while the edits stay. In a real Chromium against the real app with drafts on.
describe.skipIf(!hasChromium)("the leave prompt and the save state in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const asServer = async (url: string) =>
    (await running.app.inject({ method: "GET", url, headers: { "x-rbac-secret-key": SECRET } })).json().data;
  let productId = "";
  let homePageId = "";

  /** A signed-in admin tab in `locale`. */
  const adminTab = async (locale: "en-US" | "ru-RU"): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await signInAt(page, `${running.url}/admin`, ADMIN.adminEmail, ADMIN.adminPassword);
    await page.getByTestId("current-user").waitFor();
    return page;
  };
  const prompt = (page: Page, language: "en" | "ru" = "en") =>
    page.getByRole("dialog", { name: PROMPT[language].title });
  /** Answers the prompt and waits until it is gone (while it fades out, its overlay still takes clicks). */
  const answer = async (page: Page, button: "stay" | "leave", language: "en" | "ru" = "en") => {
    await prompt(page, language).getByRole("button", { name: PROMPT[language][button] }).click();
    await prompt(page, language).waitFor({ state: "hidden" });
  };
  /** A picture of the prompt once its opening transition is over (not half faded in). */
  const shoot = async (page: Page, language: "en" | "ru", name: string) => {
    await page.mouse.move(1, 1);
    await expect.poll(() => prompt(page, language).evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };
  const openProduct = async (page: Page) => {
    await page.getByTestId("nav-products").click();
    await page.locator(`a[href="/admin/products/${productId}"]`).click();
    await page.getByTestId("product-editor").waitFor();
  };
  const stock = (page: Page) => page.getByTestId("product-stock-input");

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
    const products = await asServer("/api/ecommerce/products?draft=true&limit=1");
    productId = products[0].id;
    const pages = await asServer(
      "/api/host/pages?draft=true&filters[and][0][column]=url&filters[and][0][method]=eq&filters[and][0][value]=/",
    );
    homePageId = pages[0].id;
  });
  // What the tab looked like when a step failed; then each test's tabs close.
  afterEach(async (context) => {
    const failed = context.task.result?.state === "fail";
    for (const tab of contexts.splice(0)) {
      if (failed)
        for (const open of tab.pages())
          await screenshot(open, `leave/failed-${context.task.name.replace(/\W+/g, "-")}`);
      await tab.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    expect(problems).toEqual([]);
  });

  it("asks before the product editor's back link drops an edit: Stay keeps it on screen, Leave goes", async () => {
    const page = await adminTab("en-US");
    await openProduct(page);
    const before = await stock(page).inputValue();
    await stock(page).fill("7");
    await page.getByTestId("product-unsaved").waitFor();

    await page.getByRole("link", { name: "← Products" }).click();
    await prompt(page).getByText(PROMPT.en.question).waitFor();
    await shoot(page, "en", "leave-prompt");
    await answer(page, "stay");
    expect(new URL(page.url()).pathname).toBe(`/admin/products/${productId}`);
    expect(await stock(page).inputValue()).toBe("7");
    await page.getByTestId("product-unsaved").waitFor();

    // The side list is a way out too; this time the editor leaves, and the edit is not saved.
    await page.getByTestId("nav-products").click();
    await answer(page, "leave");
    await page.getByTestId("products-table").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/products");
    expect(String((await asServer(`/api/ecommerce/products/${productId}?draft=true`)).stock ?? "")).toBe(before);
  });

  it("asks in Russian to a Russian browser", async () => {
    const page = await adminTab("ru-RU");
    await openProduct(page);
    await stock(page).fill("8");
    await page.getByTestId("nav-orders").click();
    await prompt(page, "ru").getByText(PROMPT.ru.question).waitFor();
    await shoot(page, "ru", "leave-prompt-ru");
    await answer(page, "stay", "ru");
    expect(new URL(page.url()).pathname).toBe(`/admin/products/${productId}`);
    await page.getByTestId("nav-orders").click();
    await answer(page, "leave", "ru");
    await page.waitForURL(/\/admin\/orders$/);
  });

  it("has the browser ask before a reload or a closed tab drops an edit, and lets a clean editor go without asking", async () => {
    const page = await adminTab("en-US");
    const asked: string[] = [];
    const reply = (accept: boolean) => async (dialog: Dialog) => {
      asked.push(dialog.type());
      await (accept ? dialog.accept() : dialog.dismiss());
    };
    await openProduct(page);
    // Nothing edited: the tab reloads without a question.
    page.on("dialog", reply(true));
    await page.reload();
    await page.getByTestId("product-editor").waitFor();
    expect(asked).toEqual([]);

    await stock(page).fill("9");
    await page.getByTestId("product-unsaved").waitFor();
    page.removeAllListeners("dialog");
    // Dismissed, the reload does not happen and the edit stays.
    page.on("dialog", reply(false));
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    expect(asked).toEqual(["beforeunload"]);
    expect(await stock(page).inputValue()).toBe("9");

    page.removeAllListeners("dialog");
    page.on("dialog", reply(true));
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(["beforeunload", "beforeunload"]);
  });

  // A failed save leaves the edit on screen and unsaved, says why, and never says "Saved".
  it.each([
    {
      failure: "no answer (the network)",
      route: (route: Route) => route.abort("failed"),
      field: { testId: "product-stock-input", value: "11" },
      says: "Not saved — the server could not be reached",
    },
    {
      failure: "a 400 from the server naming the field",
      route: (route: Route) => route.continue(),
      field: { testId: "product-slug", value: "Not A Slug" },
      says: "Not saved: Address (slug) — must be lowercase words joined by hyphens (ceramic-mug)",
    },
  ])("the product editor's save with $failure says so and keeps the edit", async ({ route, field, says }) => {
    const page = await adminTab("en-US");
    await openProduct(page);
    await page.route(`**/api/ecommerce/products/${productId}/editor`, (r) =>
      r.request().method() === "PUT" ? route(r) : r.continue(),
    );
    await page.getByTestId(field.testId).fill(field.value);
    await page.getByTestId("product-save").click();
    const state = page.getByTestId("product-save-state");
    await expect.poll(() => state.getAttribute("data-status")).toBe("error");
    expect(await state.textContent()).toBe(says);
    expect(await page.getByTestId(field.testId).inputValue()).toBe(field.value);
    await page.getByTestId("product-unsaved").waitFor();
    // Still unsaved, still guarded.
    await page.getByRole("link", { name: "← Products" }).click();
    await answer(page, "stay");

    // Once the server takes it, "Saved", and leaving asks nothing.
    await page.unrouteAll();
    if (field.testId === "product-slug") await page.getByTestId(field.testId).fill("linen-apron-saved");
    await page.getByTestId("product-save").click();
    await expect.poll(() => state.textContent()).toBe("Saved");
    expect(await page.getByTestId("product-unsaved").count()).toBe(0);
    await page.getByRole("link", { name: "← Products" }).click();
    await page.getByTestId("products-table").waitFor();
    expect(await prompt(page).count()).toBe(0);
  });

  it("asks before a generated record form's edits are dropped: its close, Back, or a click on the side list", async () => {
    const page = await adminTab("en-US");
    await page.locator('a[href="/admin/blog/articles"]').click();
    const table = page.getByTestId("table-blog/articles");
    await table.getByTestId("table-row").first().waitFor();
    const form = page.getByRole("dialog", { name: "Update Article" });

    // Opened and closed untouched: no question.
    await table.getByTestId("table-row").first().getByRole("button", { name: "Edit" }).click();
    await form.locator("#root_adminTitle").waitFor();
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });
    expect(await prompt(page).count()).toBe(0);

    await table.getByTestId("table-row").first().getByRole("button", { name: "Edit" }).click();
    const title = form.locator("#root_adminTitle");
    const saved = await title.inputValue();
    await title.fill(`${saved} (edited)`);
    // Escape: asked; Stay keeps the dialog and the edit.
    await page.keyboard.press("Escape");
    await answer(page, "stay");
    expect(await title.inputValue()).toBe(`${saved} (edited)`);
    // The browser's Back (the dialog is in the address): asked.
    await page.goBack();
    await answer(page, "stay");
    expect(await title.inputValue()).toBe(`${saved} (edited)`);
    // A click on the side list's "Products" (under the dialog's overlay): asked; Leave closes the dialog.
    // The side list keeps the open model in view: with many models "Products" may be scrolled out
    // of it, and a click where it would be lands on the header.
    await page.getByTestId("nav-products").evaluate((item) => item.scrollIntoView({ block: "center" }));
    const nav = await page.getByTestId("nav-products").boundingBox();
    await page.mouse.click(nav!.x + nav!.width / 2, nav!.y + nav!.height / 2);
    await answer(page, "leave");
    await form.waitFor({ state: "hidden" });
    expect(await page.getByTestId("table-blog/articles").count()).toBe(1);
    expect(await prompt(page).count()).toBe(0);
  });

  it.each([
    {
      failure: "no answer (the network)",
      route: (route: Route) => route.abort("failed"),
      slug: "pound",
      says: "Not saved — the server could not be reached",
    },
    {
      failure: "a 400 from the server naming the field",
      route: (route: Route) => route.continue(),
      slug: "Pound Sterling!",
      says: 'Not saved: Slug — must match pattern "^[a-z0-9-]+$"',
    },
  ])("a generated form's save with $failure says so and keeps the edit", async ({ route, slug, says }) => {
    const page = await adminTab("en-US");
    await page.locator('a[href="/admin/billing/currencies"]').click();
    await page.getByTestId("table-billing/currencies").waitFor();
    await page.route("**/api/billing/currencies", (r) => (r.request().method() === "POST" ? route(r) : r.continue()));
    await page.getByRole("button", { name: "Add new" }).click();
    const form = page.getByRole("dialog", { name: "Create Currency" });
    await form.locator("#root_adminTitle").fill("Pound");
    await form.locator("#root_slug").fill(slug);
    await form.getByRole("button", { name: "Save" }).click();
    const state = form.getByTestId("save-status");
    await expect.poll(() => state.getAttribute("data-status")).toBe("error");
    expect(await state.textContent()).toBe(says);
    expect(await form.locator("#root_slug").inputValue()).toBe(slug);
    await page.keyboard.press("Escape");
    await answer(page, "stay");
    expect(await form.locator("#root_adminTitle").inputValue()).toBe("Pound");
  });

  it("asks before the composer's back link while a block's save is still on its way", async () => {
    const page = await adminTab("en-US");
    // The block's PATCH is held until the test lets it through: the save is surely pending when the link is clicked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/**", async (route) => {
      if (route.request().method() === "PATCH") await held;
      await route.continue();
    });
    await page.goto(`${running.url}/admin/pages/${homePageId}`);
    await page.getByTestId("composer-outline").waitFor();
    await page.getByTestId("outline-block").first().getByTestId("outline-select").click();
    const panel = page.getByTestId("block-panel");
    await panel.getByTestId("block-title-en").fill("Held while leaving");
    await page.getByRole("link", { name: "← Pages" }).click();
    await answer(page, "stay");
    expect(new URL(page.url()).pathname).toBe(`/admin/pages/${homePageId}`);

    release();
    await expect
      .poll(() => page.getByTestId("composer-save-state").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("saved");
    await page.getByRole("link", { name: "← Pages" }).click();
    await page.getByTestId("pages-table").waitFor();
    expect(await prompt(page).count()).toBe(0);
  });
});
