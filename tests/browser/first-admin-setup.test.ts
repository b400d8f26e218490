import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";

const OWNER = { email: "owner@example.com", password: "owner password 123" };

// The first visit to /admin of a server without an administrator: the setup screen, which takes
// only the one-time code the server printed in its start log (docs/security.md "Accounts and permissions").
describe.skipIf(!hasChromium)("first admin from the browser, with the setup code", () => {
  let running: RunningApp;
  let browser: Browser;
  let code: string;
  const contexts: { context: BrowserContext; violations: CspViolation[] }[] = [];

  const open = async (locale: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
    contexts.push({ context, violations: await watchCspViolations(context) });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => console.error("page error:", error.message));
    await page.goto(`${running.url}/admin`);
    return page;
  };
  const fill = async (page: Page, values: { code: string; email: string; password: string }) => {
    await page.locator('input[name="code"]').fill(values.code);
    await page.locator('input[name="login"]').fill(values.email);
    await page.locator('input[name="password"]').fill(values.password);
  };

  beforeAll(async () => {
    running = await startApp();
    code = running.app.rbac.firstAdmin.setupCode!;
    browser = await launchChromium();
  });
  afterAll(async () => {
    // The setup screen runs under the admin's Content-Security-Policy too.
    expect(contexts.flatMap((c) => c.violations)).toEqual([]);
    await browser?.close();
    await running?.close();
  });

  it("speaks Russian to a Russian browser", async () => {
    const page = await open("ru-RU");
    await page.getByRole("heading", { name: "Создание первого администратора" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Создать администратора" }).isVisible()).toBe(true);
    await screenshot(page, "first-admin-setup-ru");
  });

  it("refuses a wrong code, then the right code creates the admin and signs it in", async () => {
    const page = await open("en-US");
    await page.getByRole("heading", { name: "Create the first administrator" }).waitFor();
    await screenshot(page, "first-admin-setup");

    await fill(page, { code: "AAAA-BBBB-CCCC-DDDD", ...OWNER });
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Wrong setup code");
    await screenshot(page, "first-admin-setup-wrong-code");
    expect(running.app.rbac.firstAdmin.setupCode).toBe(code);

    await page.locator('input[name="code"]').fill(code);
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(OWNER.email);
    await screenshot(page, "first-admin-signed-in");
  });

  it("a second use is refused: /admin now asks to sign in, and the spent code makes nobody admin", async () => {
    const page = await open("en-US");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.locator('input[name="code"]').count()).toBe(0);
    await screenshot(page, "first-admin-setup-closed");
    const again = await page.evaluate(async (spent) => {
      const answer = await fetch("/api/rbac/subjects/authentication/first-admin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: spent, login: "intruder@example.com", password: "intruder password" }),
      });
      return answer.status;
    }, code);
    expect(again).toBe(409);
  });
});
