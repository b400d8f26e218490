import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpAt } from "../../server/modules/rbac/two-factor/totp.js";
import { twoFactorEnrolmentStrings } from "../../web/admin/auth/two-factor-enrolment-texts.js";
import { twoFactorTexts } from "../../web/admin/auth/two-factor-texts.js";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  watchCspViolations,
  type RunningApp,
} from "./helpers/browser-app.js";

const AUTH = "/api/rbac/subjects/authentication";
const ADMINS = {
  en: { email: "admin@example.com", password: "admin password 123" },
  ru: { email: "admin-ru@example.com", password: "admin password 456" },
};

// TWO_FACTOR_REQUIRED_ROLES=admin in a real Chromium: an administrator without an authenticator
// app signs in to the admin and meets the enrolment step, not the admin (its session reaches
// nothing else); the test reads the key on the screen, computes the app's code, sees the recovery
// codes, goes on to the admin, then signs out and in again and is asked for a code. In English and
// Russian (the browser's language picks the admin's).
describe.skipIf(!hasChromium)("two-factor sign-in required for administrators, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let shift = 0;
  /** The next step's time: each code must be of a step not taken yet (the server's clock is moved, not waited for). */
  const nextStep = () => {
    shift += 30_000;
    return Date.now() + shift;
  };

  beforeAll(async () => {
    running = await startApp({
      twoFactorRequiredRoles: ["admin"],
      adminEmail: ADMINS.en.email,
      adminPassword: ADMINS.en.password,
    });
    running.app.rbac.twoFactor.factors.now = () => Date.now() + shift;
    // The second administrator, made through the API: an account, then the admin role.
    const inject = async (method: "GET" | "POST", url: string, payload?: object) =>
      (await running.app.inject({ method, url, headers: { "x-rbac-secret-key": SECRET }, payload })).json();
    const made = await inject("POST", `${AUTH}/email-and-password/registration`, {
      login: ADMINS.ru.email,
      password: ADMINS.ru.password,
    });
    const subjectId = JSON.parse(Buffer.from(made.data.jwt.split(".")[1], "base64url").toString()).sub;
    const roles = await inject(
      "GET",
      "/api/rbac/roles?filters[and][0][column]=uid&filters[and][0][method]=eq&filters[and][0][value]=admin",
    );
    await inject("POST", "/api/rbac/subjects-to-roles", { data: { subjectId, roleId: roles.data[0].id } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it.each(["en", "ru"] as const)("%s: enrols at the first sign-in, then signs in with a code", async (language) => {
    const admin = ADMINS[language];
    const t = twoFactorEnrolmentStrings[language];
    const codeStep = twoFactorTexts(language);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: language });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    const signIn = async () => {
      await page.goto(`${running.url}/admin`);
      await page.locator('input[name="login"]').fill(admin.email);
      await page.locator('input[name="password"]').fill(admin.password);
      await page.locator('button[type="submit"]').first().click();
    };

    await signIn();
    const step = page.locator("[data-two-factor-enrolment]");
    await step.getByText(t.title).waitFor();
    await page.locator("[data-totp-qr]").waitFor();
    expect(await page.getByTestId("current-user").count()).toBe(0);
    await screenshot(page, `two-factor-required-${language}-enrol`);
    const secret = (await page.locator("[data-totp-secret]").textContent())!.trim();
    await page.getByLabel(t.code).fill(totpAt(secret, nextStep()));
    await page.getByRole("button", { name: t.turnOn }).click();

    const codes = page.locator("[data-recovery-code]");
    await expect.poll(() => codes.count()).toBe(10);
    await page.getByRole("button", { name: t.copy }).click();
    await page.getByRole("button", { name: t.copied }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split("\n")).toEqual(await codes.allTextContents());
    await screenshot(page, `two-factor-required-${language}-recovery-codes`);
    await page.getByRole("button", { name: t.continue }).click();
    // The full session: the admin itself, its lists readable.
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(admin.email);
    await screenshot(page, `two-factor-required-${language}-admin`);

    await context.clearCookies();
    await signIn();
    await page.getByText(codeStep.enterCode).waitFor();
    await page.getByLabel(codeStep.code).fill(totpAt(secret, nextStep()));
    await page.getByRole("button", { name: codeStep.verify }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(admin.email);
    expect(violations).toEqual([]);
    await context.close();
  });
});
