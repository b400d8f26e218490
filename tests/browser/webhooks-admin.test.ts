import { sql } from "kysely";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelQueries } from "../../engine/query/model-tables.js";
import { deliveryStrings } from "../../web/admin/webhooks/delivery-texts.js";
import { eventStrings } from "../../web/admin/webhooks/event-texts.js";
import { webhookStrings } from "../../web/admin/webhooks/webhook-texts.js";
import { SECRET } from "../helpers/test-app.js";
import { Receiver } from "../webhooks/receiver.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  watchCspViolations,
  type RunningApp,
} from "./helpers/browser-app.js";

const ADMIN = { adminEmail: "admin@example.com", adminPassword: "admin password 123" };
// A receiver on 127.0.0.1 needs private targets allowed; one quick retry, so a failing delivery
// ends (failed) within a second.
const environment = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "300ms" };
const DAY = 86_400_000;
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

// The admin's webhooks screens in a real Chromium, in English and Russian, against a real
// receiver on 127.0.0.1 that checks every signature with the `standardwebhooks` package: an
// administrator makes a webhook by picking its events, copies the secret shown once, sends a
// test event that arrives signed and shows in the log, makes the receiver fail and redelivers,
// rolls the secret, and turns a webhook the server turned off back on.
describe.skipIf(!hasChromium)("the webhooks screens, in Chromium", () => {
  const receiver = new Receiver();
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // Uncaught errors in any page (a screen that crashed shows React's error page, not its own).
  const problems: string[] = [];

  beforeAll(async () => {
    await receiver.start();
    running = await startApp({ ...ADMIN, environment });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
    await receiver.stop();
  });

  const secretKey = { "x-rbac-secret-key": SECRET };
  const webhookOf = async (id: string) =>
    (await running.app.inject({ method: "GET", url: `/api/admin/webhooks/${id}`, headers: secretKey })).json().data;
  const noIds = async (page: Page) => expect(await page.locator("body").innerText()).not.toMatch(UUID);

  async function signedIn(language: string, width = 1280): Promise<{ page: Page; violations: unknown[] }> {
    const phone = width < 600;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 844 : 900 },
      locale: language,
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    contexts.push(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => problems.push(`${language}@${width}: ${error.message}`));
    await page.goto(`${running.url}/admin`);
    await page.locator('input[name="login"]').fill(ADMIN.adminEmail);
    await page.locator('input[name="password"]').fill(ADMIN.adminPassword);
    await page.locator('button[type="submit"]').first().click();
    await page.getByTestId("models-toggle").waitFor();
    return { page, violations };
  }

  /** The newest delivery row of the log, once it reached `state`. */
  const newestRow = (page: Page) => page.getByTestId("delivery-row").first();

  it.each(["en", "ru"] as const)(
    "%s: creates a webhook, copies its secret once, tests it, redelivers a failure, rolls the secret",
    async (language) => {
      const t = webhookStrings[language];
      const e = eventStrings[language];
      const d = deliveryStrings[language];
      receiver.reset();
      const { page, violations } = await signedIn(language);
      await page.getByTestId("nav-webhooks").click();
      await page.getByTestId("webhooks-table").waitFor();
      await page.getByTestId("webhooks-new").click();

      // Picked, never typed as ids: an event by name, the changes of a kind of record, a pattern.
      const title = `Orders to the ERP (${language})`;
      await page.getByTestId("webhook-title").fill(title);
      await page.getByTestId("webhook-url").fill(receiver.url);
      await page.getByRole("checkbox", { name: new RegExp(`^${e.named["ecommerce.order.paid"]}`) }).check();
      await page.getByTestId("webhook-record-model").click();
      await page.getByTestId("webhook-record-model").fill("blog.articles");
      await page.getByRole("option", { name: /blog\.articles$/ }).click();
      await page.getByTestId("webhook-record-action").click();
      await page.getByRole("option", { name: upperFirst(e.actions.updated!), exact: true }).click();
      await page.getByTestId("webhook-record-add").click();
      await page.getByTestId("webhook-pattern").fill("crm.*.created");
      await page.getByTestId("webhook-pattern-matches").waitFor();
      await page.getByTestId("webhook-pattern-add").click();
      const chosen = page.getByTestId("webhook-events-chosen");
      for (const pattern of ["ecommerce.order.paid", "blog.articles.updated", "crm.*.created"])
        await chosen.locator(`[data-event="${pattern}"]`).waitFor();
      await page.getByTestId("webhook-events").scrollIntoViewIfNeeded();
      await screenshot(page, `webhooks-${language}-new`);
      await page.getByTestId("pricing-save").click();

      // The secret, once, with Copy; "I have stored it" hides it for good.
      const shown = page.getByTestId("webhook-secret");
      await shown.getByText(t.secretCreated).waitFor();
      const secret = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      await shown.getByRole("button", { name: t.copy }).click();
      await shown.getByRole("button", { name: t.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await screenshot(page, `webhooks-${language}-secret`);
      receiver.secrets = [secret];
      const id = page.url().split("/").pop()!;
      const saved = await webhookOf(id);
      expect(saved).toMatchObject({ title, url: receiver.url, active: true });
      expect(saved.events).toEqual(["ecommerce.order.paid", "blog.articles.updated", "crm.*.created"]);
      await shown.getByRole("button", { name: t.done }).click();
      await shown.waitFor({ state: "detached" });
      await page.reload();
      await page.getByTestId("delivery-log").getByText(d.none).waitFor();
      expect(await page.content()).not.toContain(secret);

      // A test event: it arrives signed, the page says it was delivered, the log shows it.
      await page.getByTestId("webhook-send-test").click();
      await page.locator('[data-testid="webhook-test-result"][data-state="succeeded"]').waitFor();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.verified).toMatchObject({ ok: true, payload: { type: "webhook.test" } });
      const first = newestRow(page);
      await first.getByText(e.named["webhook.test"]!).waitFor();
      await first.locator('[data-state="succeeded"]').waitFor();
      expect(await first.getByTestId("delivery-status").textContent()).toBe("200");
      expect(await first.getByTestId("delivery-attempts-count").textContent()).toBe("1");
      expect(await first.getByTestId("delivery-duration").textContent()).toMatch(/\d+/);
      await first.getByTestId("delivery-toggle").click();
      await page.getByTestId("delivery-response").getByText("thanks").waitFor();
      await page.getByTestId("delivery-log").scrollIntoViewIfNeeded();
      await screenshot(page, `webhooks-${language}-delivered`);
      await noIds(page);

      // The receiver fails twice: the test event fails after its retry; then it works, and
      // "Redeliver" sends the same message (same webhook-id) as a new delivery, which succeeds.
      receiver.reset();
      receiver.statuses = [500, 500];
      await page.getByTestId("webhook-send-test").click();
      await page.locator('[data-testid="webhook-test-result"][data-state="failed"]').waitFor();
      const failed = newestRow(page);
      await failed.locator('[data-state="failed"]').waitFor();
      expect(await failed.getByTestId("delivery-status").textContent()).toBe("500");
      expect(await failed.getByTestId("delivery-attempts-count").textContent()).toBe("2");
      expect(receiver.received).toHaveLength(2);
      await failed.getByTestId("delivery-toggle").click();
      await page.getByTestId("delivery-attempts").first().waitFor();
      await screenshot(page, `webhooks-${language}-failed`);
      await failed.getByTestId("delivery-redeliver").click();
      await expect.poll(() => page.getByTestId("delivery-row").count()).toBe(3);
      const again = newestRow(page);
      await again.getByText(d.redelivery).waitFor();
      await again.locator('[data-state="succeeded"]').waitFor();
      expect(receiver.received).toHaveLength(3);
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(new Set(ids).size).toBe(1);
      expect(receiver.received[2]!.verified.ok).toBe(true);
      await screenshot(page, `webhooks-${language}-redelivered`);

      // Roll: asked first, then the new secret once; the receiver that knows only it verifies.
      await page.getByTestId("webhook-roll").click();
      await page.getByTestId("webhook-roll-confirm").getByText(t.rollWarning).waitFor();
      await page.getByTestId("webhook-roll-yes").click();
      await shown.getByText(t.secretRolled).waitFor();
      const rolled = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
      expect(rolled).toMatch(/^whsec_/);
      expect(rolled).not.toBe(secret);
      await screenshot(page, `webhooks-${language}-rolled`);
      await shown.getByRole("button", { name: t.done }).click();
      receiver.reset();
      receiver.secrets = [rolled];
      await page.getByTestId("webhook-send-test").click();
      await expect.poll(() => receiver.received.length).toBe(1);
      expect(receiver.received[0]!.verified.ok).toBe(true);
      // Signed by both while they overlap: two v1 signatures.
      expect(String(receiver.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);

      // The list: the title, the URL, the events in words, the state.
      await page.getByTestId("nav-webhooks").click();
      const row = page.getByTestId("webhooks-row").filter({ hasText: title });
      await row.getByTestId("webhooks-events").getByText(e.named["ecommerce.order.paid"]!, { exact: false }).waitFor();
      expect(await row.getByTestId("webhooks-url").textContent()).toBe(receiver.url);
      expect(await row.getByTestId("webhook-status").getAttribute("data-status")).toBe("active");
      await screenshot(page, `webhooks-${language}-list`);
      await noIds(page);
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  it.each(["en", "ru"] as const)(
    "%s: a webhook the server turned off says why and is turned on again",
    async (language) => {
      const t = webhookStrings[language];
      receiver.reset();
      const made = await running.app.inject({
        method: "POST",
        url: "/api/admin/webhooks",
        headers: secretKey,
        // Its test events only: with every event it would also get the record events of the admin's own saves.
        payload: { data: { title: `Dead receiver (${language})`, url: receiver.url, events: ["ecommerce.order.*"] } },
      });
      expect(made.statusCode).toBe(201);
      const { id, secret } = made.json().data;
      receiver.secrets = [secret];
      // Failing for six days already: the next failed attempt turns it off (the server's own rule).
      await modelQueries(running.app.database.db, running.app.registry)
        .updateTable("admin/webhooks")
        .set({ failingSince: sql<Date>`now() - interval '6 days'` })
        .where("id", "=", id)
        .execute();
      receiver.statuses = [500];
      const tested = await running.app.inject({
        method: "POST",
        url: `/api/admin/webhooks/${id}/test`,
        headers: secretKey,
      });
      expect(tested.statusCode).toBe(201);
      await expect.poll(async () => (await webhookOf(id)).active, { timeout: 15_000 }).toBe(false);
      const off = await webhookOf(id);
      expect(Date.now() - Date.parse(off.failingSince)).toBeGreaterThan(5 * DAY);

      const { page, violations } = await signedIn(language);
      await page.getByTestId("nav-webhooks").click();
      const row = page.getByTestId("webhooks-row").filter({ hasText: `Dead receiver (${language})` });
      expect(await row.getByTestId("webhook-status").getAttribute("data-status")).toBe("disabled");
      await row.getByText(off.disabledReason.slice(0, 30), { exact: false }).waitFor();
      await screenshot(page, `webhooks-${language}-list-disabled`);
      await row.getByRole("link").first().click();
      const notice = page.getByTestId("webhook-disabled");
      await notice.getByText(t.disabledTitle).waitFor();
      await notice.getByText(off.disabledReason).waitFor();
      expect(await page.getByTestId("webhook-send-test").isDisabled()).toBe(true);
      await screenshot(page, `webhooks-${language}-disabled`);
      await notice.getByRole("button", { name: t.turnOn }).click();
      await page.getByTestId("webhook-turned-on-again").waitFor();
      expect((await webhookOf(id)).active).toBe(true);
      // The receiver works again: a delivery that gets an answer clears the note.
      await page.getByTestId("webhook-send-test").click();
      await page.locator('[data-testid="webhook-test-result"][data-state="succeeded"]').waitFor();
      await page.getByTestId("webhook-turned-on-again").waitFor({ state: "detached" });
      expect(await webhookOf(id)).toMatchObject({ active: true, disabledAt: null, failingSince: null });

      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  it("ru at 390 px: the list and a webhook's log are cards, nothing off the right edge", async () => {
    const { page, violations } = await signedIn("ru", 390);
    const toggle = page.getByTestId("models-toggle");
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    // Choosing a screen in the side list closes it on a phone.
    await page.getByTestId("nav-webhooks").click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    const row = page.getByTestId("webhooks-row").filter({ hasText: "Orders to the ERP (ru)" });
    await row.waitFor();
    await screenshot(page, "webhooks-ru-390-list");
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await wide()).toBeLessThanOrEqual(0);
    await row.getByRole("link").first().click();
    await page.getByTestId("delivery-row").first().waitFor();
    await screenshot(page, "webhooks-ru-390-page");
    await page.getByTestId("delivery-log").scrollIntoViewIfNeeded();
    await page.getByTestId("delivery-toggle").first().click();
    await page.getByTestId("delivery-details").waitFor();
    await screenshot(page, "webhooks-ru-390-log");
    expect(await wide()).toBeLessThanOrEqual(0);
    await noIds(page);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
