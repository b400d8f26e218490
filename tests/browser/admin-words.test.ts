import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  startApp,
  waitForHydration,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "editor@example.com", adminPassword: "editor password 123" };
const SHOTS = process.env.ADMIN_WORDS_SHOTS ?? "/tmp/shots/words";

// The rest of the admin in the editor's words (docs/admin.md), in a real Chromium against the demo
// site: the editor's screens first in the side list; records named as a person knows them (a
// price "$32.00 · USD", a relation by both ends, "Delete 'Ceramic mug'?"); a picker that creates
// the record it looks for; the variant choice with its warning; search by any title; a form with
// its own address (Back closes it, a pasted link opens it); the same screens in Russian.
describe.skipIf(!hasChromium)("the admin in the editor's words, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: CspViolation[];
  const problems: string[] = [];
  const api = async (method: "GET" | "POST", url: string, payload?: unknown) => {
    const response = await running.app.inject({
      method,
      url,
      headers: { "x-rbac-secret-key": SECRET },
      payload: payload as any,
    });
    return response.json();
  };
  const shot = async (target: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await target.screenshot({ path: `${SHOTS}/${name}.png` });
  };
  const dialog = (title: string | RegExp) => page.getByRole("dialog", { name: title });
  const signIn = async (target: Page) => {
    await target.goto(`${running.url}/admin`);
    await target.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await target.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await target.locator('button[type="submit"]').click();
    await target.getByTestId("nav-pages").waitFor();
  };
  const openTable = async (id: string, query = "") => {
    await page.goto(`${running.url}/admin/${id}${query}`);
    await page.getByTestId(`table-${id}`).waitFor();
  };

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, ...ADMIN });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    violations = await watchCspViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await signIn(page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("lists the editor's screens first, then the models", async () => {
    const nav = page.getByTestId("model-nav");
    const order = await nav
      .locator("a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("data-testid") ?? a.getAttribute("href")));
    // The dashboard (the first screen after sign-in) above them all.
    expect(order.slice(0, 9)).toEqual([
      "nav-dashboard",
      "nav-pages",
      "nav-products",
      "nav-orders",
      "nav-shipping",
      "nav-taxes",
      "nav-discounts",
      "nav-forms",
      "nav-media",
    ]);
    expect(order.slice(9)).toContain("/admin/host/pages");
    expect(await page.getByTestId("nav-pages").getAttribute("href")).toBe("/admin/pages");
    expect(await page.getByTestId("nav-forms").getAttribute("href")).toBe("/admin/crm/forms");
    await shot(page, "nav-en");
  });

  it("names prices by amount and currency, relation rows by both ends, and asks \"Delete '…'?\"", async () => {
    // The demo's product prices, through the product-to-attribute links: "$… · USD", never "default".
    await openTable("ecommerce/products-to-attributes");
    const table = page.getByTestId("table-ecommerce/products-to-attributes");
    await expect.poll(() => table.getByTestId("table-row").first().textContent()).toMatch(/\$\d[\d ]*\.\d{2} · USD/);
    expect(await table.textContent()).not.toMatch(/\bdefault\b.*\bdefault\b/);
    await shot(page, "labels-prices");
    // An older price row with no admin title, in the attributes' own table: named by its amount, not "—".
    const usd = (
      await api(
        "GET",
        "/api/billing/currencies?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=usd",
      )
    ).data[0];
    const old = (await api("POST", "/api/ecommerce/attributes", { data: { number: "7", string: {} } })).data;
    await api("POST", "/api/ecommerce/attributes-to-billing-module-currencies", {
      data: { attributeId: old.id, billingModuleCurrencyId: usd.id },
    });
    await openTable("ecommerce/attributes");
    await expect
      .poll(() => page.getByTestId("table-ecommerce/attributes").getByTestId("row-label").allTextContents())
      .toContain("$7.00 · USD");
    // A page's place in a layout-free walk: the page-to-widget link by the page and the block.
    await openTable("host/pages-to-widgets");
    await expect
      .poll(() => page.getByTestId("table-host/pages-to-widgets").getByTestId("table-row").first().textContent())
      .toMatch(/Northwind Studio/);
    const product = (await api("GET", "/api/ecommerce/products?limit=1")).data[0];
    // Named as the table's first column names it: its admin title.
    const name = product.adminTitle;
    await openTable("ecommerce/products");
    await page
      .getByTestId("table-ecommerce/products")
      .getByTestId("table-row")
      .filter({ hasText: name })
      .first()
      .getByRole("button", { name: "Delete" })
      .click();
    const confirm = dialog(`Delete '${name}'?`);
    await confirm.waitFor();
    await shot(page, "delete-dialog-en");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
  });

  it("finds a page by its title when its admin title is the site's name", async () => {
    await api("POST", "/api/host/pages", { data: { url: "/welcome", adminTitle: "Northwind Studio", title: "Home" } });
    await openTable("host/pages");
    const table = page.getByTestId("table-host/pages");
    await table.getByLabel("Search").fill("Home");
    await table.getByTestId("table-row").filter({ hasText: "/welcome" }).waitFor();
    // Only records with "home" in a title: fewer than the whole table.
    const all = (await api("GET", "/api/host/pages/count")).data;
    await expect
      .poll(async () => Number((await table.getByTestId("table-total").textContent())?.split(" ")[0]))
      .toBeLessThan(all);
    await shot(page, "search-home");
  });

  it("opens a form at its own address: Back closes it, the pasted address opens it", async () => {
    await openTable("host/pages");
    const table = page.getByTestId("table-host/pages");
    await table.getByTestId("table-row").first().getByRole("button", { name: "Edit" }).click();
    await dialog("Update Page").waitFor();
    const address = new URL(page.url());
    const id = address.searchParams.get("edit");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await page.goBack();
    await dialog("Update Page").waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("edit")).toBeNull();
    await page.goto(`${running.url}/admin/host/pages?edit=${id}`);
    await dialog("Update Page").waitFor();
    await expect.poll(() => dialog("Update Page").locator("#root_url").inputValue()).not.toBe("");
    // Closed from a pasted address (nothing to go back to), the key leaves the address.
    await page.keyboard.press("Escape");
    await dialog("Update Page").waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("edit")).toBeNull();
    await page.getByRole("button", { name: "Add new" }).click();
    await dialog("Create Page").waitFor();
    expect(new URL(page.url()).searchParams.get("edit")).toBe("new");
    // Escape twice before the address changes (two keydowns in one task) closes the form once: it
    // goes back one entry, not two off this screen, so Forward opens the form again.
    await page.evaluate(() => {
      for (let i = 0; i < 2; i++)
        (document.activeElement ?? document.body).dispatchEvent(
          new KeyboardEvent("keydown", { key: "Escape", code: "Escape", bubbles: true }),
        );
    });
    await dialog("Create Page").waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("edit")).toBeNull();
    await page.goForward();
    await dialog("Create Page").waitFor();
    // Reached by Forward, the form still closes.
    await page.keyboard.press("Escape");
    await dialog("Create Page").waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("edit")).toBeNull();
  });

  it("creates the block a picker looks for, chooses it, and puts the new link at the end of the page", async () => {
    const home = (
      await api(
        "GET",
        "/api/host/pages?filters[and][0][column]=url&filters[and][0][method]=eq&filters[and][0][value]=/",
      )
    ).data[0];
    const before = (
      await api(
        "GET",
        `/api/host/pages-to-widgets?filters[and][0][column]=pageId&filters[and][0][method]=eq&filters[and][0][value]=${home.id}&limit=100`,
      )
    ).data;
    const last = Math.max(...before.map((r: any) => r.orderIndex));
    await openTable("host/pages-to-widgets");
    await page.getByRole("button", { name: "Add new" }).click();
    const form = dialog("Create Page to widget");
    await form.locator("#root_pageId").click();
    await form.locator("#root_pageId").fill("Northwind");
    await page.getByRole("option", { name: "Northwind Studio", exact: true }).first().click();
    await form.locator("#root_widgetId").click();
    // "+ New widget" ends the list; when nothing matches, the list says so and still offers it.
    await page.getByRole("option", { name: "+ New widget" }).waitFor();
    await form.locator("#root_widgetId").fill("a block nobody made");
    await page.getByText("No found items.").waitFor();
    await page.getByTestId("picker-new").click();
    const create = dialog("Create Widget");
    await create.locator("#root_adminTitle").fill("Fresh hero");
    await shot(page, "picker-new-widget");
    await create.getByRole("button", { name: "Save" }).click();
    await create.waitFor({ state: "detached" });
    await expect.poll(() => form.locator("#root_widgetId").inputValue()).toBe("Fresh hero");
    await shot(page, "picker-chose-created");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    const after = (
      await api(
        "GET",
        `/api/host/pages-to-widgets?filters[and][0][column]=pageId&filters[and][0][method]=eq&filters[and][0][value]=${home.id}&limit=100`,
      )
    ).data;
    const added = after.find((r: any) => !before.some((b: any) => b.id === r.id));
    expect(added.orderIndex).toBe(last + 1);
  });

  it("embeds a host widget's external-widget link in its form", async () => {
    const link = (await api("GET", "/api/host/widgets-to-external-widgets?limit=1")).data[0];
    // Straight to the host widget's form by its address.
    await openTable("host/widgets", `?edit=${link.widgetId}`);
    const form = dialog("Update Widget");
    const links = form.getByTestId("sub-table-host/widgets-to-external-widgets");
    await links.scrollIntoViewIfNeeded();
    await expect.poll(() => links.getByTestId("table-row").count()).toBeGreaterThan(0);
    // The link's cells name the module's widget (its model follows the row's module), not its id.
    await expect.poll(() => links.getByTestId("table-row").first().textContent()).not.toContain("…");
    expect(await links.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await shot(page, "host-widget-embeds");
    await page.keyboard.press("Escape");
  });

  it("offers the site's variants and warns about a custom one; a CRM input's type is a select", async () => {
    await openTable("website-builder/widgets");
    await page.getByRole("button", { name: "Add new" }).click();
    const form = dialog("Create Widget");
    const variant = form.getByTestId("variant-input");
    await variant.click();
    await page.getByRole("option", { name: "content-default", exact: true }).waitFor();
    await variant.fill("my-own-hero");
    await expect.poll(() => variant.getAttribute("data-custom")).toBe("true");
    await form.getByText("is not a variant the site knows").waitFor();
    // The list closed, so the warning under the field shows.
    await form.getByText("Class name", { exact: true }).click();
    await form.getByText("is not a variant the site knows").scrollIntoViewIfNeeded();
    await shot(page, "variant-custom-warning");
    await variant.fill("");
    await variant.click();
    await page.getByRole("option", { name: "content-default", exact: true }).click();
    await expect.poll(() => variant.getAttribute("data-custom")).toBeNull();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await openTable("crm/inputs");
    await page.getByRole("button", { name: "Add new" }).click();
    const input = dialog("Create Input");
    await input.locator("#root_type").click();
    for (const type of ["text", "textarea", "number", "email", "tel", "checkbox"])
      await page.getByRole("option", { name: type, exact: true }).waitFor();
    await page.getByRole("option", { name: "email", exact: true }).click();
    await shot(page, "crm-input-type");
    await page.keyboard.press("Escape");
  });

  it("speaks Russian to a Russian browser: the side list and the delete dialog", async () => {
    const russian = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
    const ru = await russian.newPage();
    ru.setDefaultTimeout(15_000);
    try {
      await signIn(ru);
      expect(await ru.getByTestId("nav-pages").textContent()).toBe("Страницы");
      expect(await ru.getByTestId("nav-forms").textContent()).toBe("Формы");
      expect(await ru.getByTestId("models-toggle").textContent()).toBe("Скрыть");
      await ru.goto(`${running.url}/admin/ecommerce/stores`);
      const row = ru.getByTestId("table-ecommerce/stores").getByTestId("table-row").first();
      await row.getByRole("button", { name: "Удалить" }).click();
      await ru.getByRole("dialog", { name: /^Удалить «.+»\?$/ }).waitFor();
      await shot(ru, "delete-dialog-ru");
    } finally {
      await russian.close();
    }
  });

  it("refuses an email input's value that is no address on the site, on the field, in the page's language", async () => {
    for (const [path, message] of [
      ["/contact", "Enter a valid email address"],
      ["/ru/contact", "Введите правильный адрес электронной почты"],
    ] as const) {
      const visitor = await browser.newPage();
      visitor.setDefaultTimeout(15_000);
      try {
        await visitor.goto(`${running.url}${path}`, { waitUntil: "networkidle" });
        await waitForHydration(visitor);
        const form = visitor.locator("form[data-crm-form]");
        const email = form.locator('[name="email"]');
        expect(await email.getAttribute("type")).toBe("email");
        await form.locator('[name="name"]').fill("Ada");
        await form.locator('[name="message"]').fill("Hello");
        // The browser's own check lets "ada@localhost" through; the server's does not (no dot in the domain).
        await email.fill("ada@localhost");
        await form.locator('button[type="submit"]').click();
        await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
        expect(await email.evaluate((input) => (input as HTMLInputElement).validationMessage)).toBe(message);
        await visitor.getByText(message).first().waitFor();
        await shot(visitor, `site-email-refused${path.startsWith("/ru") ? "-ru" : ""}`);
        // Edited, the field is valid again and the form goes through.
        await email.fill("ada@example.com");
        expect(await email.getAttribute("aria-invalid")).toBeNull();
      } finally {
        await visitor.close();
      }
    }
  });

  it("had no page errors and no CSP violations", () => {
    expect(problems).toEqual([]);
    expect(violations).toEqual([]);
  });
});
