import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInSecurityStrings } from "../../web/admin/subjects/sign-in-security-texts.js";
import { apiKeyText, type ApiKeyStringKey } from "../../web/site/modules/rbac/api-keys/api-key-strings.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  waitForHydration,
  watchCspViolations,
  type RunningApp,
} from "./helpers/browser-app.js";

const AUTH = "/api/rbac/subjects/authentication";
const SIGN_IN = "/rbac/subject/authentication/select-method";
const SETTINGS = "/rbac/subjects/settings";
const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };
const PASSWORD = "api keys password 1";

// Personal API keys in a real Chromium, in English and Russian: a person makes a read-only key on
// the account screen, copies it (shown once), the test reads with it and is refused a write, the
// person revokes it and the read is refused (401); an administrator sees a person's key in their
// admin record and revokes it.
describe.skipIf(!hasChromium)("API keys on the account screen and in the admin, in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, ...ADMIN });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
  });

  const inject = (method: "GET" | "POST", url: string, bearer?: string, payload?: object) =>
    running.app.inject({ method, url, payload, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  /** An account made through the API in the language: its subject id and session token. */
  async function account(email: string, language: string) {
    const made = await inject("POST", `${AUTH}/email-and-password/registration`, undefined, {
      login: email,
      password: PASSWORD,
      language,
    });
    expect(made.statusCode).toBe(201);
    const { jwt } = made.json().data;
    return { jwt, subjectId: JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()).sub as string };
  }
  async function newPage(language: string): Promise<{ page: Page; violations: unknown[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: language });
    contexts.push(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const violations = await watchCspViolations(context);
    return { page: await context.newPage(), violations };
  }
  const reads = async (key: string, subjectId: string) =>
    (await inject("GET", `/api/rbac/subjects/${subjectId}`, key)).statusCode;

  it.each(["en", "ru"] as const)("%s: makes a key, copies it, reads with it, revokes it", async (language) => {
    const t = (key: ApiKeyStringKey) => apiKeyText(key, language);
    const prefix = language === "en" ? "" : `/${language}`;
    const email = `${language}.keys@example.com`;
    const { subjectId } = await account(email, language);
    const { page, violations } = await newPage(language);
    await page.goto(`${running.url}${prefix}${SIGN_IN}`);
    await waitForHydration(page);
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.endsWith(SIGN_IN));
    await page.goto(`${running.url}${prefix}${SETTINGS}`);
    await waitForHydration(page);

    const section = page.locator("[data-api-keys]");
    await section.getByText(t("noApiKeys")).waitFor();
    await section.getByRole("button", { name: t("newKey") }).click();
    const form = section.locator("[data-api-key-form]");
    await form.getByLabel(t("keyName")).fill("Backup script");
    await form.getByLabel(t("readOnly")).check();
    await form.getByLabel(t("expiry")).selectOption("days30");
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `api-keys-${language}-new`);
    await form.getByRole("button", { name: t("create") }).click();

    const shown = section.locator("[data-new-api-key]");
    const secret = (await shown.locator("[data-api-key-secret]").textContent())!.trim();
    expect(secret).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: t("copy") }).click();
    await shown.getByRole("button", { name: t("copied") }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, `api-keys-${language}-shown`);
    await shown.getByRole("button", { name: t("done") }).click();
    await shown.waitFor({ state: "detached" });

    // The row: the name, the key's first characters (never the key), the access in words.
    const row = section.locator("[data-api-key]");
    await row.getByText("Backup script").waitFor();
    await row.getByText(t("readOnly")).waitFor();
    expect(await row.textContent()).toContain(secret.slice(0, 9));
    expect(await page.content()).not.toContain(secret);

    expect(await reads(secret, subjectId)).toBe(200);
    const write = await running.app.inject({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: {} },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(write.statusCode).toBe(403);
    // Its use shows on the screen once the list is read again.
    await running.app.rbac.background.settled();
    await page.reload();
    await waitForHydration(page);
    await row.getByText(new RegExp(`^${t("lastUsed").split(" {")[0]} \\d`)).waitFor();
    await screenshot(page, `api-keys-${language}-listed`);

    await row.getByRole("button", { name: t("revoke") }).click();
    await screenshot(page, `api-keys-${language}-revoke`);
    await row.locator("[data-revoke-confirm]").click();
    await section.getByText(t("noApiKeys")).waitFor();
    expect(await reads(secret, subjectId)).toBe(401);
    expect(violations).toEqual([]);
  });

  it.each(["en", "ru"] as const)("%s: an administrator sees a person's key and revokes it", async (language) => {
    const t = signInSecurityStrings[language];
    const email = `${language}.admin-keys@example.com`;
    const person = await account(email, language);
    const made = await inject("POST", `/api/rbac/subjects/${person.subjectId}/api-keys`, person.jwt, {
      data: { title: "Nightly export", scopes: ["read", "write"] },
    });
    expect(made.statusCode).toBe(201);
    const { key, prefix } = made.json().data;
    expect(await reads(key, person.subjectId)).toBe(200);

    const { page, violations } = await newPage(language);
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.locator('button[type="submit"]').first().click();
    await page.getByTestId("current-user").waitFor();
    await page.goto(`${running.url}/admin/rbac/subjects`);
    const row = page.getByTestId("table-rbac/subjects").getByTestId("table-row").filter({ hasText: email });
    await row.getByTestId("row-label").filter({ hasText: email }).waitFor();
    await row.getByRole("button").nth(-2).click();

    const keys = page.locator("[data-person-api-keys]");
    await keys.getByText(t.apiKeys(1)).waitFor();
    const listed = keys.locator(`[data-person-api-key="${prefix}"]`);
    await listed.getByText("Nightly export").waitFor();
    await listed.getByText(t.access["read-write"]).waitFor();
    await listed.scrollIntoViewIfNeeded();
    await screenshot(page, `api-keys-${language}-admin`);
    await listed.getByRole("button", { name: t.revoke }).click();
    await listed.getByRole("button", { name: t.revokeConfirm }).click();
    await keys.getByText(t.apiKeys(0)).waitFor();
    await screenshot(page, `api-keys-${language}-admin-revoked`);
    expect(await reads(key, person.subjectId)).toBe(401);
    expect(violations).toEqual([]);
  });
});
