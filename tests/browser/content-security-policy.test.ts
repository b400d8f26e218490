import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  hasChromium,
  launchChromium,
  startApp,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
  waitForHydration,
} from "./helpers/browser-app.js";

// The site, the admin and the API docs really run under the
// Content-Security-Policy the server sends (script-src 'self', no inline script): Chromium opens
// them, hydrates, signs in, opens forms and editors, and reports no violation. A first test shows
// the watch sees a violation when there is one, so an empty list means something.
const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };

describe.skipIf(!hasChromium)("the Content-Security-Policy in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: CspViolation[];
  const url = (path: string) => `${running.url}${path}`;
  const hydrated = () => waitForHydration(page);

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, ...ADMIN });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    violations = await watchCspViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(() => {
    violations.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("the watch sees a violation: an inline script added to a page is blocked and reported", async () => {
    await page.goto(url("/"), { waitUntil: "networkidle" });
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.map((v) => v.directive)).toContain("script-src-elem");
  });

  it.each([
    "/",
    "/blog",
    "/blog/articles/hello-world",
    "/blog/members",
    "/products",
    "/ecommerce/products/ceramic-mug",
    "/cart",
    "/contact",
    "/ru",
    "/ru/blog/articles/hello-world",
    "/rbac/subject/authentication/select-method",
    "/rbac/subject/authentication/email-and-password/registration",
    "/no-such-page",
  ])("the site page %s hydrates with no violation", async (path) => {
    await page.goto(url(path), { waitUntil: "networkidle" });
    await hydrated();
    expect(violations).toEqual([]);
  });

  it("signing in, the settings and the members' article (private widgets loaded in the browser) run clean", async () => {
    await page.goto(url("/rbac/subject/authentication/select-method"), { waitUntil: "networkidle" });
    await hydrated();
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.adminEmail);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(url("/"));
    await page.goto(url("/rbac/subjects/settings"), { waitUntil: "networkidle" });
    await page.locator("[data-identity]").first().waitFor();
    await page.goto(url("/blog/members"), { waitUntil: "networkidle" });
    await page.locator("[data-private=ready]").waitFor();
    expect(violations).toEqual([]);
  });

  it("the admin: its tables, a form with the rich-text editor and the date-time picker run clean", async () => {
    await page.goto(url("/admin"), { waitUntil: "networkidle" });
    await page.locator('a[href="/admin/blog/articles"]').click();
    await page.getByTestId("table-blog/articles").waitFor();
    await page.getByRole("button", { name: "Add new" }).click();
    await page.getByRole("dialog").locator(".ProseMirror").first().waitFor();
    await page.keyboard.press("Escape");
    await page.locator('a[href="/admin/ecommerce/orders"]').click();
    await page.getByTestId("table-ecommerce/orders").waitFor();
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });

  it("the API reference (/api/docs) runs clean", async () => {
    await page.goto(url("/api/docs"), { waitUntil: "networkidle" });
    // The document is large (every model's routes): rendering it takes a while on a busy machine.
    await page.locator(".swagger-ui .opblock").first().waitFor({ timeout: 60_000 });
    expect(violations).toEqual([]);
  });

  it("no site may frame the pages (frame-ancestors 'none')", async () => {
    const other = await context.newPage();
    try {
      // The test first sees the browser refuse the frame (the page's answer arrives with the
      // policy, the frame's load fails as blocked by it, the console names the directive), then
      // asserts nothing of the page got into the frame: a frame that merely had not loaded yet
      // cannot pass for a refused one.
      const target = url("/");
      const loaded = new Promise<string>((resolve) => {
        other.on(
          "requestfailed",
          (request) => request.url() === target && resolve(request.failure()?.errorText ?? "failed"),
        );
        other.on("requestfinished", (request) => request.url() === target && resolve("loaded into the frame"));
      });
      const answered = other.waitForResponse(target);
      const refusal = other.waitForEvent("console", {
        predicate: (message) => message.text().includes("frame-ancestors 'none'"),
      });
      // Awaited below; a test failing earlier closes the page, which must not surface as an unhandled rejection.
      for (const waiting of [answered, refusal]) waiting.catch(() => {});
      await other.setContent(`<iframe src="${target}" id="f"></iframe>`);
      expect((await answered).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(await loaded).toBe("net::ERR_BLOCKED_BY_RESPONSE");
      expect((await refusal).type()).toBe("error");
      const frames = other.frames().filter((frame) => frame !== other.mainFrame());
      expect(frames.map((frame) => frame.url())).toEqual(["chrome-error://chromewebdata/"]);
      expect(await frames[0]!.evaluate(() => document.querySelector("[data-navbar], #root") === null)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
