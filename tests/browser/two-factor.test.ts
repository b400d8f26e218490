import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { totpAt } from "../../server/modules/rbac/two-factor/totp.js";
import { twoFactorText } from "../../web/site/modules/rbac/two-factor/two-factor-strings.js";
import { twoFactorTexts } from "../../web/admin/auth/two-factor-texts.js";
import { rbacText } from "../../web/site/modules/rbac/strings.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";

const AUTH = "/api/rbac/subjects/authentication";
const PASSWORD = "a long password 1";
const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };

// TOTP two-factor sign-in in a real Chromium against the real app and its demo content, in each
// language: turn it on from the account screen (the test reads the key on the screen and computes
// the code an authenticator app would show), sign out, sign in with a code; then the admin's
// sign-in with a code. Each code must be of a step not taken yet, so the server's two-factor
// clock is moved a step on before each new code (rbac.twoFactor.factors.now), with no waiting.
describe.skipIf(!hasChromium)("two-factor sign-in in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: CspViolation[];
  let shift = 0;

  const url = (path: string) => `${running.url}${path}`;
  /** The next step's time: a code of it has not been taken yet. */
  const nextStep = () => {
    shift += 30_000;
    return Date.now() + shift;
  };

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, ...ADMIN });
    running.app.rbac.twoFactor.factors.now = () => Date.now() + shift;
    browser = await launchChromium();
  });
  afterEach(async () => {
    expect(violations.splice(0)).toEqual([]);
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const newPage = async (locale: string) => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    violations = await watchCspViolations(context);
    page = await context.newPage();
  };

  for (const language of ["en", "ru"] as const) {
    it(`turns it on from the account screen, signs out and signs in with a code (${language})`, async () => {
      const t = (key: Parameters<typeof twoFactorText>[0]) => twoFactorText(key, language);
      const prefix = language === "en" ? "" : `/${language}`;
      const email = `ann-${language}@example.com`;
      const registered = await running.app.inject({
        method: "POST",
        url: `${AUTH}/email-and-password/registration`,
        payload: { login: email, password: PASSWORD },
      });
      expect(registered.statusCode).toBe(201);
      await newPage(language);

      const signInWithPassword = async () => {
        await page.goto(url(`${prefix}/rbac/subject/authentication/select-method`));
        await waitForHydration(page);
        await page.locator('input[type="email"]').fill(email);
        await page.locator('input[type="password"]').fill(PASSWORD);
        await page.getByRole("button", { name: rbacText("login", language), exact: true }).click();
      };
      await signInWithPassword();
      await page.waitForURL(url(prefix || "/"));

      await page.goto(url(`${prefix}/rbac/subjects/settings`));
      await waitForHydration(page);
      const section = page.locator("[data-two-factor]");
      await section.getByText(t("title"), { exact: true }).waitFor();
      await section.getByText(t("statusOff"), { exact: true }).waitFor();
      await section.locator("[data-two-factor-on]").click();
      await section.getByLabel(t("password"), { exact: true }).fill(PASSWORD);
      await section.getByRole("button", { name: t("continue") }).click();
      await section.locator("[data-totp-qr]").waitFor();
      const secret = (await section.locator("[data-totp-secret]").textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await section.getByText(t("scanQr")).waitFor();
      await section.getByLabel(t("enterCode")).fill(totpAt(secret, nextStep()));
      await screenshot(page, `two-factor-enrol-${language}`);
      await section.getByRole("button", { name: t("confirm"), exact: true }).click();

      const codes = section.locator("[data-recovery-code]");
      await section.getByText(t("recoveryTitle")).waitFor();
      expect(await codes.count()).toBe(10);
      await section.getByRole("button", { name: t("copy") }).click();
      await section.getByRole("button", { name: t("copied") }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.split("\n")).toEqual(await codes.allTextContents());
      await screenshot(page, `two-factor-recovery-codes-${language}`);
      await section.getByRole("button", { name: t("done") }).click();
      await section.getByText(t("statusOn"), { exact: true }).waitFor();
      await section.getByText(t("codesLeft").replace("{count}", "10")).waitFor();

      await page.goto(url(`${prefix}/rbac/subject/authentication/logout`));
      await page.waitForURL(url(prefix || "/"));
      await page.locator('[data-user-menu="signed-out"]').waitFor();

      await signInWithPassword();
      const step = page.locator("[data-two-factor-step]");
      await step.getByText(t("enterCode")).waitFor();
      await step.getByText(t("useRecovery")).waitFor();
      await step.locator("[data-two-factor-code]").fill("12");
      await step.getByRole("button", { name: t("verify") }).click();
      await step.getByText(t("codeFormat")).waitFor();
      await step.locator("[data-two-factor-code]").fill(totpAt(secret, nextStep()));
      await screenshot(page, `two-factor-sign-in-${language}`);
      await step.getByRole("button", { name: t("verify") }).click();
      await page.waitForURL(url(prefix || "/"));
      await expect.poll(() => page.locator('[data-user-menu="signed-in"]').textContent()).toBe(email);
    });
  }

  it("signs in to the admin with a code from the app", async () => {
    // The admin turns it on through the API, as the account screen does.
    const signIn = await running.app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      payload: { login: ADMIN.adminEmail, password: ADMIN.adminPassword },
    });
    const { jwt } = signIn.json().data;
    const subjectId = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()).sub;
    const headers = { authorization: `Bearer ${jwt}` };
    const begun = await running.app.inject({
      method: "POST",
      url: `/api/rbac/subjects/${subjectId}/two-factor/totp`,
      headers,
      payload: { data: { password: ADMIN.adminPassword } },
    });
    const { secret } = begun.json().data;
    const confirmed = await running.app.inject({
      method: "POST",
      url: `/api/rbac/subjects/${subjectId}/two-factor/totp/confirm`,
      headers,
      payload: { data: { code: totpAt(secret, nextStep()) } },
    });
    expect(confirmed.statusCode).toBe(200);

    await newPage("en");
    const t = twoFactorTexts("en");
    await page.goto(url("/admin"));
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText(t.enterCode).waitFor();
    await page.getByLabel(t.code).fill(totpAt(secret, nextStep()));
    await screenshot(page, "two-factor-admin-sign-in");
    await page.getByRole("button", { name: t.verify }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(ADMIN.adminEmail);
  });
});
