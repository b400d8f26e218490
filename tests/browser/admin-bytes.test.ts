import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "bytes@example.com", adminPassword: "bytes password 123" };
const KIB = 1024;
// docs/admin.md, "What the admin loads": compressed JavaScript, as Chromium received it.
const BUDGET = { signIn: 100 * KIB, tableScreen: 250 * KIB };

/** The admin's JavaScript files Chromium fetched, with the bytes it received for each (brotli). */
function watchScripts(page: Page) {
  const fetched = new Map<string, Promise<number>>();
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/static/") || !url.pathname.endsWith(".js")) return;
    const size = response
      .request()
      .sizes()
      .then((sizes) => sizes.responseBodySize);
    // A chunk still arriving as the test closes its page cannot tell its size any more; nobody
    // counts it then, so its refusal must not go unhandled (bytes() still sees it if asked).
    size.catch(() => {});
    fetched.set(url.pathname.replace(/^.*\//, ""), size);
  });
  return {
    names: () => [...fetched.keys()],
    /** A chunk of this module was fetched (chunks are named `{module}-{hash}.js`). */
    has: (module: string) => [...fetched.keys()].some((name) => name.startsWith(`${module}-`)),
    bytes: async () => (await Promise.all(fetched.values())).reduce((sum, size) => sum + size, 0),
  };
}

// The admin fetches each screen's code when the screen is first opened (web/admin/admin-routes.tsx):
// the sign-in screen loads only what it shows, a table screen no form, composer or rich-text
// editor, and those arrive when opened. Counted in a real Chromium, from a cold cache.
describe.skipIf(!hasChromium)("what the admin loads, screen by screen", () => {
  let running: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  test("the sign-in screen, then a table, then a form with rich text, then the composer", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const scripts = watchScripts(page);
    try {
      await page.goto(`${running.url}/admin`, { waitUntil: "networkidle" });
      await page.locator('input[name="login"]').waitFor();
      const signIn = await scripts.bytes();
      console.log(`sign-in screen: ${scripts.names().length} scripts, ${(signIn / KIB).toFixed(1)} KiB`);
      expect(signIn).toBeLessThanOrEqual(BUDGET.signIn);
      expect(scripts.has("admin-routes")).toBe(false);

      await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByTestId("nav-pages").waitFor();
      // Within the app, as a person goes there (a reload would take the files from the cache).
      await page.locator('a[href="/admin/blog/articles"]').click();
      await page.getByTestId("table-blog/articles").waitFor();
      await page.waitForLoadState("networkidle");
      const table = await scripts.bytes();
      console.log(`a table screen: ${scripts.names().length} scripts, ${(table / KIB).toFixed(1)} KiB`);
      expect(table).toBeLessThanOrEqual(BUDGET.tableScreen);
      for (const module of ["model-form", "rich-text-editor", "composer-page", "product-page"])
        expect(scripts.has(module), module).toBe(false);

      // A form with a rich-text field: the form and the editor come when the dialog opens.
      await page.getByRole("button", { name: "Add new" }).click();
      await page.getByRole("dialog").locator(".ProseMirror").first().waitFor();
      expect(scripts.has("model-form")).toBe(true);
      expect(scripts.has("rich-text-editor")).toBe(true);
      await page.keyboard.press("Escape");

      await page.getByTestId("nav-pages").click();
      await page.getByTestId("page-title").first().click();
      await page.getByTestId("composer-title").waitFor();
      expect(scripts.has("composer-page")).toBe(true);
    } finally {
      await context.close();
    }
  });
});
