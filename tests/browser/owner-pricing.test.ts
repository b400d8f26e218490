import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "owner@example.com", adminPassword: "owner password 123" };
const SHOTS = "/tmp/owner-pricing-shots";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** What the owner types and picks, and what the lists must then say, in each language. */
const RUNS = {
  en: {
    locale: "en-US",
    width: 1280,
    nav: { shipping: "Shipping", taxes: "Taxes", discounts: "Discounts" },
    shipping: {
      title: "Standard delivery",
      countries: [
        ["Germ", "Germany"],
        ["Fran", "France"],
      ],
      currency: "Euro (€)",
      amount: "4.90",
      maxWeight: "2000",
      freeFrom: "50",
      row: ["Standard delivery", "Germany, France", "€4.90", "up to 2 kg", "Any amount", "€50.00"],
    },
    tax: {
      title: "Reduced VAT",
      country: ["Germ", "Germany"],
      rate: "7",
      category: ["Studio", "Studio goods"],
      row: ["Reduced VAT", "Germany", "Whole country", "7 %", "Studio goods", "Yes"],
    },
    code: {
      code: "SPRING10",
      kind: "percent",
      value: "10",
      product: ["Ceramic", "Ceramic mug"],
      usageLimit: "100",
      perCustomer: "1",
      row: {
        "discount-code": "SPRING10",
        "discount-active": "Active",
        "discount-kind": "10 % off",
        "discount-applies-to": "Ceramic mug",
        "discount-used": "used 0 of 100",
        "discount-per-customer": "1 per customer",
        "discount-combinable": "No",
      },
      valid: /^Mar 1, 2030.* – Mar 31, 2030/,
      duplicate: "spring10",
      taken: "The code SPRING10 already exists (codes do not differ by case): choose another",
      changedElsewhere:
        "Someone else saved this since you opened it, so your changes were not saved. Reload the page to see their version, then make your changes again.",
    },
  },
  ru: {
    locale: "ru-RU",
    width: 390,
    nav: { shipping: "Доставка", taxes: "Налоги", discounts: "Скидки" },
    shipping: {
      title: "Курьер",
      countries: [
        ["Австр", "Австрия"],
        ["Итал", "Италия"],
      ],
      currency: "Евро (€)",
      amount: "9,50",
      maxWeight: "",
      freeFrom: "",
      row: ["Курьер", "Австрия, Италия", "9,50 €", "Любой вес", "Любая сумма", "—"],
    },
    tax: {
      title: "НДС на товары студии",
      country: ["Австр", "Австрия"],
      rate: "20",
      category: ["Товары", "Товары студии"],
      row: ["НДС на товары студии", "Австрия", "Вся страна", "20 %", "Товары студии", "Нет"],
    },
    code: {
      code: "LETO5",
      kind: "amount",
      value: "5",
      product: ["Керамич", "Керамическая кружка"],
      usageLimit: "",
      perCustomer: "",
      row: {
        "discount-code": "LETO5",
        "discount-active": "Действует",
        "discount-kind": "Скидка 5,00 €",
        "discount-applies-to": "Керамическая кружка",
        "discount-used": "использован 0 раз, без ограничения",
        "discount-per-customer": "без ограничения на покупателя",
        "discount-combinable": "Нет",
      },
      valid: /^1 мар\. 2030.* – 31 мар\. 2030/,
      duplicate: "leto5",
      taken: "Код LETO5 уже есть (регистр букв не различается): выберите другой",
      changedElsewhere:
        "Кто-то сохранил эту запись после того, как вы её открыли, поэтому ваши изменения не сохранены. Обновите страницу, чтобы увидеть их версию, и внесите изменения снова.",
    },
  },
} as const;
type Language = keyof typeof RUNS;

/** Spaces as a person reads them: Intl writes no-break spaces in "9,50 €" and "7 %". */
const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

