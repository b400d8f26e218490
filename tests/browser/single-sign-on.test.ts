import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rbacStrings } from "../../web/site/modules/rbac/strings.js";
import { ssoStrings } from "../../web/ui/single-sign-on/texts.js";
import { tcpRelay, type TcpRelay } from "../helpers/tcp-relay.js";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startTestProvider,
  type TestProvider,
} from "../rbac/single-sign-on/oidc-test-provider.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  watchCspViolations,
  type RunningApp,
} from "./helpers/browser-app.js";

const SIGN_IN = "/rbac/subject/authentication/select-method";
const CALLBACK = "/api/rbac/subjects/authentication/openid-connect/callback";

/** The provider's development login page: any account id, any password. */
async function logInAtProvider(page: Page, provider: TestProvider, accountId: string, shot: string) {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(accountId);
  await page.locator('input[name="password"]').fill("any password");
  await screenshot(page, shot);
  await page.locator('button[type="submit"]').click();
}

/**
 * Single sign-on in a real Chromium against oidc-provider on 127.0.0.1: "Sign in with Acme ID" on
 * the site's sign-in card (English and Russian) and on the admin's sign-in screen, "Link Acme ID"
 * on the account screen, the provider's login page, and back signed in (or linked).
 */
describe.skipIf(!hasChromium)("single sign-on in Chromium", () => {
  let provider: TestProvider;
  let running: RunningApp;
  let origin: string;
  let browser: Browser;
  let relay: TcpRelay;

  beforeAll(async () => {
    // PUBLIC_URL (and the redirect URI the provider knows) must name the address before the app
    // starts: the browser goes through a relay whose port is known first, to the app's port once it listens.
    const target = { host: "127.0.0.1", port: 0 };
    relay = await tcpRelay(target);
    origin = `http://127.0.0.1:${relay.port}`;
    provider = await startTestProvider(`${origin}${CALLBACK}`);
    const oidc = {
      issuer: provider.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      name: "Acme ID",
      scopes: "openid email profile",
      roles: { claim: "groups", map: new Map([["admins", "admin"]]) },
    };
    // An administrator exists, so /admin shows its sign-in screen rather than the first-admin setup.
    const admin = { adminEmail: "admin@example.com", adminPassword: "admin password 1" };
    running = await startApp({ seedDemoContent: true, publicUrl: origin, oidc, ...admin });
    target.port = Number(new URL(running.url).port);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await provider?.close();
    await relay?.close();
  });

  it.each([
    ["en", ""],
    ["ru", "/ru"],
  ] as const)("%s: signs in on the site with the provider", async (language, prefix) => {
    const t = { ...ssoStrings.en, ...ssoStrings[language] };
    const r = { ...rbacStrings.en, ...rbacStrings[language] };
    const email = `sso-${language}@example.com`;
    provider.accounts.set(`sso-${language}`, { email, email_verified: true, name: "Ann" });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: language });
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    await page.goto(`${origin}${prefix}${SIGN_IN}`);
    await waitForHydration(page);
    const button = page.getByRole("link", { name: t.signInWith.replace("{name}", "Acme ID") });
    await button.waitFor();
    await screenshot(page, `single-sign-on-${language}-button`);
    await button.click();
    await logInAtProvider(page, provider, `sso-${language}`, `single-sign-on-${language}-provider`);
    await page.waitForURL((url) => url.origin === origin && url.pathname.replace(/\/$/, "") === prefix);
    await expect.poll(() => page.getByRole("button", { name: r.userMenu }).textContent()).toBe(email);
    await screenshot(page, `single-sign-on-${language}-signed-in`);
    expect(await page.evaluate(() => localStorage.getItem("rbac.subject.refresh"))).toBeTruthy();
    expect(violations).toEqual([]);
    await context.close();
  });

  it("links the provider from the account screen, then signs in with it", async () => {
    const login = "linker@example.com";
    const password = "linker password 1";
    const made = await running.app.inject({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      payload: { login, password },
    });
    expect(made.statusCode).toBe(201);
    provider.accounts.set("linker-sub", { email: "linker@corp.example", email_verified: true });
    const t = ssoStrings.en;
    const r = rbacStrings.en;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en" });
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    await page.goto(`${origin}${SIGN_IN}`);
    await waitForHydration(page);
    await page.getByLabel(r.email, { exact: true }).fill(login);
    await page.getByLabel(r.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: r.login, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`${origin}/rbac/subjects/settings`);
    await waitForHydration(page);
    const section = page.locator("[data-sso-link]");
    await section.getByLabel(t.currentPassword).fill(password);
    await screenshot(page, "single-sign-on-link");
    await section.getByRole("button", { name: t.link.replace("{name}", "Acme ID") }).click();
    await logInAtProvider(page, provider, "linker-sub", "single-sign-on-link-provider");
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/rbac/subjects/settings");
    await page.getByText(r.providerSso, { exact: true }).waitFor();
    await expect.poll(() => section.count()).toBe(0);
    await screenshot(page, "single-sign-on-linked");

    await page.goto(`${origin}/rbac/subject/authentication/logout`);
    await page.locator('[data-user-menu="signed-out"]').waitFor();
    await page.goto(`${origin}${SIGN_IN}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: t.signInWith.replace("{name}", "Acme ID") }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/");
    // The provider remembers the browser's sign-in: back at once, as the same account.
    await expect.poll(() => page.getByRole("button", { name: r.userMenu }).textContent()).toBe(login);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("signs in to the admin, the role claim giving the admin role", async () => {
    provider.accounts.set("sso-admin", { email: "sso-admin@example.com", email_verified: true, groups: ["admins"] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en" });
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    await page.goto(`${origin}/admin`);
    const button = page.getByRole("link", { name: "Sign in with Acme ID" });
    await button.waitFor();
    await screenshot(page, "single-sign-on-admin-button");
    await button.click();
    await logInAtProvider(page, provider, "sso-admin", "single-sign-on-admin-provider");
    await expect.poll(() => page.getByTestId("current-user").textContent()).toBe("sso-admin@example.com");
    await screenshot(page, "single-sign-on-admin-signed-in");
    expect(violations).toEqual([]);
    await context.close();
  });

  it.each([
    ["en", ""],
    ["ru", "/ru"],
  ] as const)("%s: a refused sign-in comes back to the sign-in card, which says why", async (language, prefix) => {
    const t = { ...ssoStrings.en, ...ssoStrings[language] };
    // An account here has the email; the provider has not verified it: never joined (docs/security.md).
    const email = `taken-${language}@example.com`;
    const made = await running.app.inject({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      payload: { login: email, password: "taken password 1" },
    });
    expect(made.statusCode).toBe(201);
    provider.accounts.set(`unverified-${language}`, { email, email_verified: false });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language });
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    await page.goto(`${origin}${prefix}${SIGN_IN}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: t.signInWith.replace("{name}", "Acme ID") }).click();
    await logInAtProvider(page, provider, `unverified-${language}`, `single-sign-on-${language}-refused-provider`);
    const alert = page.locator("[data-sso-refused]");
    await alert.waitFor();
    expect(await alert.textContent()).toContain(t.refusedUnverified.replaceAll("{name}", "Acme ID"));
    // Back on the card it began on, the reason taken out of the address (a reload does not repeat it).
    expect(new URL(page.url()).pathname).toBe(`${prefix}${SIGN_IN}`);
    expect(new URL(page.url()).searchParams.has("sso-error")).toBe(false);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("rbac.subject.refresh"))).toBeNull();
    await screenshot(page, `single-sign-on-${language}-refused`);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("a refused admin sign-in says why on the admin's sign-in screen", async () => {
    provider.accounts.set("admin-impostor", { email: "admin@example.com", email_verified: true, groups: ["admins"] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en" });
    const page = await context.newPage();
    await page.goto(`${origin}/admin`);
    await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
    await logInAtProvider(page, provider, "admin-impostor", "single-sign-on-admin-refused-provider");
    const alert = page.locator("[data-sso-refused]");
    await alert.waitFor();
    expect(await alert.textContent()).toContain(ssoStrings.en.refusedTaken.replaceAll("{name}", "Acme ID"));
    expect(await page.getByTestId("current-user").count()).toBe(0);
    await screenshot(page, "single-sign-on-admin-refused");
    await context.close();
  });
});
