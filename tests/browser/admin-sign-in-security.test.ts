import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpAt } from "../../server/modules/rbac/two-factor/totp.js";
import { signInSecurityStrings } from "../../web/admin/subjects/sign-in-security-texts.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  watchCspViolations,
  type RunningApp,
} from "./helpers/browser-app.js";

const AUTH = "/api/rbac/subjects/authentication";
const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };
const PASSWORD = "a long password 1";

// A person's record in the admin (Subjects) in a real Chromium, in English and Russian: it says
// two-factor sign-in is on with ten recovery codes; "Reset two-factor sign-in", asked twice,
// turns it off (the person's password alone signs in after); "Sign out everywhere" ends the
// person's two sign-ins (their refresh tokens are refused at once).
describe.skipIf(!hasChromium)("sign-in security in a person's admin record, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let shift = 0;

  beforeAll(async () => {
    running = await startApp(ADMIN);
    running.app.rbac.twoFactor.factors.now = () => Date.now() + shift;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const inject = async (method: "GET" | "POST", url: string, payload: object, jwt?: string) =>
    running.app.inject({ method, url, payload, headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });
  const passwordSignIn = (login: string) =>
    inject("POST", `${AUTH}/email-and-password/authentication`, { login, password: PASSWORD });

  /** A person with TOTP on (through the API, as the account screen does), signed in on two devices. */
  async function personWithTwoFactor(email: string) {
    const made = (
      await inject("POST", `${AUTH}/email-and-password/registration`, { login: email, password: PASSWORD })
    ).json();
    const { jwt, refresh } = made.data;
    const subjectId = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()).sub;
    const totp = `/api/rbac/subjects/${subjectId}/two-factor/totp`;
    const { secret } = (await inject("POST", totp, { data: { password: PASSWORD } }, jwt)).json().data;
    shift += 30_000;
    const confirmed = await inject(
      "POST",
      `${totp}/confirm`,
      { data: { code: totpAt(secret, Date.now() + shift) } },
      jwt,
    );
    expect(confirmed.statusCode).toBe(200);
    return { refresh };
  }

  it.each(["en", "ru"] as const)(
    "%s: resets two-factor sign-in and signs the person out everywhere",
    async (language) => {
      const t = signInSecurityStrings[language];
      const email = `lost-phone-${language}@example.com`;
      const person = await personWithTwoFactor(email);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: language });
      const violations = await watchCspViolations(context);
      const page = await context.newPage();
      await page.goto(`${running.url}/admin`);
      await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
      await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
      await page.locator('button[type="submit"]').first().click();
      await page.getByTestId("current-user").waitFor();
      await page.goto(`${running.url}/admin/rbac/subjects`);
      const row = page.getByTestId("table-rbac/subjects").getByTestId("table-row").filter({ hasText: email });
      // The person is named by their email (the table's first column), not by the account's slug.
      await row.getByTestId("row-label").filter({ hasText: email }).waitFor();
      await screenshot(page, `admin-sign-in-security-${language}-people`);
      await row.getByRole("button").nth(-2).click();

      const panel = page.locator("[data-sign-in-security]");
      await panel.getByText(t.on(10)).waitFor();
      await panel.getByText(t.devices(1)).waitFor();
      await screenshot(page, `admin-sign-in-security-${language}`);
      await panel.getByRole("button", { name: t.reset }).click();
      await panel.getByText(t.resetWarning).waitFor();
      await screenshot(page, `admin-sign-in-security-${language}-confirm`);
      await panel.getByRole("button", { name: t.resetConfirm }).click();
      await panel.getByText(t.off, { exact: true }).waitFor();
      const signedIn = await passwordSignIn(email);
      expect(signedIn.json().data.twoFactor).toBeUndefined();
      expect(signedIn.json().data.jwt).toEqual(expect.any(String));

      // The registration's sign-in and the one just made (after the panel counted): both end.
      await panel.getByRole("button", { name: t.signOutEverywhere }).click();
      await page.getByText(t.signedOut(2)).waitFor();
      await panel.getByText(t.devices(0)).waitFor();
      await screenshot(page, `admin-sign-in-security-${language}-signed-out`);
      const refreshed = await inject("POST", `${AUTH}/refresh`, { refresh: person.refresh });
      expect(refreshed.statusCode).toBe(401);
      expect(violations).toEqual([]);
      await context.close();
    },
  );
});
