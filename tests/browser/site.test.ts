import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
  waitForHydration,
} from "./helpers/browser-app.js";

// A visitor on the demo site in a real Chromium: the server's HTML, hydrated by the built bundle.
// Home, the navigation, an article by its slug URL, the Russian version, the contact form and the
// full-screen menu at phone width. The account flows have their own file (site-auth.test.ts).
describe.skipIf(!hasChromium)("the demo site in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  let violations: CspViolation[];
  const problems: string[] = [];

  const url = (path: string) => `${running.url}${path}`;
  /** hydrateRoot has taken the server's HTML (React marks its container element). */
  const hydrated = () => waitForHydration(page);

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    violations = await watchCspViolations(context);
    page = await context.newPage();
    // Any script error or hydration warning on any page fails the last test.
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
  });
  // Every test starts from the home page, freshly loaded, so one that failed midway (a menu or
  // toast left open, another page) cannot take the next one down with it.
  // Every screen runs under the Content-Security-Policy it is sent.
  afterEach(() => {
    expect(violations.splice(0)).toEqual([]);
  });
  beforeEach(async () => {
    await page.goto(url("/"), { waitUntil: "networkidle" });
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("opens the home page: navbar, slider, features, footer, English", async () => {
    const response = await page.goto(url("/"), { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    const header = page.locator("header[data-navbar]");
    await expect.poll(() => header.getByRole("link", { name: "Blog" }).isVisible()).toBe(true);
    expect(await page.locator("footer").count()).toBeGreaterThan(0);
    expect(await page.title()).not.toBe("");
    await screenshot(page, "site-home");
  });

  it("follows the navigation to the blog and opens an article by its slug URL", async () => {
    await page.locator("header[data-navbar]").getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(url("/blog"));
    await expect.poll(() => page.getByText("Hello, world").first().isVisible()).toBe(true);
    await screenshot(page, "site-blog");

    const card = page.locator("a", { hasText: "Read more" }).first();
    const href = await card.getAttribute("href");
    expect(href).toMatch(/^\/blog\/articles\/[a-z0-9-]+$/);
    await card.click();
    await page.waitForURL(url(href!));
    expect(await page.locator("h1").first().textContent()).toBeTruthy();

    await page.goto(url("/blog/articles/hello-world"), { waitUntil: "networkidle" });
    expect(await page.locator("h1", { hasText: "Hello, world" }).count()).toBe(1);
    await screenshot(page, "site-article");
  });

  it("switches the article to Russian: /ru URL, Russian text, <html lang=ru>", async () => {
    await page.goto(url("/blog/articles/hello-world"), { waitUntil: "networkidle" });
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "RU" }).first().click();
    await page.waitForURL(url("/ru/blog/articles/hello-world"));
    expect(await page.getAttribute("html", "lang")).toBe("ru");
    expect(await page.locator("h1", { hasText: "Привет, мир" }).count()).toBe(1);
    // Links stay in Russian: the navbar's Blog link is /ru/blog.
    expect(await page.locator("header[data-navbar]").getByRole("link", { name: "Блог" }).getAttribute("href")).toBe(
      "/ru/blog",
    );
    await screenshot(page, "site-article-ru");
  });

  it("an unknown address answers 404 with the site around it", async () => {
    const response = await page.goto(url("/no/such/page"), { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
  });

  it("submits the contact form and shows the success toast; the request is stored", async () => {
    await page.goto(url("/contact"), { waitUntil: "networkidle" });
    await hydrated();
    const form = page.locator("form[data-crm-form]");
    await form.locator('[name="name"]').fill("Ada Lovelace");
    await form.locator('[name="email"]').fill("ada@example.com");
    await form.locator('[name="message"]').fill("Please call me back about a new site.");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByText("Form submitted successfully").isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "site-contact");

    const stored = await running.app.inject({
      method: "GET",
      url: "/api/crm/requests",
      headers: { "x-rbac-secret-key": SECRET },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toContain("ada@example.com");
  });

  it("at phone width the links fold into a full-screen menu opened by the toggle", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url("/"), { waitUntil: "networkidle" });
    await hydrated();
    const headerBlog = page.locator("header[data-navbar]").getByRole("link", { name: "Blog" });
    expect(await headerBlog.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("[data-mobile-menu]");
    await expect.poll(() => menu.isVisible()).toBe(true);
    const box = await menu.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(380);
    expect(box!.height).toBeGreaterThan(600);
    await screenshot(page, "site-mobile-menu");
    await menu.getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(url("/contact"));
    expect(await menu.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("no page logged a script error or a hydration warning", () => {
    expect(problems).toEqual([]);
  });
});
