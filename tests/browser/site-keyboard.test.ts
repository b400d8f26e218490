import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoSiteInChromium, hasChromium, waitForHydration } from "./helpers/browser-app.js";

// The slider and the menus work by keyboard alone (Tab, Enter, the arrow keys, Escape),
// and nothing inside a hidden slide takes the focus.
describe.skipIf(!hasChromium)("the demo site by keyboard", () => {
  const site = demoSiteInChromium();
  const url = (path: string) => `${site.running.url}${path}`;

  async function open(path: string, viewport = { width: 1280, height: 860 }): Promise<Page> {
    const page = await site.browser.newPage({ viewport });
    await page.goto(url(path), { waitUntil: "networkidle" });
    await waitForHydration(page);
    return page;
  }
  /** Presses Tab until `matches` holds for the focused element (at most `limit` times). */
  async function tabTo(page: Page, matches: string, limit = 60): Promise<void> {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((selector) => !!document.activeElement?.matches(selector), matches)) return;
    }
    throw new Error(`Tab never reached ${matches}`);
  }
  const activeSlide = (page: Page) => page.locator("[data-slider] [data-active]").getAttribute("aria-label");

  it("the slider: Tab reaches its buttons, never a hidden slide's links; Enter and the arrow keys turn it", async () => {
    const page = await open("/");
    const count = await page.locator("[data-slider-track] > div").count();
    expect(count).toBeGreaterThan(1);
    // Every focus stop from the top of the page to the slider's "next" button: none in a hidden slide.
    const stops: boolean[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      stops.push(await page.evaluate(() => !!document.activeElement?.closest("[aria-hidden=true]")));
      if (await page.evaluate(() => !!document.activeElement?.matches("[data-slider-next]"))) break;
    }
    expect(stops).not.toContain(true);
    expect(await page.evaluate(() => document.activeElement?.matches("[data-slider-next]"))).toBe(true);
    expect(await activeSlide(page)).toBe(`1 / ${count}`);
    await page.keyboard.press("Enter");
    await expect.poll(() => activeSlide(page)).toBe(`2 / ${count}`);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => activeSlide(page)).toBe(`${count >= 3 ? 3 : 1} / ${count}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => activeSlide(page)).toBe(`1 / ${count}`);
    // A hidden slide is inert: its links cannot be focused even directly.
    const hiddenLink = page.locator('[data-slider-track] > div[aria-hidden="true"] a').first();
    if (await hiddenLink.count()) {
      await hiddenLink.evaluate((link) => (link as HTMLElement).focus());
      expect(await page.evaluate(() => !!document.activeElement?.closest("[aria-hidden=true]"))).toBe(false);
    }
    await page.close();
  });

  it("the phone menu: Enter on the toggle opens it, Tab walks its links, Escape closes it", async () => {
    const page = await open("/", { width: 390, height: 800 });
    await tabTo(page, 'button[aria-label="Open menu"]');
    await page.keyboard.press("Enter");
    const menu = page.locator("[data-mobile-menu]");
    await menu.waitFor();
    await tabTo(page, "[data-mobile-menu] a", 10);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await page.close();
  });

  it("the account menu: Enter opens it, the arrow keys move through its items, Escape closes it", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(url("/rbac/subject/authentication/email-and-password/registration"), { waitUntil: "networkidle" });
    // Hydrated first: a click before would submit the form natively.
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill("keys@example.com");
    await page.getByLabel("Password", { exact: true }).fill("a long enough password");
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.waitForURL(url("/"));
    await page.locator('[data-user-menu="signed-in"]').waitFor();
    await tabTo(page, '[data-user-menu="signed-in"]');
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("menuitem");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-user-menu")))
      .toBe("signed-in");
    await context.close();
  });
});
