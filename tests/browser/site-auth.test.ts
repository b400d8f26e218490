import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hexToString, type Hex } from "viem";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

const SIGN_IN = "/rbac/subject/authentication/select-method";
const REGISTRATION = "/rbac/subject/authentication/email-and-password/registration";
const FORGOT = "/rbac/subject/authentication/email-and-password/forgot-password";
const RESET = "/rbac/subject/authentication/email-and-password/reset-password";
const LOGOUT = "/rbac/subject/authentication/logout";
const SETTINGS = "/rbac/subjects/settings";
const AUTH = "/api/rbac/subjects/authentication";

const EMAIL = "ann@example.com";
const FIRST_PASSWORD = "first password 1";
const SECOND_PASSWORD = "second password 2";
const THIRD_PASSWORD = "third password 3";

// The visitor's account flows in a real Chromium against the real app and its demo content:
// register, sign in, change password, sign out, reset a forgotten password, a refreshed and a
// refused session, the Russian screens and a wallet sign-in through an injected EIP-1193 wallet.
describe.skipIf(!hasChromium)("site sign-in screens and session in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: CspViolation[];

  const url = (path: string) => `${running.url}${path}`;
  const accountMenu = () => page.getByRole("button", { name: "Account menu" });
  const signedOutMenu = () => page.locator('[data-user-menu="signed-out"]');
  const refreshToken = () => page.evaluate(() => localStorage.getItem("rbac.subject.refresh"));
  /** The server's answer to a sign-in with these credentials (the browser's cookie jar is not involved). */
  const signInStatus = async (password: string, login = EMAIL) =>
    (
      await running.app.inject({
        method: "POST",
        url: `${AUTH}/email-and-password/authentication`,
        payload: { login, password },
      })
    ).statusCode;

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    violations = await watchCspViolations(context);
    page = await context.newPage();
  });
  // Every test starts from the home page, freshly loaded (the session survives in the cookie and
  // local storage), so one that failed with a dialog or menu open cannot take the next one down.
  // Every screen runs under the Content-Security-Policy it is sent.
  afterEach(() => {
    expect(violations.splice(0)).toEqual([]);
  });
  beforeEach(async () => {
    await page.goto(url("/"));
    await waitForHydration(page);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("registers: field errors first, then the account is made and the visitor is home and signed in", async () => {
    await page.goto(url(REGISTRATION));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByText("Enter a valid email").waitFor();
    await page.getByText("Use at least 8 characters").waitFor();
    await screenshot(page, "site-auth-registration-errors");

    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    // Editing a field takes its error away; the other keeps its own.
    await page.getByText("Enter a valid email").waitFor({ state: "detached" });
    expect(await page.getByText("Use at least 8 characters").count()).toBe(1);
    await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.waitForURL(url("/"));
    await expect.poll(() => accountMenu().textContent()).toBe(EMAIL);
    expect(await refreshToken()).toBeTruthy();
    // The session JWT stays in the HttpOnly cookie: scripts see only its expiry.
    expect(await page.evaluate(() => document.cookie)).not.toContain("rbac.subject.jwt");
    await screenshot(page, "site-auth-registered");
  });

  it("the user menu shows the email, the roles, Settings and Logout", async () => {
    await accountMenu().click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Settings" }).waitFor();
    expect(await menu.textContent()).toContain(EMAIL);
    expect(await menu.textContent()).toContain("User");
    await menu.getByRole("menuitem", { name: "Logout" }).waitFor();
    await screenshot(page, "site-auth-user-menu");
    await menu.getByRole("menuitem", { name: "Settings" }).click();
    await page.waitForURL(url(SETTINGS));
  });

  it("changes the password in the settings dialog and stays signed in", async () => {
    await page.goto(url(SETTINGS));
    await waitForHydration(page);
    const identity = page.locator("[data-identity]");
    await identity.getByText(EMAIL, { exact: true }).waitFor();
    // Its only sign-in method: no Delete (the server keeps a subject's last one).
    expect(await identity.textContent()).toBe(`Email${EMAIL}Edit`);
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.getByText("Update your account password.").waitFor();
    await dialog.getByLabel("Current password").fill(FIRST_PASSWORD);
    await dialog.getByLabel("New password").fill("short");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await dialog.getByText("Use at least 8 characters").waitFor();
    await dialog.getByLabel("New password").fill(SECOND_PASSWORD);
    await screenshot(page, "site-auth-change-password");
    const before = await refreshToken();
    const calls: string[] = [];
    const track = (request: { url(): string }) => void calls.push(new URL(request.url()).pathname);
    page.on("request", track);
    await dialog.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed").waitFor();
    await dialog.waitFor({ state: "detached" });
    page.off("request", track);
    expect(await signInStatus(FIRST_PASSWORD)).toBe(401);
    expect(await signInStatus(SECOND_PASSWORD)).toBe(200);
    // The change revoked every session, this tab's too, and answered it a fresh one: the tab keeps
    // it (no second sign-in, no refresh) and is still signed in, before and after a reload.
    expect(
      calls.filter((path) => path.startsWith("/api/")).filter((path) => !path.endsWith("/authentication/me")),
    ).toEqual([expect.stringMatching(/\/change-password$/)]);
    expect(await refreshToken()).not.toBe(before);
    await expect.poll(() => accountMenu().textContent()).toBe(EMAIL);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => accountMenu().textContent()).toBe(EMAIL);
    const me = await page.evaluate(
      async () => (await fetch("/api/rbac/subjects/authentication/me", { credentials: "include" })).status,
    );
    expect(me).toBe(200);
  });

  it("an expired session JWT is refreshed once on load; a refused refresh token clears both and goes home", async () => {
    const refreshes: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(`${AUTH}/refresh`)) refreshes.push(request.method());
    });
    const before = await refreshToken();
    await page.evaluate(() => localStorage.setItem("rbac.subject.jwt-expires-at", "1"));
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => accountMenu().textContent()).toBe(EMAIL);
    expect(refreshes).toEqual(["POST"]);
    expect(await refreshToken()).not.toBe(before);

    await page.goto(url(SETTINGS));
    await waitForHydration(page);
    await page.evaluate(() => {
      localStorage.setItem("rbac.subject.refresh", "not-a-token");
      localStorage.setItem("rbac.subject.jwt-expires-at", "1");
    });
    await page.reload();
    await page.waitForURL(url("/"));
    await signedOutMenu().waitFor();
    expect(await refreshToken()).toBeNull();
  });

  it("signs in with the changed password, then signs out from the user menu", async () => {
    await page.goto(url(SIGN_IN));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Enter a valid email").waitFor();
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(SECOND_PASSWORD);
    await screenshot(page, "site-auth-sign-in");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(url("/"));
    await expect.poll(() => accountMenu().textContent()).toBe(EMAIL);

    // A second tab follows the first through the storage event.
    const other = await context.newPage();
    await other.goto(url(SETTINGS));
    await waitForHydration(other);
    await other.locator("[data-identity]").getByText(EMAIL, { exact: true }).waitFor();

    await accountMenu().click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await signedOutMenu().waitFor();
    expect(await refreshToken()).toBeNull();
    await other.locator('[data-user-menu="signed-out"]').waitFor();
    await other.getByText("Sign in to manage your account.").waitFor();
    await other.close();
    const me = await page.evaluate(async (path) => (await fetch(path)).status, `${AUTH}/me`);
    expect(me).toBe(401);
    await screenshot(page, "site-auth-signed-out");
  });

  it("a wrong password shows the server's message in a toast", async () => {
    await page.goto(url(SIGN_IN));
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("wrong password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText(/Authentication error.*401/).waitFor();
    await screenshot(page, "site-auth-wrong-password");
    expect(page.url()).toBe(url(SIGN_IN));
  });

  it("the logout page signs out at once and goes home", async () => {
    await page.goto(url(SIGN_IN));
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(SECOND_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(url("/"));
    await expect.poll(() => accountMenu().textContent()).toBe(EMAIL);
    await page.goto(url(LOGOUT));
    await page.waitForURL(url("/"));
    await signedOutMenu().waitFor();
    expect(await refreshToken()).toBeNull();
  });

  it("resets a forgotten password with the code from the mail", async () => {
    await page.goto(url(FORGOT));
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Reset link sent").waitFor();
    await screenshot(page, "site-auth-forgot-password");

    await running.app.rbac.background.settled();
    await running.app.rbac.mailer.flush();
    const mail = await running.app.database.db
      .selectFrom("notification_outbox_messages")
      .select("text")
      .where("to", "=", EMAIL)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const code = /[?&]code=([A-Za-z0-9_-]+)/.exec(String(mail.text))![1]!;

    await page.goto(url(RESET));
    await waitForHydration(page);
    await page.getByText("This link has no reset code").waitFor();
    await page.goto(url(`${RESET}?code=${code}`));
    await waitForHydration(page);
    await page.getByLabel("Password", { exact: true }).fill(THIRD_PASSWORD);
    await page.getByLabel("Confirm password").fill("something else");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Passwords do not match").waitFor();
    await page.getByLabel("Confirm password").fill(THIRD_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Password reset successfully").waitFor();
    await screenshot(page, "site-auth-reset-password");
    expect(await signInStatus(THIRD_PASSWORD)).toBe(200);
  });

  it("changes the email in the edit dialog", async () => {
    await page.goto(url(SIGN_IN));
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(THIRD_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(url("/"));
    await page.goto(url(SETTINGS));
    await waitForHydration(page);
    const identity = page.locator("[data-identity]");
    await identity.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Change email" });
    await dialog.getByLabel("Email", { exact: true }).fill("not an email");
    await dialog.getByRole("button", { name: "Update" }).click();
    await dialog.getByText("Enter a valid email").waitFor();
    await dialog.getByLabel("Email", { exact: true }).fill("ann.new@example.com");
    // The server asks for the current password with an email change (a stolen session must not change the login).
    await dialog.getByLabel("Current password").fill("wrong password");
    await dialog.getByRole("button", { name: "Update" }).click();
    await page
      .getByText(/is not the current password/)
      .first()
      .waitFor();
    await dialog.getByLabel("Current password").fill(THIRD_PASSWORD);
    await screenshot(page, "site-auth-change-email");
    await dialog.getByRole("button", { name: "Update" }).click();
    // The change waits for the link mailed to the new address (tests/browser/signed-in-devices.test.ts opens it in both languages).
    await dialog.getByText("We sent a link to ann.new@example.com").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await running.app.rbac.mailer.flush();
    const mail = await running.app.database.db
      .selectFrom("notification_outbox_messages")
      .select("text")
      .where("to", "=", "ann.new@example.com")
      .executeTakeFirstOrThrow();
    const { pathname, search } = new URL(/https?:\/\/\S+confirm-email\?code=[\w-]+/.exec(String(mail.text))![0]);
    await page.goto(url(`${pathname}${search}`));
    await page.locator('[data-email-link-outcome="done"]').waitFor();
    await page.goto(url(SETTINGS));
    await waitForHydration(page);
    await identity.getByText("ann.new@example.com", { exact: true }).waitFor();
    await expect.poll(() => accountMenu().textContent()).toBe("ann.new@example.com");
    expect(await signInStatus(THIRD_PASSWORD, "ann.new@example.com")).toBe(200);

    // create-by-email: a second email sign-in, proven with the current password.
    await page.getByRole("button", { name: "Add an email sign-in" }).click();
    const form = page.locator("[data-identity-form=create-by-email]");
    await form.getByLabel("Email", { exact: true }).fill("ann.second@example.com");
    await form.getByLabel("Password", { exact: true }).fill("second password");
    await form.getByLabel("Current password").fill(THIRD_PASSWORD);
    await form.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Sign-in method added").waitFor();
    await page.locator("[data-identity]", { hasText: "ann.second@example.com" }).waitFor();
    expect(await signInStatus("second password", "ann.second@example.com")).toBe(200);

    // Deleting a sign-in method asks for the current password (a stolen session must
    // not take the owner's way in away); the only one left has no Delete.
    const second = page.locator("[data-identity]", { hasText: "ann.second@example.com" });
    await second.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this sign-in method?" });
    await confirm.getByLabel("Current password").fill("wrong password");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page
      .getByText(/is not the current password/)
      .first()
      .waitFor();
    expect(await signInStatus("second password", "ann.second@example.com")).toBe(200);
    await confirm.getByLabel("Current password").fill(THIRD_PASSWORD);
    await screenshot(page, "site-auth-delete-identity");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Deleted successfully").waitFor();
    await second.waitFor({ state: "detached" });
    expect(await signInStatus("second password", "ann.second@example.com")).not.toBe(200);
    expect(await page.locator("[data-identity]").count()).toBe(1);
    expect(await page.locator("[data-identity]").getByRole("button", { name: "Delete" }).count()).toBe(0);
    await accountMenu().click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await signedOutMenu().waitFor();
  });

  it("the Russian sign-in screen speaks Russian and links within /ru", async () => {
    await page.goto(url(`/ru${SIGN_IN}`));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Войти" }).first().waitFor();
    for (const text of [
      "Забыли пароль?",
      "Нет аккаунта?",
      "Зарегистрироваться",
      "Или продолжите с",
      "Почта и пароль",
    ]) {
      await page.getByText(text).first().waitFor();
    }
    expect(await page.getByRole("link", { name: "Зарегистрироваться" }).getAttribute("href")).toBe(
      `/ru${REGISTRATION}`,
    );
    await page.getByText("Кошелёк EVM").click();
    await page.getByText("Установите расширение кошелька").first().waitFor();
    await screenshot(page, "site-auth-sign-in-ru-no-wallet");
    // On a phone the card and its method toggle still fit.
    await page.setViewportSize({ width: 375, height: 760 });
    await page.getByText("Почта и пароль").click();
    const card = await page.locator("[data-auth-card]").first().boundingBox();
    const toggle = await page.locator(".mantine-SegmentedControl-root").boundingBox();
    expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await screenshot(page, "site-auth-sign-in-ru-phone");
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("signs in with a wallet: connect, sign the SIWE message, home with the short address", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const walletContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await walletContext.exposeFunction("__testWalletSign", (hex: string) =>
      account.signMessage({ message: hexToString(hex as Hex) }),
    );
    await walletContext.addInitScript((address: string) => {
      const sign = (window as unknown as { __testWalletSign: (hex: string) => Promise<string> }).__testWalletSign;
      (window as unknown as { ethereum: unknown }).ethereum = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === "eth_requestAccounts" || method === "eth_accounts") return [address.toLowerCase()];
          if (method === "eth_chainId") return "0x1";
          if (method === "personal_sign") return sign(String(params![0]));
          if (method === "wallet_revokePermissions") return null;
          throw new Error(`unsupported ${method}`);
        },
        on() {},
        removeListener() {},
      };
    }, account.address);
    const walletPage = await walletContext.newPage();
    try {
      await walletPage.goto(url(SIGN_IN));
      await waitForHydration(walletPage);
      await walletPage.getByText("Ethereum (EVM)").click();
      await walletPage
        .getByRole("button", { name: "Connect Wallet" })
        .waitFor()
        .catch(async (error) => {
          await screenshot(walletPage, "site-auth-wallet-failure");
          throw error;
        });
      await screenshot(walletPage, "site-auth-wallet");
      await walletPage.getByRole("button", { name: "Connect Wallet" }).click();
      await walletPage.waitForURL(url("/"));
      const short = `${account.address.toLowerCase().slice(0, 6)}…${account.address.toLowerCase().slice(-4)}`;
      await expect.poll(() => walletPage.getByRole("button", { name: "Account menu" }).textContent()).toBe(short);

      // Back on the sign-in screen the subject is named by its wallet's short address.
      await walletPage.goto(url(SIGN_IN));
      await waitForHydration(walletPage);
      await walletPage.getByText(`You are signed in as ${short}`).waitFor();
      await screenshot(walletPage, "site-auth-wallet-signed-in");

      // The wallet identity is listed with its EVM badge; the only one, it has no Delete.
      await walletPage.goto(url(SETTINGS));
      await waitForHydration(walletPage);
      const identity = walletPage.locator("[data-identity]");
      expect(await identity.textContent()).toBe(`EVM${account.address.toLowerCase()}`);
    } finally {
      await walletContext.close();
    }
  });
});
