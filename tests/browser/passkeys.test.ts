import { createServer } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyStrings } from "../../web/site/modules/rbac/passkeys/passkey-strings.js";
import { rbacStrings } from "../../web/site/modules/rbac/strings.js";
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
});
