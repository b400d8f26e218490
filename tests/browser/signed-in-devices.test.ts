import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  type RunningApp,
} from "./helpers/browser-app.js";

const AUTH = "/api/rbac/subjects/authentication";
const SIGN_IN = "/rbac/subject/authentication/select-method";
const SETTINGS = "/rbac/subjects/settings";
const PASSWORD = "devices password 1";
/** The second browser says it is Firefox on Windows, so the two rows read apart. */
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

const WORDS = {
  en: {
    firefox: "Firefox on Windows",
    thisDevice: "This device",
    signOut: "Sign out",
    edit: "Edit",
    update: "Update",
    linkSent: "We sent a link to",
    confirmed: "Your email is now",
  },
  ru: {
    firefox: "Firefox на Windows",
    thisDevice: "Это устройство",
    signOut: "Выйти",
    edit: "Изменить",
    update: "Сохранить",
    linkSent: "Мы отправили ссылку на",
    confirmed: "Теперь ваш адрес",
  },
} as const;

// The account screen's Signed-in devices and the verified email change in a real Chromium, in
// English and Russian: one account signed in from two browser contexts; the first lists both,
// signs the other out, and the other finds itself signed out on its next request; then the first
// changes its email, which happens only when the mailed link is opened.
describe.skipIf(!hasChromium)("signed-in devices and the email change link in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
  });

  const inject = (url: string, payload: object) => running.app.inject({ method: "POST", url, payload });
  /** An account made through the API in the language, its registration's own session ended, so the list holds the browsers only. */
  async function account(email: string, language: string) {
    const made = await inject(`${AUTH}/email-and-password/registration`, {
      login: email,
      password: PASSWORD,
      language,
    });
    expect(made.statusCode).toBe(201);
    await inject(`${AUTH}/logout`, { refresh: made.json().data.refresh });
  }
  async function signedInPage(prefix: string, email: string, userAgent?: string): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...(userAgent ? { userAgent } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${running.url}${prefix}${SIGN_IN}`);
    await waitForHydration(page);
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.endsWith(SIGN_IN));
    return page;
  }
  const openSettings = async (page: Page, prefix: string) => {
    await page.goto(`${running.url}${prefix}${SETTINGS}`);
    await waitForHydration(page);
  };
  /** The confirmation link mailed to `to` (kept in the outbox: the test app sends no SMTP), as a path on this server. */
  async function linkMailedTo(to: string): Promise<string> {
    await running.app.rbac.background.settled();
    await running.app.rbac.mailer.flush();
    const mail = await running.app.database.db
      .selectFrom("notification_outbox_messages")
      .select("text")
      .where("to", "=", to)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+confirm-email\?code=[A-Za-z0-9_-]+/.exec(String(mail.text))![0];
    const { pathname, search } = new URL(link);
    return `${pathname}${search}`;
  }

  it.each(["en", "ru"] as const)(
    "%s: lists both browsers, signs the other out, and changes the email by the link",
    async (language) => {
      const w = WORDS[language];
      const prefix = language === "en" ? "" : `/${language}`;
      const email = `${language}.devices@example.com`;
      await account(email, language);
      const first = await signedInPage(prefix, email);
      const other = await signedInPage(prefix, email, FIREFOX_WINDOWS);

      await openSettings(first, prefix);
      const rows = first.locator("[data-device]");
      await expect.poll(() => rows.count()).toBe(2);
      const own = first.locator("[data-device][data-current]");
      await own.getByText(w.thisDevice).waitFor();
      expect(await own.textContent()).toContain("Chrome");
      const otherRow = first.locator("[data-device]:not([data-current])");
      await otherRow.getByText(w.firefox).waitFor();
      // The own row has no Sign out: that is what the account menu's Logout is for.
      expect(await own.getByRole("button", { name: w.signOut }).count()).toBe(0);
      await first.locator("[data-signed-in-devices]").scrollIntoViewIfNeeded();
      await screenshot(first, `signed-in-devices-${language}-two`);

      await otherRow.getByRole("button", { name: w.signOut }).click();
      await expect.poll(() => rows.count()).toBe(1);
      await screenshot(first, `signed-in-devices-${language}-one-left`);

      // The other browser's next request: its session token and then its refresh token are refused,
      // so it clears both and goes home signed out (web/site/session/session-store.ts).
      await other.goto(`${running.url}${prefix}${SETTINGS}`);
      await other.waitForURL((url) => url.pathname === (prefix || "/"));
      await other.locator('[data-user-menu="signed-out"]').waitFor();
      expect(await other.evaluate(() => localStorage.getItem("rbac.subject.refresh"))).toBeNull();
      await screenshot(other, `signed-in-devices-${language}-other-signed-out`);

      // The email change: the dialog says where the link went; nothing changes until it is opened.
      const newEmail = `${language}.moved@example.com`;
      await first.locator("[data-identity]").getByRole("button", { name: w.edit }).click();
      const dialog = first.getByRole("dialog");
      await dialog.locator('input[type="email"]').fill(newEmail);
      await dialog.locator('input[type="password"]').fill(PASSWORD);
      await dialog.getByRole("button", { name: w.update }).click();
      const sent = dialog.locator("[data-email-link-sent]");
      await sent.waitFor();
      expect(await sent.textContent()).toContain(`${w.linkSent} ${newEmail}`);
      await screenshot(first, `email-change-${language}-link-sent`);
      expect(await first.locator("[data-identity]").textContent()).toContain(email);

      const link = await linkMailedTo(newEmail);
      expect(link.startsWith(`${prefix}/rbac/subject/authentication/email-and-password/confirm-email?code=`)).toBe(
        true,
      );
      await first.goto(`${running.url}${link}`);
      await waitForHydration(first);
      const outcome = first.locator('[data-email-link-outcome="done"]');
      await outcome.waitFor();
      expect(await outcome.textContent()).toContain(`${w.confirmed}`);
      expect(await outcome.textContent()).toContain(newEmail);
      await screenshot(first, `email-change-${language}-confirmed`);
      // Opened again, the spent link says so.
      await first.reload();
      await first.locator('[data-email-link-outcome="invalid"]').waitFor();

      await openSettings(first, prefix);
      await first.locator("[data-identity]").getByText(newEmail, { exact: true }).waitFor();
    },
  );
});
