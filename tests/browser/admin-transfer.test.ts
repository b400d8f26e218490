import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { csvLine, parseCsv, type CsvCell } from "../../server/crud/transfer/csv.js";
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
const ARTICLES = "blog/articles";

// The admin table's Export and Import buttons as an admin uses them: Export CSV downloads the
// table's rows; Import sends a changed file as a dry run and shows its report (rows to create,
// to update, refused with the reasons), writes nothing while a row is refused, and on
// 'Import N rows' writes the file, after which the table shows the change.
describe.skipIf(!hasChromium)("the admin table's Export and Import in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  let violations: CspViolation[];
  const api = async (method: "GET" | "POST", url: string, payload?: unknown) =>
    (
      await running.app.inject({ method, url, headers: { "x-rbac-secret-key": SECRET }, payload: payload as any })
    ).json();
  const table = () => page.getByTestId(`table-${ARTICLES}`);
  const rowOf = (text: string) => table().getByTestId("table-row").filter({ hasText: text });

  beforeAll(async () => {
    running = await startApp(ADMIN);
    for (const [slug, en] of [
      ["alpha", "Alpha article"],
      ["beta", "Beta article"],
    ]) {
      await api("POST", `/api/${ARTICLES}`, { data: { slug, adminTitle: en, title: { en, ru: `${en} (ru)` } } });
    }
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    violations = await watchCspViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => console.error("page error:", error.message));
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator(`a[href="/admin/${ARTICLES}"]`).click();
    await rowOf("Alpha article").waitFor();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      await screenshot(page, `admin-transfer-failed-${context.task.name.replace(/\W+/g, "-")}`);
    expect(violations.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  let exported: CsvCell[][];

  it("Export CSV downloads the table's rows", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    mkdirSync(RESULTS, { recursive: true });
    const file = join(RESULTS, "admin-transfer-export.csv");
    await download.saveAs(file);
    exported = parseCsv(readFileSync(file, "utf8"));
    const [header, ...rows] = exported;
    expect(header).toEqual(expect.arrayContaining(["id", "slug", "title.en", "title.ru"]));
    const slug = header!.indexOf("slug");
    expect(rows.map((row) => row[slug]).sort()).toEqual(["alpha", "beta"]);
    expect(rows.find((row) => row[slug] === "beta")![header!.indexOf("title.en")]).toBe("Beta article");
  });

  /** The export with Beta renamed and a new row, plus `extra` rows. */
  const changedFile = (extra: Record<string, string>[] = []) => {
    const [header, ...rows] = exported;
    const at = (name: string) => header!.indexOf(name);
    const changed = rows.map((row) =>
      row[at("slug")] === "beta"
        ? row.map((cell, i) =>
            i === at("title.en") ? "Beta, revised" : i === at("adminTitle") ? "Beta revised" : cell,
          )
        : row,
    );
    const fresh = [
      { slug: "gamma", adminTitle: "Gamma article", "title.en": "Gamma article", variant: "default" },
      ...extra,
    ].map((values) => header!.map((name) => (name! in values ? values[name!]! : null)));
    return Buffer.from([header!, ...changed, ...fresh].map(csvLine).join(""));
  };
  const choose = (name: string, buffer: Buffer) =>
    page.getByTestId("import-file").setInputFiles({ name, mimeType: "text/csv", buffer });

  it("Import shows a dry run's report; a refused row names its reason and nothing can be imported", async () => {
    await choose("articles-bad.csv", changedFile([{ slug: "delta", adminTitle: "Delta article" }]));
    const dialog = page.getByRole("dialog", { name: "Import articles-bad.csv" });
    await expect
      .poll(() => dialog.getByTestId("import-report").textContent())
      .toBe("1 to create, 2 to update, 1 refused");
    await dialog.getByText("Row 4: /variant must be string").waitFor();
    expect(await dialog.getByRole("button", { name: /^Import \d+ rows$/ }).isDisabled()).toBe(true);
    await screenshot(page, "admin-transfer-dry-run-refused");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await api("GET", `/api/${ARTICLES}/count`)).data).toBe(2);
  });

  it("Import of a changed file: the report, then 'Import N rows' writes it and the table shows the change", async () => {
    await choose("articles.csv", changedFile());
    const dialog = page.getByRole("dialog", { name: "Import articles.csv" });
    await expect
      .poll(() => dialog.getByTestId("import-report").textContent())
      .toBe("1 to create, 2 to update, 0 refused");
    await screenshot(page, "admin-transfer-dry-run");
    // The dry run wrote nothing.
    expect((await api("GET", `/api/${ARTICLES}/count`)).data).toBe(2);
    await dialog.getByRole("button", { name: "Import 3 rows" }).click();
    await page.getByText("Imported articles.csv: 1 created, 2 updated").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await rowOf("Gamma article").waitFor();
    await rowOf("Beta, revised").waitFor();
    expect(await rowOf("Beta article").count()).toBe(0);
    await screenshot(page, "admin-transfer-imported");
    const beta = (
      await api(
        "GET",
        `/api/${ARTICLES}?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=beta`,
      )
    ).data[0];
    expect(beta.title).toEqual({ en: "Beta, revised", ru: "Beta article (ru)" });
  });
});
