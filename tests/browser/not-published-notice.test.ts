import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";
import { asServer, narrowAdminRole, signInAt } from "./helpers/narrow-admin.js";

const EDITOR = { adminEmail: "pages@example.com", adminPassword: "page editor password 1" };

// A page editor who may not publish the catalogue publishes a page whose block lists a product never
// published (docs/drafts.md, Publishing a tree): the page goes live, the product stays off the site,
// and the composer says so in words — the product by its title, never an id — with a badge that no
// longer reads Published. The admin's screens open for the role named admin (web/admin/auth); here
// that role holds only a page editor's permissions: everything under /api/host and the admin's own
// reads (models, record labels).
describe.skipIf(!hasChromium)("the composer names what a publish left behind (Chromium, drafts on)", () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;

  const call = (method: "GET" | "POST" | "DELETE", url: string, data?: object) => asServer(running, method, url, data);

  /** A published page whose block (not yet published) lists a product never published. */
  async function pageListing(adminTitle: string, title: { en: string; ru: string }, url: string): Promise<string> {
    const product = await call("POST", "/api/ecommerce/products", { adminTitle, title });
    const created = await call("POST", "/api/host/pages?publish=true", {
      url,
      slug: url.slice(1),
      title: { en: "Our mugs", ru: "Наши кружки" },
    });
    await call("POST", `/api/host/pages/${created.id}/blocks`, {
      module: "ecommerce",
      variant: "product-list-default",
      content: { products: [product.id] },
    });
    return created.id;
  }

  beforeAll(async () => {
    running = await startApp({ drafts: true, ...EDITOR });
    await narrowAdminRole(running, [["*", "/api/host/**"]]);
    browser = await launchChromium();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail" && page)
      await screenshot(page, `not-published-failed-${context.task.name.replace(/\W+/g, "-")}`);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const EN = {
    locale: "en-US",
    notice: "You may not publish these; they stay as they were:",
    badge: "Partly published",
  };
  const RU = {
    locale: "ru-RU",
    notice: "Эти записи вам публиковать нельзя; они остались как были:",
    badge: "Опубликовано частично",
  };
  it.each([
    {
      ...EN,
      screen: "composer",
      name: "Mug",
      product: { en: "Mug", ru: "Кружка" },
      url: "/mugs",
      named: "Product “Mug”",
    },
    {
      ...RU,
      screen: "composer",
      name: "Чашка",
      product: { en: "Cup", ru: "Чашка" },
      url: "/cups",
      named: "Товар «Чашка»",
    },
    {
      ...EN,
      screen: "form",
      name: "Bowl",
      product: { en: "Bowl", ru: "Миска" },
      url: "/bowls",
      named: "Product “Bowl”",
    },
  ])(
    "in $locale the page editor publishes the page from the $screen and reads which records stayed behind",
    async ({ locale, screen, name, product, url, notice, named, badge }) => {
      // The admin names a product by its admin title (record-labels.ts), as its tables do.
      const pageId = await pageListing(name, product, url);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
      page = await context.newPage();
      page.setDefaultTimeout(30_000);
      page.on("pageerror", (error) => console.error("page error:", error.message));
      if (screen === "composer") {
        await signInAt(page, `${running.url}/admin/pages/${pageId}`, EDITOR.adminEmail, EDITOR.adminPassword);
        await page.getByTestId("composer-publish").click();
      } else {
        // The generic record form (Pages' model table, ?edit=): its own Publish button.
        await signInAt(page, `${running.url}/admin/host/pages?edit=${pageId}`, EDITOR.adminEmail, EDITOR.adminPassword);
        await page.getByRole("dialog").getByRole("button", { name: "Publish", exact: true }).click();
      }
      const shown = page.getByTestId("not-published");
      await shown.waitFor();
      const text = (await shown.textContent()) ?? "";
      expect(text).toContain(notice);
      expect(text).toContain(named);
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(text).not.toContain("ecommerce/");
      const state = page.getByTestId("publication-line").getByTestId("publication-badge");
      await expect.poll(() => state.textContent()).toBe(badge);
      await page.getByText(notice).waitFor();
      await page.waitForTimeout(1_000); // the notice's slide-in settled
      await page.screenshot({ path: `/tmp/not-published-${screen}-${locale}.png` });
      // The page is live; the product stayed off the site.
      expect((await running.app.inject({ method: "GET", url: `/api/host/pages/${pageId}` })).statusCode).toBe(200);
      expect(
        (await running.app.inject({ method: "GET", url: "/api/ecommerce/products?limit=100" }))
          .json()
          .data.map((p: any) => p.title.en),
      ).not.toContain(product.en);
      await context.close();
    },
  );
});
