import { createServer } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyStrings } from "../../web/site/modules/rbac/passkeys/passkey-strings.js";
import { rbacStrings } from "../../web/site/modules/rbac/strings.js";
import { twoFactorText } from "../../web/site/modules/rbac/two-factor/two-factor-strings.js";
import { totpAt } from "../../server/modules/rbac/two-factor/totp.js";
import { subjectOf } from "../rbac/helpers.js";
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

const ADMIN = { adminEmail: "keys-admin@example.com", adminPassword: "keys admin password 1" };
const PASSWORD = "visitor password 1";

/** The home page of a language, as the sign-in goes there: `/`, or `/ru` with or without its slash. */
const home = (prefix: string) => (url: URL) => url.pathname.replace(/\/$/, "") === prefix;

/** A free port, so PUBLIC_URL can name it before the app listens on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Passkeys in a real Chromium with the DevTools protocol's virtual authenticator (a platform
 * authenticator holding discoverable credentials, the user verified): add one from the account
 * screen, rename it, sign out, sign in with it alone, remove it; in English and Russian; and once
 * into the admin. WebAuthn needs a secure context and a domain for the RP ID, so the browser
 * opens http://localhost:{port} (PUBLIC_URL), not the 127.0.0.1 the app listens on.
 */
describe.skipIf(!hasChromium)("passkeys in Chromium", () => {
  let running: RunningApp;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    running = await startApp({ seedDemoContent: true, publicUrl: origin, ...ADMIN }, { port });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  /** A page in a fresh context (the language's locale) with a virtual authenticator attached. */
  async function pageWithAuthenticator(
    locale: string,
  ): Promise<{ context: BrowserContext; page: Page; violations: CspViolation[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    return { context, page, violations };
  }

  const register = async (login: string) => {
    const made = await running.app.inject({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      payload: { login, password: PASSWORD },
    });
    expect(made.statusCode).toBe(201);
  };

  async function signInWithPassword(
    page: Page,
    prefix: string,
    language: "en" | "ru",
    login: string,
    password: string,
  ) {
    const r = { ...rbacStrings.en, ...rbacStrings[language] };
    await page.goto(`${origin}${prefix}/rbac/subject/authentication/select-method`);
    await waitForHydration(page);
    await page.getByLabel(r.email, { exact: true }).fill(login);
    await page.getByLabel(r.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: r.login, exact: true }).click();
    await page.waitForURL(home(prefix));
  }

  async function addPasskey(page: Page, prefix: string, language: "en" | "ru", title: string, password: string) {
    const t = { ...passkeyStrings.en, ...passkeyStrings[language] };
    await page.goto(`${origin}${prefix}/rbac/subjects/settings`);
    await waitForHydration(page);
    await page.getByRole("button", { name: t.addPasskey }).click();
    const form = page.locator('[data-passkey-form="add"]');
    await form.getByLabel(t.passkeyName, { exact: true }).fill(title);
    await form.getByLabel(t.currentPassword, { exact: true }).fill(password);
    await form.getByRole("button", { name: t.addPasskey }).click();
    await page.locator("[data-passkey]").getByText(title, { exact: true }).waitFor();
  }

  it.each([
    ["en", ""],
    ["ru", "/ru"],
  ] as const)("%s: adds, renames, signs in with and removes a passkey", async (language, prefix) => {
    const t = { ...passkeyStrings.en, ...passkeyStrings[language] };
    const r = { ...rbacStrings.en, ...rbacStrings[language] };
    const login = `keys-${language}@example.com`;
    await register(login);
    const { context, page, violations } = await pageWithAuthenticator(language);
    await signInWithPassword(page, prefix, language, login, PASSWORD);
    await addPasskey(page, prefix, language, t.passkeyNamePlaceholder, PASSWORD);
    const row = page.locator("[data-passkey]");
    await row.getByText(`${t.lastUsed}: ${t.neverUsed}`).waitFor();
    await screenshot(page, `passkeys-${language}-added`);

    await row.getByRole("button", { name: t.rename }).click();
    const rename = page.locator('[data-passkey-form="rename"]');
    await rename.getByLabel(t.passkeyName, { exact: true }).fill("Work laptop");
    await rename.getByRole("button", { name: t.save }).click();
    await row.getByText("Work laptop", { exact: true }).waitFor();

    await page.goto(`${origin}${prefix}/rbac/subject/authentication/logout`);
    await page.locator('[data-user-menu="signed-out"]').waitFor();
    await page.goto(`${origin}${prefix}/rbac/subject/authentication/select-method`);
    await waitForHydration(page);
    await page.getByRole("button", { name: t.signInWithPasskey }).waitFor();
    await screenshot(page, `passkeys-${language}-sign-in`);
    await page.getByRole("button", { name: t.signInWithPasskey }).click();
    await page.waitForURL(home(prefix));
    await expect.poll(() => page.getByRole("button", { name: r.userMenu }).textContent()).toBe(login);

    await page.goto(`${origin}${prefix}/rbac/subjects/settings`);
    await waitForHydration(page);
    await row.getByText("Work laptop", { exact: true }).waitFor();
    await expect.poll(async () => (await row.textContent()) ?? "").not.toContain(t.neverUsed);
    await screenshot(page, `passkeys-${language}-used`);
    await row.getByRole("button", { name: t.remove }).click();
    await page.getByRole("dialog").getByRole("button", { name: t.remove }).click();
    await page.getByText(t.noPasskeys).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  /** Turns TOTP on for the account through the routes (the code computed from the secret they answer). */
  const turnOnTwoFactor = async (login: string, password: string) => {
    const signedIn = await running.app.inject({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/authentication",
      payload: { login, password },
    });
    const { jwt } = signedIn.json().data as { jwt: string };
    const subjectId = subjectOf(jwt);
    const call = (url: string, data: unknown) =>
      running.app.inject({ method: "POST", url, headers: { authorization: `Bearer ${jwt}` }, payload: { data } });
    const base = `/api/rbac/subjects/${subjectId}/two-factor/totp`;
    const begun = await call(base, { password });
    expect(begun.statusCode, begun.body).toBe(200);
    const { secret } = begun.json().data as { secret: string };
    expect((await call(`${base}/confirm`, { code: totpAt(secret, Date.now()) })).statusCode).toBe(200);
  };

  it("ru: after the password, the code step takes a passkey instead", async () => {
    const t = { ...passkeyStrings.en, ...passkeyStrings.ru };
    const r = { ...rbacStrings.en, ...rbacStrings.ru };
    const login = "keys-second-step@example.com";
    await register(login);
    const { context, page, violations } = await pageWithAuthenticator("ru");
    await signInWithPassword(page, "/ru", "ru", login, PASSWORD);
    await addPasskey(page, "/ru", "ru", "Телефон", PASSWORD);
    await turnOnTwoFactor(login, PASSWORD);
    await page.goto(`${origin}/ru/rbac/subject/authentication/logout`);
    await page.locator('[data-user-menu="signed-out"]').waitFor();

    await page.goto(`${origin}/ru/rbac/subject/authentication/select-method`);
    await waitForHydration(page);
    await page.getByLabel(r.email, { exact: true }).fill(login);
    await page.getByLabel(r.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: r.login, exact: true }).click();
    const step = page.locator("[data-two-factor-step]");
    await step.getByText(twoFactorText("enterCode", "ru")).waitFor();
    await screenshot(page, "passkeys-ru-second-step");
    await step.getByRole("button", { name: t.usePasskeyInstead }).click();
    await page.waitForURL(home("/ru"));
    await expect.poll(() => page.getByRole("button", { name: r.userMenu }).textContent()).toBe(login);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("signs in to the admin with a passkey added from the site's account screen", async () => {
    const { context, page, violations } = await pageWithAuthenticator("en");
    await signInWithPassword(page, "", "en", ADMIN.adminEmail, ADMIN.adminPassword);
    await addPasskey(page, "", "en", "Admin key", ADMIN.adminPassword);
    await page.goto(`${origin}/rbac/subject/authentication/logout`);
    await page.locator('[data-user-menu="signed-out"]').waitFor();
    await page.goto(`${origin}/admin`);
    await page.getByRole("button", { name: "Use a passkey" }).waitFor();
    await screenshot(page, "passkeys-admin-sign-in");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(ADMIN.adminEmail);
    await page.locator('a[href="/admin/ecommerce/products"]').first().waitFor();
    await screenshot(page, "passkeys-admin-signed-in");
    expect(violations).toEqual([]);
    await context.close();
  });

  // After the admin's passkey-alone test (its order matters: this one turns TOTP on for the admin).
  it("the admin's code step takes a passkey instead", async () => {
    const { context, page, violations } = await pageWithAuthenticator("en");
    await signInWithPassword(page, "", "en", ADMIN.adminEmail, ADMIN.adminPassword);
    await addPasskey(page, "", "en", "Desk key", ADMIN.adminPassword);
    await turnOnTwoFactor(ADMIN.adminEmail, ADMIN.adminPassword);
    await page.goto(`${origin}/rbac/subject/authentication/logout`);
    await page.locator('[data-user-menu="signed-out"]').waitFor();
    await page.goto(`${origin}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.locator("[data-two-factor-step]").waitFor();
    await screenshot(page, "passkeys-admin-second-step");
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe(ADMIN.adminEmail);
    expect(violations).toEqual([]);
    await context.close();
  });
});
