import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoSiteInChromium, hasChromium, screenshot, waitForHydration } from "./helpers/browser-app.js";

// The visitor's search on the demo site (docs/site.md, "Search"): the header's combobox with
// suggestions from GET /api/search, worked by keyboard, and the server-rendered results page,
// in English and Russian, on a desktop and a phone width.
const LANGUAGES = [
  {
    language: "en",
    prefix: "",
    query: "mug",
    product: "Ceramic mug",
    openSearch: "Open search",
    search: "Search",
    products: "Products",
    nothing: "Nothing found for “qqxzzvv”.",
  },
  {
    language: "ru",
    prefix: "/ru",
    query: "круж",
    product: "Керамическая кружка",
    openSearch: "Открыть поиск",
    search: "Поиск",
    products: "Товары",
    nothing: "По запросу «qqxzzvv» ничего не найдено.",
  },
] as const;
const WIDTHS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 390, height: 844 },
] as const;
const PRODUCT_PATH = "/ecommerce/products/ceramic-mug";

describe.skipIf(!hasChromium)("site search (Chromium)", () => {
  const site = demoSiteInChromium();
  const url = (path: string) => `${site.running.url}${path}`;

  /** The home page, hydrated, with the header's box ready to type in (opened from its icon on a phone). */
  async function searchBox(page: Page, l: (typeof LANGUAGES)[number], phone: boolean) {
    await page.goto(url(l.prefix || "/"), { waitUntil: "networkidle" });
    await waitForHydration(page);
    if (phone) await page.getByRole("button", { name: l.openSearch }).click();
    const box = page.getByRole("combobox", { name: l.search });
    await box.waitFor();
    return box;
  }

  for (const l of LANGUAGES)
    for (const size of WIDTHS)
      it(`${l.language}, ${size.name}: suggestions while typing, ArrowDown + Enter opens the product, Enter on the text opens the results page`, {
        timeout: 120_000,
      }, async () => {
        const context = await site.browser.newContext({ viewport: { width: size.width, height: size.height } });
        const page = await context.newPage();
        const phone = size.name === "phone";

        let box = await searchBox(page, l, phone);
        await box.pressSequentially(l.query, { delay: 30 });
        const product = page.getByRole("option", { name: new RegExp(l.product) });
        await product.waitFor();
        expect(await box.getAttribute("aria-expanded")).toBe("true");
        const listId = await box.getAttribute("aria-controls");
        expect(await page.locator(`#${listId}`).getAttribute("role")).toBe("listbox");
        // The snippet is the server's HTML: its matched words marked, nothing else made a tag.
        expect(await page.locator(`#${listId} mark`).count()).toBeGreaterThan(0);
        await screenshot(page, `site-search-suggestions-${l.language}-${size.name}`);

        // Escape closes the list; ArrowDown opens it again at the first suggestion.
        await box.press("Escape");
        expect(await box.getAttribute("aria-expanded")).toBe("false");
        // Down through the suggestions until the product is the active one, then Enter.
        for (let step = 0; step < 10; step++) {
          await box.press("ArrowDown");
          const active = await box.getAttribute("aria-activedescendant");
          if (active && (await page.locator(`#${active}`).innerText()).includes(l.product)) break;
        }
        const active = await box.getAttribute("aria-activedescendant");
        expect(active).toBeTruthy();
        expect(await page.locator(`#${active}`).getAttribute("aria-selected")).toBe("true");
        await box.press("Enter");
        await page.waitForURL(url(`${l.prefix}${PRODUCT_PATH}`));

        // Enter with no suggestion chosen: the results page, grouped, the product among the products.
        box = await searchBox(page, l, phone);
        await box.pressSequentially(l.query, { delay: 30 });
        await page.getByRole("option", { name: new RegExp(l.product) }).waitFor();
        await box.press("Enter");
        await page.waitForURL(url(`${l.prefix}/search?q=${encodeURIComponent(l.query)}`));
        await waitForHydration(page);
        const products = page.locator('[data-search-group="ecommerce.products"]');
        expect(await products.getByRole("heading", { level: 2 }).innerText()).toBe(l.products);
        await products.getByRole("link", { name: l.product }).waitFor();
        expect(await page.title()).toBe(`${l.search}: ${l.query} · Northwind Studio`);
        await screenshot(page, `site-search-results-${l.language}-${size.name}`);
        await context.close();
      });

  it.each(LANGUAGES)(
    "$language: a nonsense query says Nothing found; the results page is axe-clean",
    {
      timeout: 120_000,
    },
    async (l) => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      await page.goto(url(`${l.prefix}/search?q=qqxzzvv`), { waitUntil: "networkidle" });
      await waitForHydration(page);
      await page.getByText(l.nothing).waitFor();
      await screenshot(page, `site-search-nothing-${l.language}`);
      const problems: string[] = [];
      for (const path of [`${l.prefix}/search?q=${encodeURIComponent(l.query)}`, `${l.prefix}/search?q=qqxzzvv`]) {
        await page.goto(url(path), { waitUntil: "networkidle" });
        await waitForHydration(page);
        await page.locator('[data-user-menu="signed-out"]').first().waitFor({ state: "attached" });
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations)
          for (const node of violation.nodes) problems.push(`${path}: ${violation.id} ${node.target.join(" ")}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
