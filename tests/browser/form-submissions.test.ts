import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { parseCsv } from "../../server/crud/transfer/csv.js";
import { SECRET } from "../helpers/test-app.js";
import {
  RESULTS,
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  type RunningApp,
} from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };

/** Each language: the site's contact page, the visitor's values, the texts the owner then sees. */
const CASES = [
  {
    language: "en",
    locale: "en-US",
    contact: "/contact",
    submit: "Submit",
    done: "Form submitted successfully",
    link: "Submissions",
    title: "Write to us",
    headers: ["Submitted at", "Your name", "Email", "Message"],
    download: "Download CSV",
    oneRecord: "1 record",
    values: { name: "Ada Lovelace", email: "ada@example.com", message: 'Call me back, "soon", please.' },
  },
  {
    language: "ru",
    locale: "ru-RU",
    contact: "/ru/contact",
    submit: "Отправить",
    done: "Форма успешно отправлена",
    link: "Заявки",
    title: "Напишите нам",
    headers: ["Дата отправки", "Ваше имя", "Электронная почта", "Сообщение"],
    download: "Скачать CSV",
    oneRecord: "1 запись",
    values: { name: "Анна Иванова", email: "anna@example.com", message: "Перезвоните мне, пожалуйста." },
  },
] as const;

// The demo contact form sent on the site, then read by the owner in the admin: its submissions
// as a table under the inputs' labels, and the same table downloaded as CSV, in English and Russian.
describe.skipIf(!hasChromium)("a form's submissions in the admin, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, ...ADMIN });
    // A second form, so the forms list has more than the contact form.
    const other = await running.app.inject({
      method: "POST",
      url: "/api/crm/forms",
      headers: { "x-rbac-secret-key": SECRET },
      payload: { data: { adminTitle: "Newsletter form", title: { en: "Newsletter" } } },
    });
    expect(other.statusCode).toBe(201);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const send = async (page: Page, c: (typeof CASES)[number]) => {
    await page.goto(`${running.url}${c.contact}`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const form = page.locator("form[data-crm-form]");
    for (const [name, value] of Object.entries(c.values)) await form.locator(`[name="${name}"]`).fill(value);
    await form.getByRole("button", { name: c.submit }).click();
    await expect.poll(() => page.getByText(c.done).isVisible(), { timeout: 10_000 }).toBe(true);
  };

  for (const c of CASES) {
    it(`${c.language}: the submission sits under its inputs' labels, newest first, and the CSV holds the same table`, async () => {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: c.locale,
        acceptDownloads: true,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await send(page, c);
        await page.goto(`${running.url}/admin`);
        await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
        await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
        await page.getByRole("button", { name: "Sign in" }).click();
        // "Forms" among the editor's screens (the model list links the same table).
        await page.getByTestId("nav-forms").click();
        await page.getByTestId("table-crm/forms").getByRole("link", { name: c.link }).first().waitFor();
        await screenshot(page, `admin-forms-list-${c.language}`);
        await page
          .getByTestId("table-crm/forms")
          .getByTestId("table-row")
          .filter({ hasText: "Contact form" })
          .getByRole("link", { name: c.link })
          .click();
        await expect.poll(() => page.getByTestId("form-title").textContent()).toBe(c.title);
        const table = page.getByTestId("form-submissions");
        await expect.poll(() => table.locator("thead th").allTextContents()).toEqual([...c.headers]);
        const first = table.getByTestId("submission-row").first();
        await expect
          .poll(() =>
            first
              .locator("td")
              .allTextContents()
              .then((cells) => cells.slice(1)),
          )
          .toEqual([c.values.name, c.values.email, c.values.message]);
        await screenshot(page, `admin-form-submissions-${c.language}`);

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          table.getByRole("link", { name: c.download }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^form-[0-9a-f]{8}-submissions\.csv$/);
        const file = join(RESULTS, `form-submissions-${c.language}.csv`);
        await download.saveAs(file);
        const bytes = readFileSync(file);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const records = parseCsv(bytes.toString("utf8").slice(1));
        expect(records[0]).toEqual([...c.headers]);
        expect(records[1]!.slice(1)).toEqual([c.values.name, c.values.email, c.values.message]);

        // A mail's link to one record (the owner's paid order: /admin/{module}/{entity}?id=) opens its table filtered to it.
        const formId = new URL(page.url()).pathname.split("/").pop()!;
        await page.goto(`${running.url}/admin/crm/forms?id=${formId}`);
        const forms = page.getByTestId("table-crm/forms");
        await expect.poll(() => forms.getByTestId("table-total").textContent()).toBe(c.oneRecord);
        expect(await forms.getByTestId("table-row").allTextContents()).toEqual([
          expect.stringContaining("Contact form"),
        ]);
      } finally {
        await context.close();
      }
    });
  }
});
