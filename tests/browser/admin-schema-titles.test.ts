import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminModels, type AdminModel } from "../../engine/admin/admin-model.js";
import { formSchema } from "../../engine/admin/form-schema.js";
import { tableColumns } from "../../engine/admin/table-columns.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";
import { modelsInLanguage } from "../../web/admin/data/models-in-language.js";
import { wordsTexts } from "../../web/admin/words-texts.js";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";
import { asServer } from "./helpers/narrow-admin.js";

const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };

// The schemas' model and field names in the admin's language (schemas/README.md `x-title`,
// docs/admin.md), in a real Chromium: the side list, the generated products table and a generated
// form (a store's) say the Russian names in Russian and none of the English ones, and the English
// names in English. What each screen should say comes from the same registry the server reads.
const models = adminModels(loadRegistry(paths.schemas));
const byId = (list: AdminModel[], id: string) => list.find((m) => m.id === id)!;
const ENGLISH = modelsInLanguage(models, "en");
const RUSSIAN = modelsInLanguage(models, "ru");

/** Names that stay as they are in Russian too: brands and codes inside a Russian label. */
const KEPT = new Set(["Twitter"]);

/** The English names a Russian screen must not show: every model title, and the labels of the models on it. */
const englishNames = (ids: string[]) =>
  [...new Set([...ENGLISH.map((m) => m.title), ...ids.flatMap((id) => byId(ENGLISH, id).fields.map((f) => f.label))])]
    .filter((name) => !KEPT.has(name))
    // Longest first, so the message names "Short description" rather than "Description" inside it.
    .sort((a, b) => b.length - a.length);

/** The English names found in `text` as whole words (case as written: "Product", not "products"). */
const englishIn = (text: string, names: string[]) =>
  names.filter((name) =>
    new RegExp(`(^|[^A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`).test(text),
  );

describe.skipIf(!hasChromium)("schema titles in the admin's language, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    running = await startApp(ADMIN);
    browser = await launchChromium();
    // One product, so the table shows an enum's value (its type) besides the headings.
    await asServer(running, "POST", "/api/ecommerce/products", {
      title: { en: "Linen towel", ru: "Льняное полотенце" },
      adminTitle: "Linen towel",
      shortDescription: { en: "Soft", ru: "Мягкое" },
      type: "one_off",
      shipping: "required",
    });
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
  });

  /** A signed-in admin whose chosen language (the header switch's, kept in the browser) is `code`. */
  async function adminIn(code: "en" | "ru"): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    contexts.push(context);
    await context.addInitScript((language) => localStorage.setItem("sps-admin-language", language), code);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.locator('button[type="submit"]').first().click();
    await page.getByTestId("models-toggle").waitFor();
    return page;
  }

  /** The side list's model links' texts (the editor's screens have test ids; the models do not). */
  const navModels = (page: Page) =>
    page
      .getByTestId("model-nav")
      .locator('a[href^="/admin/"]:not([data-testid])')
      .evaluateAll((links) => links.map((a) => (a as HTMLElement).innerText.trim()));

  const cases = [
    { code: "ru" as const, list: RUSSIAN },
    { code: "en" as const, list: ENGLISH },
  ];

  it.each(cases)("$code: side list, products table and a store's form", async ({ code, list }) => {
    const page = await adminIn(code);
    const nav = page.getByTestId("model-nav");
    // The side list: every model by its title in this language, under its module's heading.
    await expect.poll(() => navModels(page)).toHaveLength(list.length);
    expect((await navModels(page)).sort()).toEqual(list.map((m) => m.title).sort());
    expect(await nav.innerText()).toContain(code === "ru" ? "МАГАЗИН" : "SHOP");
    await screenshot(page, `schema-titles-${code}-nav`);

    // The generated products table: its heading and its columns.
    await page.goto(`${running.url}/admin/ecommerce/products`);
    const table = page.getByTestId("table-ecommerce/products");
    await table.waitFor();
    const products = byId(list, "ecommerce/products");
    await expect.poll(() => page.locator("main h2").first().innerText()).toBe(products.title);
    const headers = () =>
      table
        .locator("thead th")
        // A sorted column's arrow is no part of its name.
        .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).innerText.replace(/[▲▼]/g, "").trim()));
    await expect.poll(headers).toEqual(expect.arrayContaining(tableColumns(products).map((c) => c.field.label)));
    // An enum's value by its name in this language ("Разовый", "One-off"), never its code.
    const type = products.fields.find((f) => f.name === "type")!;
    await expect.poll(() => table.locator("tbody").innerText()).toContain(type.choices!.one_off);
    expect(await table.locator("tbody").innerText()).not.toContain("one_off");
    // A language map's text in this language: the short description «Мягкое» in Russian, "Soft" in English.
    const [shown, other] = code === "ru" ? ["Мягкое", "Soft"] : ["Soft", "Мягкое"];
    await expect.poll(() => table.locator("tbody").innerText()).toContain(shown);
    expect(await table.locator("tbody").innerText()).not.toContain(other);
    // Under the title its module as the side list heads it, not the model's id.
    expect(await page.getByTestId("model-module").innerText()).toBe(code === "ru" ? "Магазин" : "Shop");
    expect(await page.locator("main").innerText()).not.toContain("ecommerce/products");
    await screenshot(page, `schema-titles-${code}-products-table`);

    // An address naming no model says so in this language.
    await page.goto(`${running.url}/admin/shop/nothing`);
    await expect.poll(() => page.locator("main").innerText()).toContain(wordsTexts(code).unknownModel("shop/nothing"));

    // A generated form: a new store's, every input labelled in this language.
    await page.goto(`${running.url}/admin/ecommerce/stores?edit=new`);
    const stores = byId(list, "ecommerce/stores");
    const form = page.getByRole("dialog", { name: wordsTexts(code).formTitle(false, stores.title) });
    await form.waitFor();
    const titles = Object.values<{ title: string }>(formSchema(stores).schema.properties).map((p) => p.title);
    expect(titles.length).toBeGreaterThan(5);
    for (const title of titles) await expect.poll(() => form.innerText()).toContain(title);
    await screenshot(page, `schema-titles-${code}-store-form`);

    if (code === "ru") {
      // None of the English names, on any of the three.
      const names = englishNames(["ecommerce/products", "ecommerce/stores"]);
      expect(englishIn(await form.innerText(), names)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.goto(`${running.url}/admin/ecommerce/products`);
      await table.waitFor();
      expect(englishIn((await headers()).join("\n"), names)).toEqual([]);
      expect(englishIn(await nav.innerText(), names)).toEqual([]);
      expect(englishIn(await page.locator("main h2").first().innerText(), names)).toEqual([]);
    }
  });
});
