import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROLE } from "../../server/modules/rbac/index.js";
import { SECRET } from "../helpers/test-app.js";
import {
  hasChromium,
  launchChromium,
  screenshot,
  startApp,
  watchCspViolations,
  type CspViolation,
  type RunningApp,
} from "./helpers/browser-app.js";
import { signInAt } from "./helpers/narrow-admin.js";

const FIRST = { email: "ann@example.com", password: "ann's password 123" };
const SECOND = { email: "bob@example.com", password: "bob's password 123" };
const SHOTS = "test-results/conflict";
// The demo home page's features block, as the outline names it (its title: each case changes it).
let blockName = "Why people choose it";
const key = { "x-rbac-secret-key": SECRET };

// Two admins on one page of the composer (docs/admin.md, "Two editors on one page"), in two
// browser contexts with drafts on: each sees the other there; A's save of a block's title reaches
// the server, B (still showing the old title) types in the same block, the save is refused (412)
// and the conflict dialog shows A's change beside B's; Reload ends with A's title on the server
// and in B's panel, Keep mine with B's on the server.
describe.skipIf(!hasChromium)("two editors on one page in Chromium (drafts on)", () => {
  let running: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const violations: CspViolation[][] = [];
  let homeId: string;

  const inject = async (method: "GET" | "POST", url: string, data?: object) => {
    const response = await running.app.inject({ method, url, headers: key, ...(data ? { payload: { data } } : {}) });
    return response.json().data;
  };
  const openBlock = async (page: Page) => {
    await page.goto(`${running.url}/admin/pages/${homeId}`);
    await page.getByTestId("outline-name").getByText(blockName, { exact: true }).click();
    await page.getByTestId("block-title-en").waitFor();
  };
  const saved = (page: Page) =>
    expect
      .poll(() => page.getByTestId("composer-save-state").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("saved");

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    running = await startApp({
      seedDemoContent: true,
      drafts: true,
      adminEmail: FIRST.email,
      adminPassword: FIRST.password,
    });
    // The second admin, made through the API: an account, then the admin role.
    const registered = await running.app.inject({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      payload: { login: SECOND.email, password: SECOND.password },
    });
    const jwt = registered.json().data.jwt as string;
    const subjectId = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).sub;
    const [role] = await inject(
      "GET",
      `/api/rbac/roles?filters[and][0][column]=uid&filters[and][0][method]=eq&filters[and][0][value]=${ADMIN_ROLE}`,
    );
    await inject("POST", "/api/rbac/subjects-to-roles", { subjectId, roleId: role.id });
    const [home] = await inject(
      "GET",
      "/api/host/pages?draft=true&filters[and][0][column]=url&filters[and][0][method]=eq&filters[and][0][value]=/",
    );
    homeId = home.id;

    browser = await launchChromium();
    for (const admin of [FIRST, SECOND]) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
      violations.push(await watchCspViolations(context));
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      page.on("pageerror", (error) => console.error("page error:", error.message));
      await signInAt(page, `${running.url}/admin`, admin.email, admin.password);
      await page.getByTestId("current-user").waitFor();
      contexts.push(context);
      pages.push(page);
    }
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      for (const [i, page] of pages.entries())
        await screenshot(page, `two-editors-failed-${i}-${context.task.name.replace(/\W+/g, "-")}`);
    expect(violations.flat()).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it.each([
    { choice: "Reload", testId: "conflict-reload", kept: "theirs" },
    { choice: "Keep mine", testId: "conflict-keep-mine", kept: "mine" },
  ])("a save over the other's change asks; $choice keeps $kept", async ({ choice, testId, kept }) => {
    const [a, b] = pages as [Page, Page];
    await openBlock(a);
    await openBlock(b);
    // Presence: each sees the other on the page.
    await a.getByTestId("live-person").getByText(SECOND.email).waitFor();
    await b.getByTestId("live-person").getByText(FIRST.email).waitFor();

    const before = await b.getByTestId("block-title-en").inputValue();
    const theirs = `Chosen by Ann (${choice})`;
    const mine = `Chosen by Bob (${choice})`;
    // A edits the title; its save reaches the server.
    const patched = a.waitForResponse(
      (r) => r.request().method() === "PATCH" && /\/widgets\/[0-9a-f-]{36}$/.test(r.url()),
    );
    await a.getByTestId("block-title-en").fill(theirs);
    const widgetUrl = new URL((await patched).url()).pathname;
    await saved(a);
    const serverTitle = async () => (await inject("GET", `${widgetUrl}?draft=true`)).title.en;
    expect(await serverTitle()).toBe(theirs);
    // B still shows the old title.
    expect(await b.getByTestId("block-title-en").inputValue()).toBe(before);

    // B types in the same block: refused, and the dialog shows A's change beside B's.
    await b.getByTestId("block-title-en").fill(mine);
    const dialog = b.getByTestId("conflict-dialog");
    await dialog.waitFor();
    const row = dialog.locator('[data-field="title.en"]');
    expect(await row.getByTestId("conflict-theirs").textContent()).toBe(theirs);
    expect(await row.getByTestId("conflict-mine").textContent()).toBe(mine);
    if (choice === "Reload") await b.screenshot({ path: `${SHOTS}/conflict-dialog.png` });

    await dialog.getByTestId(testId).click();
    await saved(b);
    const expected = kept === "theirs" ? theirs : mine;
    await expect.poll(serverTitle).toBe(expected);
    await expect.poll(() => b.getByTestId("block-title-en").inputValue()).toBe(expected);
    blockName = expected;
  });
});
