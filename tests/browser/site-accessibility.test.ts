import { AxeBuilder } from "@axe-core/playwright";
import { describeViolations } from "./helpers/axe.js";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoSiteInChromium, hasChromium, waitForHydration } from "./helpers/browser-app.js";

// axe-core finds no violation on the demo's pages, in English and Russian, signed out
// and signed in; labels, placeholders and hints the browser shows on /ru are Russian. Each page is
// checked hydrated, with the account corner settled (the server renders a placeholder there).
const PAGES = [
  "/",
  "/blog",
  "/blog/articles/hello-world",
  "/products",
  "/ecommerce/products/ceramic-mug",
  "/contact",
  "/rbac/subject/authentication/select-method",
];
const REGISTRATION = "/rbac/subject/authentication/email-and-password/registration";
const PASSWORD = "a long enough password";

/**
 * Texts a visitor is given besides the page's content: placeholders, accessible names and titles
 * of controls, and labels, of what is shown or announced (not what is hidden from both) and in
 * the page's language (a link to the English page may say "English", marked lang="en").
 */
const controlTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[placeholder], [aria-label], [title], label, button")]
      .filter(
        (element) =>
          !element.closest("[aria-hidden=true]") &&
          element.closest("[lang]")?.getAttribute("lang") === document.documentElement.lang,
      )
      .flatMap((element) => [
        element.getAttribute("placeholder"),
        element.getAttribute("aria-label"),
        element.getAttribute("title"),
        element.matches("label, button") ? element.innerText : null,
      ])
      .filter((text): text is string => !!text && !!text.trim()),
  );

describe.skipIf(!hasChromium)("accessibility of the demo site (axe-core)", () => {
  const site = demoSiteInChromium();
  const url = (path: string) => `${site.running.url}${path}`;

  async function open(context: BrowserContext, path: string, signedIn: boolean): Promise<Page> {
    const page = await context.newPage();
    await page.goto(url(path), { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page
      .locator(`[data-user-menu="${signedIn ? "signed-in" : "signed-out"}"]`)
      .first()
      .waitFor({ state: "attached" });
    return page;
  }

  async function check(context: BrowserContext, signedIn: boolean) {
    const problems: string[] = [];
    for (const language of ["en", "ru"] as const) {
      for (const path of PAGES) {
        const address = language === "ru" ? `/ru${path === "/" ? "" : path}` : path;
        const page = await open(context, address, signedIn);
        const results = await new AxeBuilder({ page }).analyze();
        problems.push(...describeViolations(results).map((line) => `${address}: ${line}`));
        if (language === "ru") {
          // Latin-only words in a control's text on a Russian page: an untranslated label.
          for (const text of await controlTexts(page))
            if (/[A-Za-z]{3,}/.test(text) && !/[А-Яа-яЁё]/.test(text) && !/@|^\d|^(EN|RU)$/.test(text))
              problems.push(`${address}: English control text "${text}"`);
        }
        await page.close();
      }
    }
    expect(problems).toEqual([]);
  }

  it("signed out: no violations on home, blog, an article, products, a product, contact and sign-in, in en and ru", {
    timeout: 600_000,
  }, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
    await check(context, false);
    await context.close();
  });

  it("signed in: the same pages, with the account menu and the cart", { timeout: 600_000 }, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
    // Hydrated first: a click before would submit the form natively.
    const page = await open(context, REGISTRATION, false);
    await page.getByLabel("Email", { exact: true }).fill("axe@example.com");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.waitForURL(url("/"));
    await page.locator('[data-user-menu="signed-in"]').waitFor();
    await page.close();
    await check(context, true);
    await context.close();
  });
});
