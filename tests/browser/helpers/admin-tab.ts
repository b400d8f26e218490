import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot, type RunningApp } from "./browser-app.js";
import { signInAt } from "./narrow-admin.js";

/**
 * A browser tab signed in to the admin as `login` with the browser's language `locale` (each in
 * its own context, kept in `contexts` to close after the test; page errors go to `problems`).
 */
export async function adminTab(
  browser: Browser,
  running: RunningApp,
  { contexts, problems }: { contexts: BrowserContext[]; problems: string[] },
  login: { email: string; password: string; locale: string },
  width = 1280,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: login.locale });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await signInAt(page, `${running.url}/admin`, login.email, login.password);
  await page.getByTestId("current-user").waitFor();
  return page;
}

/** Closes the test's tabs, each page shot first as `{name}` when the test failed. */
export async function closeTabs(contexts: BrowserContext[], failed: boolean, name: string): Promise<void> {
  for (const tab of contexts.splice(0)) {
    if (failed) for (const shown of tab.pages()) await screenshot(shown, name);
    await tab.close();
  }
}

/** Waits for the composer's mark to say every save was answered. */
export const composerSaved = (page: Page) =>
  expect
    .poll(() => page.getByTestId("composer-save-state").getAttribute("data-state"), { timeout: 15_000 })
    .toBe("saved");