// The shop owner's Shipping, Taxes and Discounts screens (docs/admin.md) in a real Chromium, in
// English at 1280 px and in Russian at 390 px: a shipping rate for two countries, a tax rate for a
// category and a discount code limited to a product, each made through its form with names picked
// from lists; the lists then say them in words (never an id), a code taken in the other case is
// refused with the message on its field, and a list costs the same few requests whatever its rows.
describe.skipIf(!hasChromium)("the owner's shipping, taxes and discounts in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const problems: string[] = [];
  const inject = async (method: "GET" | "POST", url: string, data?: unknown) =>
    (
      await running.app.inject({
        method,
        url,
        headers: { "x-rbac-secret-key": SECRET },
        ...(data ? { payload: { data } } : {}),
      })
    ).json().data;
  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const open = async (language: Language, width: number) => {
    const phone = width < 600;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 844 : 900 },
      locale: RUNS[language].locale,
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => problems.push(`${language}@${width} pageerror: ${error.message}`));
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId("nav-shipping").waitFor();
    // The first screen is the dashboard, whose cards read their data: done before a screen's own requests are counted.
    await page.getByTestId("dashboard").waitFor();
    await page.waitForLoadState("networkidle");
    return { context, page };
  };
  /** Opens a screen from the side list (on a phone the list is opened first; choosing a screen closes it). */
  const go = async (page: Page, screen: "shipping" | "taxes" | "discounts") => {
    const toggle = page.getByTestId("models-toggle");
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await page.getByTestId(`nav-${screen}`).click();
    // The list is busy until its page and the page's names are in (an SPA's networkidle was reached long ago).
    await page.locator(`[data-testid="${screen}-table"][aria-busy="false"]`).waitFor();
    const phone = (page.viewportSize()?.width ?? 1280) < 768;
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe(phone ? "false" : "true");
  };
  /** Picks an option of a select by its name, typing part of it first where the select searches. */
  const pick = async (page: Page, testId: string, [typed, name]: readonly [string, string]) => {
    const input = page.getByTestId(testId);
    await input.click();
    if (await input.isEditable()) await input.fill(typed);
    await page.getByRole("option", { name, exact: true }).click();
  };
  const save = async (page: Page) => {
    await page.getByTestId("pricing-save").click();
    await expect.poll(() => page.getByTestId("pricing-save-state").getAttribute("data-status")).toBe("success");
  };
  /** A list's row holding `first`: its values in the columns' order (a table's cells, or a phone's card). */
  const rowOf = async (page: Page, table: string, row: string, first: string) => {
    const found = page.getByTestId(table).getByTestId(row).filter({ hasText: first });
    await found.waitFor();
    return found;
  };
  const rowTexts = async (page: Page, table: string, row: string, first: string) =>
    (await (await rowOf(page, table, row, first)).locator("[data-cell]").allTextContents()).map(plain);
  const noIds = async (page: Page) => expect(await page.locator("body").innerText()).not.toMatch(UUID);

  it.each(["en", "ru"] as const)(
    "%s: a shipping rate, a tax rate and a discount code, listed in words",
    async (language) => {
      const run = RUNS[language];
      const { context, page } = await open(language, run.width);
      const tag = `${language}-${run.width}`;
      try {
        // Shipping: two countries picked by name, the price in euros, a weight band, free from an amount.
        await go(page, "shipping");
        await page.getByTestId("shipping-new").click();
        await page.getByTestId(`title-${language}`).fill(run.shipping.title);
        for (const country of run.shipping.countries) await pick(page, "shipping-countries-input", country);
        await page.keyboard.press("Escape");
        await pick(page, "shipping-currency", [run.shipping.currency.slice(0, 3), run.shipping.currency]);
        await page.getByTestId("shipping-amount").fill(run.shipping.amount);
        // A typo is marked on its field before any request: three decimals in a two-decimal currency.
        await page.getByTestId("shipping-freeFrom").fill("50.005");
        await page.getByTestId("pricing-save").click();
        await expect.poll(() => page.getByTestId("shipping-freeFrom").getAttribute("aria-invalid")).toBe("true");
        await page.getByTestId("shipping-freeFrom").fill(run.shipping.freeFrom);
        await page.getByTestId("shipping-maxWeight").fill(run.shipping.maxWeight);
        await shot(page, `${tag}-shipping-form`);
        await save(page);
        await noIds(page);
        await go(page, "shipping");
        expect(await rowTexts(page, "shipping-table", "shipping-row", run.shipping.title)).toEqual(run.shipping.row);
        await noIds(page);
        await shot(page, `${tag}-shipping-list`);

        // Taxes: a country and a category picked by name, delivery taxed in English only.
        await go(page, "taxes");
        await page.getByTestId("taxes-new").click();
        await page.getByTestId(`title-${language}`).fill(run.tax.title);
        await pick(page, "tax-country-input", run.tax.country);
        await page.getByTestId("tax-rate-input").fill(run.tax.rate);
        await pick(page, "tax-category-input", run.tax.category);
        if (run.tax.row[5] === "Yes") await page.getByTestId("tax-shipping-input").check();
        await shot(page, `${tag}-tax-form`);
        await save(page);
        await noIds(page);
        await go(page, "taxes");
        expect(await rowTexts(page, "taxes-table", "tax-row", run.tax.title)).toEqual(run.tax.row);
        await noIds(page);
        await shot(page, `${tag}-tax-list`);

        // Discounts: a code limited to one product, chosen by its title.
        await go(page, "discounts");
        await page.getByTestId("discounts-new").click();
        await page.getByTestId("discount-code-input").fill(run.code.code);
        await page.getByTestId(`discount-kind-${run.code.kind}`).check();
        await page.getByTestId("discount-value-input").fill(run.code.value);
        if (run.code.kind === "amount") {
          // An amount needs its currency: said on the field before any request.
          await page.getByTestId("pricing-save").click();
          await expect
            .poll(() => page.getByTestId("discount-currency-input").getAttribute("aria-invalid"))
            .toBe("true");
          await pick(page, "discount-currency-input", [run.shipping.currency.slice(0, 3), run.shipping.currency]);
        }
        await pick(page, "discount-products-input", run.code.product);
        await page.keyboard.press("Escape");
        await page.getByTestId("discount-usageLimit-input").fill(run.code.usageLimit);
        await page.getByTestId("discount-usageLimitPerCustomer-input").fill(run.code.perCustomer);
        await page.getByTestId("discount-startsAt-input").fill("2030-03-01T10:00");
        await page.getByTestId("discount-endsAt-input").fill("2030-03-31T18:00");
        await shot(page, `${tag}-discount-form`);
        await save(page);
        await noIds(page);
        const [saved] = await inject(
          "GET",
          `/api/ecommerce/discount-codes?filters[and][0][column]=code&filters[and][0][method]=eq&filters[and][0][value]=${run.code.code}`,
        );
        const links = await inject(
          "GET",
          `/api/ecommerce/discount-codes-to-products?filters[and][0][column]=discountCodeId&filters[and][0][method]=eq&filters[and][0][value]=${saved.id}`,
        );
        expect(links).toHaveLength(1);
        await go(page, "discounts");
        const row = await rowOf(page, "discounts-table", "discount-row", run.code.code);
        const shown: Record<string, string> = {};
        for (const testId of Object.keys(run.code.row))
          shown[testId] = plain(await row.getByTestId(testId).textContent());
        expect(shown).toEqual(run.code.row);
        expect(plain(await row.getByTestId("discount-valid").textContent())).toMatch(run.code.valid);
        await noIds(page);
        await shot(page, `${tag}-discount-list`);

        // The same code in the other case: the database refuses it (409), and the code's field says why.
        await page.getByTestId("discounts-new").click();
        await page.getByTestId("discount-code-input").fill(run.code.duplicate);
        await page.getByTestId("discount-value-input").fill("15");
        await page.getByTestId("pricing-save").click();
        await expect.poll(() => page.getByTestId("pricing-save-state").getAttribute("data-status")).toBe("error");
        const field = page.locator(".mantine-InputWrapper-root", { has: page.getByTestId("discount-code-input") });
        await expect
          .poll(async () => plain(await field.locator(".mantine-InputWrapper-error").textContent()))
          .toBe(run.code.taken);
        await noIds(page);
        await shot(page, `${tag}-discount-taken`);

        // Someone else saves the code while it is open here: this save is refused with a message
        // (nothing written over theirs), the edits stay in the form.
        // (The refused duplicate's edits are left behind: leaving asks first, and the owner leaves.)
        const toggle = page.getByTestId("models-toggle");
        if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
        await page.getByTestId("nav-discounts").click();
        await page.getByTestId("leave-confirm").click();
        await (await rowOf(page, "discounts-table", "discount-row", run.code.code))
          .getByTestId("discount-code")
          .click();
        const tab = page;
        await tab.getByTestId("discount-usageLimit-input").waitFor();
        await expect.poll(() => tab.getByTestId("discount-usageLimit-input").inputValue()).toBe(run.code.usageLimit);
        const theirs = await running.app.inject({
          method: "PATCH",
          url: `/api/ecommerce/discount-codes/${saved.id}`,
          headers: { "x-rbac-secret-key": SECRET },
          payload: { data: { usageLimitPerCustomer: 3 } },
        });
        expect(theirs.statusCode).toBe(200);
        await tab.getByTestId("discount-usageLimit-input").fill("999");
        await tab.getByTestId("pricing-save").click();
        await expect.poll(() => tab.getByTestId("pricing-save-state").getAttribute("data-status")).toBe("error");
        expect(plain(await tab.getByTestId("pricing-save-state").textContent())).toContain(run.code.changedElsewhere);
        expect(await tab.getByTestId("discount-usageLimit-input").inputValue()).toBe("999");
        const [after] = await inject(
          "GET",
          `/api/ecommerce/discount-codes?filters[and][0][column]=id&filters[and][0][method]=eq&filters[and][0][value]=${saved.id}`,
        );
        // Theirs stands; the refused 999 was not written.
        expect(after).toMatchObject({ usageLimit: saved.usageLimit, usageLimitPerCustomer: 3 });
        await shot(tab, `${tag}-discount-conflict`);
      } finally {
        await context.close();
      }
    },
  );

  it("each list costs the same few requests whatever its rows, and reads in words at the other width too", async () => {
    const [mug] = await inject(
      "GET",
      "/api/ecommerce/products?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=ceramic-mug",
    );
    const [category] = await inject("GET", "/api/ecommerce/categories");
    for (let i = 0; i < 6; i++) {
      const code = await inject("POST", "/api/ecommerce/discount-codes", {
        code: `EXTRA${i}`,
        kind: "percent",
        value: "5",
      });
      await inject("POST", "/api/ecommerce/discount-codes-to-products", { discountCodeId: code.id, productId: mug.id });
      await inject("POST", "/api/ecommerce/discount-codes-to-categories", {
        discountCodeId: code.id,
        categoryId: category.id,
      });
    }
    let extras = 6;
    for (const [language, width] of [
      ["en", 390],
      ["ru", 1280],
    ] as const) {
      const { context, page } = await open(language, width);
      try {
        for (const screen of ["shipping", "taxes", "discounts"] as const) {
          const asked: string[] = [];
          const note = (r: { url(): string }) => {
            const path = new URL(r.url()).pathname;
            if (path.startsWith("/api/") && !path.startsWith("/api/admin/live")) asked.push(path);
          };
          page.on("request", note);
          await go(page, screen);
          await page.waitForLoadState("networkidle");
          page.off("request", note);
          // The list, its count and its look-ups: no request names one row.
          expect(asked.length, asked.join("\n")).toBeLessThanOrEqual(7);
          expect(asked.filter((path) => UUID.test(path))).toEqual([]);
          await noIds(page);
          await shot(page, `${language}-${width}-${screen}-list`);
        }
        expect(await page.getByTestId("discount-row").filter({ hasText: "EXTRA" }).count()).toBe(extras);
        if (language === "en") {
          // Edited: switched off, with its products kept; then another one deleted after the question naming it.
          await (await rowOf(page, "discounts-table", "discount-row", "EXTRA5")).getByTestId("discount-code").click();
          await page.getByTestId("discount-active-input").uncheck();
          await save(page);
          await go(page, "discounts");
          const off = await rowOf(page, "discounts-table", "discount-row", "EXTRA5");
          expect(plain(await off.getByTestId("discount-active").textContent())).toBe("Switched off");
          expect(plain(await off.getByTestId("discount-applies-to").textContent())).toBe(
            "Ceramic mug, Studio goods (category)",
          );
          await (await rowOf(page, "discounts-table", "discount-row", "EXTRA4")).getByTestId("discount-code").click();
          await page.getByTestId("pricing-delete").click();
          expect(plain(await page.getByTestId("delete-dialog").locator("h2").textContent())).toBe("Delete 'EXTRA4'?");
          await page.getByRole("button", { name: "Delete", exact: true }).last().click();
          await page.getByTestId("discounts-table").waitFor();
          extras -= 1;
          await expect.poll(() => page.getByTestId("discount-row").filter({ hasText: "EXTRA" }).count()).toBe(extras);
          await noIds(page);
        }
        const extra = await rowOf(page, "discounts-table", "discount-row", "EXTRA0");
        expect(plain(await extra.getByTestId("discount-applies-to").textContent())).toBe(
          language === "en" ? "Ceramic mug, Studio goods (category)" : "Керамическая кружка, Товары студии (категория)",
        );
      } finally {
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });
});
