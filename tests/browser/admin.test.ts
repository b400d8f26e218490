import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { sql } from "kysely";
import type { Browser, Page } from "playwright-core";
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

const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };

// The admin's main flows in a real Chromium against the real app: sign-in gate, generated tables
// and forms, a relation sub-table, filters, delete confirmation, a server validation error.
describe.skipIf(!hasChromium)("admin back office in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  let violations: CspViolation[];
  const api = async (method: "GET" | "POST", url: string, payload?: unknown) => {
    const response = await running.app.inject({
      method,
      url,
      headers: { "x-rbac-secret-key": SECRET },
      payload: payload as any,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const dialog = (title: string) => page.getByRole("dialog", { name: title });
  const openModel = async (id: string) => {
    await page.locator(`a[href="/admin/${id}"]`).click();
    await page.getByTestId(`table-${id}`).waitFor();
  };

  beforeAll(async () => {
    running = await startApp(ADMIN);
    await api("POST", "/api/ecommerce/stores", { data: { adminTitle: "Main store", title: { en: "Main store" } } });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    violations = await watchCspViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => console.error("page error:", error.message));
  });
  // Every test starts from the admin's home screen, freshly loaded: a step that failed with a
  // dialog open cannot take the next test down with it. The session cookie keeps the sign-in.
  beforeEach(async () => {
    await page.goto(`${running.url}/admin`);
  });
  // What the page looked like when a step failed.
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      await screenshot(page, `admin-failed-${context.task.name.replace(/\W+/g, "-")}`);
    // The admin runs under the Content-Security-Policy it is sent.
    expect(violations.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("shows a visitor the sign-in screen and lets the admin in", async () => {
    await page.goto(`${running.url}/admin`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await screenshot(page, "admin-sign-in");
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(ADMIN.adminEmail);
    await page.locator('a[href="/admin/ecommerce/products"]').waitFor();
    await screenshot(page, "admin-home");
  });

  it("creates a product with English and Russian titles", async () => {
    await openModel("ecommerce/products");
    await page.getByRole("button", { name: "Add new" }).click();
    const form = dialog("Create Product");
    await form.locator("#root_adminTitle").fill("Red shoes");
    await form.locator("#root_title_en").fill("Red shoes");
    await form.locator("#root_title_ru").fill("Красные туфли");
    // The rich-text description (English): typed into the tiptap editor, stored as a document.
    await form.locator(".ProseMirror").first().click();
    await page.keyboard.type("Great shoes");
    await form.getByRole("button", { name: "Save" }).click();
    // A product has relation sub-tables: once created, its dialog is its update form.
    const update = dialog("Update Product");
    await expect.poll(() => update.getByTestId("save-status").textContent()).toBe("Saved");
    await screenshot(page, "admin-product-form");
    // The product's relation sub-tables sit under its form.
    await update.getByTestId("sub-table-ecommerce/stores-to-products").scrollIntoViewIfNeeded();
    await screenshot(page, "admin-product-sub-tables");
    await page.keyboard.press("Escape");
    const { body } = await api(
      "GET",
      "/api/ecommerce/products?filters[and][0][column]=adminTitle&filters[and][0][method]=eq&filters[and][0][value]=Red%20shoes",
    );
    expect(body.data).toHaveLength(1);
    expect(body.data[0].title).toEqual({ en: "Red shoes", ru: "Красные туфли" });
    const description = JSON.parse(body.data[0].description.en);
    expect(description.type).toBe("doc");
    expect(JSON.stringify(description)).toContain("Great shoes");
    await page.getByTestId("table-ecommerce/products").getByText("Red shoes").first().waitFor();
  });

  it("attaches the product to a store through the store's sub-table, with an SKU", async () => {
    await openModel("ecommerce/stores");
    const table = page.getByTestId("table-ecommerce/stores");
    await table
      .getByTestId("table-row")
      .filter({ hasText: "Main store" })
      .getByRole("button", { name: "Edit" })
      .click();
    const store = dialog("Update Store");
    const sub = store.getByTestId("sub-table-ecommerce/stores-to-products");
    await sub.getByRole("button", { name: "Add new" }).click();
    const relation = dialog("Create Store to product");
    await relation.locator("#root_productId").click();
    // The server is searched as one types; nothing matching says so.
    await relation.locator("#root_productId").fill("zzz");
    await page.getByText("No found items.").waitFor();
    await relation.locator("#root_productId").fill("Red");
    await page.getByRole("option", { name: "Red shoes" }).click();
    await relation.locator("#root_sku").fill("SKU-RED-1");
    await relation.getByRole("button", { name: "Save" }).click();
    await sub.getByText("SKU-RED-1").waitFor();
    await sub.getByText("Red shoes").waitFor();
    await screenshot(page, "admin-store-sub-table");
    const { body } = await api("GET", "/api/ecommerce/stores-to-products");
    expect(body.data).toHaveLength(1);
    expect(body.data[0].sku).toBe("SKU-RED-1");
    await page.keyboard.press("Escape");
  });

  it("chooses a host widget's external widget from the module chosen before it (the selector follows the module)", async () => {
    await api("POST", "/api/host/widgets", { data: { adminTitle: "Host hero" } });
    const contact = (await api("POST", "/api/crm/widgets", { data: { adminTitle: "Contact block" } })).body.data;
    await api("POST", "/api/blog/widgets", { data: { adminTitle: "Latest posts" } });
    await openModel("host/widgets-to-external-widgets");
    await page.getByRole("button", { name: "Add new" }).click();
    const form = dialog("Create Widget to external widget");
    await form.locator("#root_widgetId").click();
    await page.getByRole("option", { name: "Host hero" }).click();
    await form.locator("#root_externalModule").click();
    // Modules offered by their names (x-enum-titles), stored as their codes.
    await page.getByRole("option", { name: "Blog", exact: true }).click();
    await form.locator("#root_externalWidgetId").click();
    await page.getByRole("option", { name: "Latest posts" }).waitFor();
    expect(await page.getByRole("option", { name: "Contact block" }).count()).toBe(0);
    await page.getByRole("option", { name: "Latest posts" }).click();
    // Another module: the widget chosen in the old one is cleared, and the new one's widgets are offered.
    await form.locator("#root_externalModule").click();
    await page.getByRole("option", { name: "Forms and requests", exact: true }).click();
    await expect.poll(() => form.locator("#root_externalWidgetId").inputValue()).toBe("");
    await form.locator("#root_externalWidgetId").click();
    await page.getByRole("option", { name: "Contact block" }).click();
    await screenshot(page, "admin-external-widget-select");
    await form.getByRole("button", { name: "Save" }).click();
    // No sub-tables: the created record closes its dialog. Until then the form guards its edits (a
    // reload is asked about), so the next test's fresh load waits for it.
    await form.waitFor({ state: "detached" });
    const { body } = await api("GET", "/api/host/widgets-to-external-widgets");
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ externalModule: "crm", externalWidgetId: contact.id });
  });

  it("shows a notification that could not be delivered as failed, with the reason", async () => {
    const made = await api("POST", "/api/notification/notifications", {
      data: { template: "message", data: { subject: "Hello", text: "No address" } },
    });
    expect(made.status).toBe(201);
    await running.app.notifications.flush();
    await openModel("notification/notifications");
    const row = page.getByTestId("table-notification/notifications").getByTestId("table-row").first();
    await row.getByText("Failed", { exact: true }).waitFor(); // the status by its name (x-enum-titles)
    // The reason is on the notification's form.
    await row.getByRole("button", { name: "Edit" }).click();
    const form = dialog("Update Notification");
    await expect.poll(() => form.locator("#root_error").inputValue()).toBe("the notification has no recipient");
    await screenshot(page, "admin-notification-failed");
    await page.keyboard.press("Escape");
  });

  it("edits the product", async () => {
    await openModel("ecommerce/products");
    const table = page.getByTestId("table-ecommerce/products");
    await table.getByTestId("table-row").filter({ hasText: "Red shoes" }).getByRole("button", { name: "Edit" }).click();
    const form = dialog("Update Product");
    await form.locator("#root_adminTitle").fill("Red running shoes");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.getByTestId("save-status").textContent()).toBe("Saved");
    await page.keyboard.press("Escape");
    await table.getByText("Red running shoes").waitFor();
  });

  it("filters the table through the server", async () => {
    await api("POST", "/api/ecommerce/products/bulk", {
      data: ["Blue hat", "Green scarf", "Blue socks"].map((adminTitle) => ({ adminTitle })),
    });
    await openModel("ecommerce/products");
    const table = page.getByTestId("table-ecommerce/products");
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("4 records");
    await table.getByLabel("Search").fill("blue");
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("2 records");
    await table.getByLabel("Search").fill("");
    await table.getByRole("button", { name: "Filter" }).click();
    await page.getByLabel("Column", { exact: true }).first().click();
    await page.getByRole("option", { name: "Admin title", exact: true }).click();
    await page.getByLabel("Condition", { exact: true }).first().click();
    await page.getByRole("option", { name: "ilike", exact: true }).click();
    await page.getByLabel("Value", { exact: true }).fill("%scarf%");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("1 record");
    await screenshot(page, "admin-products-filtered");
    await table.getByRole("button", { name: "Remove filter" }).click();
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("4 records");
  });

  it("deletes a product only after the confirmation", async () => {
    await openModel("ecommerce/products");
    const table = page.getByTestId("table-ecommerce/products");
    const row = table.getByTestId("table-row").filter({ hasText: "Red running shoes" });
    await row.getByRole("button", { name: "Delete" }).click();
    // The dialog names the record: "Delete 'Red running shoes'?".
    await dialog("Delete 'Red running shoes'?").getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("4 records");
    await row.getByRole("button", { name: "Delete" }).click();
    await screenshot(page, "admin-delete-confirm");
    await dialog("Delete 'Red running shoes'?").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("3 records");
    // The delete is in the audit log, named from the record as it was (the Activity screen's line).
    const { body: log } = await api("GET", "/api/admin/audit?model=ecommerce/products&action=delete");
    expect(log.data[0].changes.adminTitle).toEqual(["Red running shoes", null]);
    const { body } = await api("GET", "/api/ecommerce/stores-to-products");
    expect(body.data).toHaveLength(0);
  });

  it("shows the server's validation error on the currency slug field", async () => {
    await openModel("billing/currencies");
    await page.getByRole("button", { name: "Add new" }).click();
    const form = dialog("Create Currency");
    await form.locator("#root_adminTitle").fill("Euro");
    await form.locator("#root_slug").fill("Euro Slug!");
    await form.getByRole("button", { name: "Save" }).click();
    // The state names the field and the server's reason (web/admin/form/save-failure.ts); the field shows it too.
    await expect
      .poll(() => form.getByTestId("save-status").textContent())
      .toBe('Not saved: Slug — must match pattern "^[a-z0-9-]+$"');
    await form.getByText('must match pattern "^[a-z0-9-]+$"', { exact: true }).waitFor();
    await screenshot(page, "admin-validation-error");
    // The typed values were never saved: closing asks first (web/admin/form/use-leave-guard.ts).
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Leave" }).click();
    await form.waitFor({ state: "hidden" });
  });

  it("uploads a file through the file input", async () => {
    await openModel("file-storage/files");
    await page.getByRole("button", { name: "Add new" }).click();
    const form = dialog("Create File");
    await form.getByRole("button", { name: "Select file" }).waitFor();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("hello admin") });
    await form.getByText("note.txt").waitFor();
    await form.locator("#root_adminTitle").fill("A note");
    await form.getByRole("button", { name: "Save" }).click();
    // No sub-tables on files: a created file closes its dialog.
    await form.waitFor({ state: "detached" });
    const { body } = await api("GET", "/api/file-storage/files");
    expect(body.data[0]).toMatchObject({ adminTitle: "A note", size: 11, extension: "txt", mimeType: "text/plain" });
    const served = await fetch(`${running.url}${body.data[0].file}`);
    expect(await served.text()).toBe("hello admin");
  });

  it("picks a date and time: calendar, two-digit hour and minute, invalid input ignored", async () => {
    await openModel("ecommerce/attributes");
    await page.getByRole("button", { name: "Add new" }).click();
    const form = dialog("Create Attribute");
    const input = form.getByPlaceholder("Select date and time");
    await input.click();
    // Yesterday at 07:05 is in the past at every hour of the day (today at 07:05 is not before
    // 07:05, and the picker rightly refuses future moments). "Now" is the browser's own clock.
    const now = dayjs(await page.evaluate(() => Date.now()));
    const yesterday = now.subtract(1, "day");
    if (!yesterday.isSame(now, "month")) {
      await form.locator('button[data-direction="previous"]').click();
    }
    await form.getByRole("button", { name: yesterday.format("D MMMM YYYY"), exact: true }).click();
    const hour = form.getByLabel("Hour", { exact: true });
    const minute = form.getByLabel("Minute", { exact: true });
    await hour.fill("7");
    await hour.blur();
    await minute.fill("5");
    await minute.blur();
    await expect.poll(() => input.inputValue()).toBe(`${yesterday.format("DD/MM/YYYY")} 07:05`);
    await hour.fill("99");
    await hour.blur();
    await expect.poll(() => hour.inputValue()).toBe("07");
    await screenshot(page, "admin-date-time-picker");
    await form.getByRole("button", { name: "Done" }).click();
    // The attribute's number is an exact decimal: typed as text, stored and answered as typed.
    await form.locator("#root_number").fill("19.99");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    const { body } = await api("GET", "/api/ecommerce/attributes");
    expect(dayjs(body.data[0].datetime).format("DD/MM/YYYY HH:mm")).toBe(`${yesterday.format("DD/MM/YYYY")} 07:05`);
    expect(body.data[0].number).toBe("19.99");
  });

  it("hides and shows the model list", async () => {
    const toggle = page.getByTestId("models-toggle");
    // A collapsed navbar slides out of the viewport (it stays in the DOM).
    const navShown = async () => {
      const box = await page.getByTestId("model-nav").boundingBox();
      return Boolean(box && box.x + box.width > 0);
    };
    await expect.poll(() => toggle.textContent()).toBe("Hide");
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe("Show");
    await expect.poll(navShown).toBe(false);
    await screenshot(page, "admin-models-hidden");
    await toggle.click();
    await expect.poll(navShown).toBe(true);
  });

  it("shows a large table's total as an estimate, and the exact count on request", async () => {
    // More rows than the server counts exactly for the table (1,000); ANALYZE gives the planner its figure.
    const db = running.app.database.db;
    await sql`INSERT INTO broadcast_channels (title) SELECT 'Channel ' || i FROM generate_series(1, 1500) AS i`.execute(
      db,
    );
    await sql`ANALYZE broadcast_channels`.execute(db);
    await openModel("broadcast/channels");
    const table = page.getByTestId("table-broadcast/channels");
    await expect.poll(() => table.getByTestId("table-total").textContent()).toMatch(/^about 1,[0-9]{3} records$/);
    await expect.poll(() => table.getByTestId("table-row").count()).toBe(20);
    await screenshot(page, "admin-estimated-total");
    await table.getByRole("button", { name: "Count exactly" }).click();
    await expect.poll(() => table.getByTestId("table-total").textContent()).toBe("1,500 records");
    await expect(table.getByRole("button", { name: "Count exactly" }).count()).resolves.toBe(0);
  });

  it("pages a large table by number first, then by cursor with Next and Previous", async () => {
    // The 1,500 channels of the test before; the table shows the newest first, 20 a page.
    const lists: string[] = [];
    page.on(
      "request",
      (request) => void (/\/api\/broadcast\/channels\?/.test(request.url()) && lists.push(request.url())),
    );
    await openModel("broadcast/channels");
    const table = page.getByTestId("table-broadcast/channels");
    const newestFirst = encodeURIComponent(JSON.stringify([{ column: "createdAt", method: "desc" }]));
    const expected = async (pageNumber: number) =>
      (
        await api("GET", `/api/broadcast/channels?limit=20&offset=${(pageNumber - 1) * 20}&orderBy[and]=${newestFirst}`)
      ).body.data.map((r: { title: string }) => r.title);
    const shown = async () =>
      (await table.getByTestId("table-row").allTextContents()).map((text) => /Channel \d+/.exec(text)?.[0]);
    const onPage = async (pageNumber: number) => {
      const titles = await expected(pageNumber);
      await expect.poll(shown).toEqual(titles);
    };
    await table.getByRole("button", { name: "5", exact: true }).click();
    await onPage(5);
    expect(lists.at(-1)).toContain("offset=80");
    await table.getByRole("button", { name: "Next" }).click();
    await onPage(6);
    expect(lists.at(-1)).toContain("after=");
    expect(lists.at(-1)).not.toContain("offset=");
    await expect.poll(() => table.getByTestId("table-page").textContent()).toBe("Page 6");
    await table.getByRole("button", { name: "Next" }).click();
    await onPage(7);
    expect(lists.at(-1)).toContain("after=");
    await screenshot(page, "admin-deep-page-by-cursor");
    await table.getByRole("button", { name: "Previous" }).click();
    await onPage(6);
    await table.getByRole("button", { name: "Previous" }).click();
    await onPage(5);
    await table.getByRole("button", { name: "1", exact: true }).click();
    await onPage(1);
  });
});
