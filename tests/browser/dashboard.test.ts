import { AxeBuilder } from "@axe-core/playwright";
import { describeViolations } from "./helpers/axe.js";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../helpers/test-app.js";
import { subjectOf } from "../rbac/helpers.js";
import { momentText } from "../../web/admin/time/time-text.js";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";
import { narrowAdminRole, signInAt, whereEq } from "./helpers/narrow-admin.js";

const ADMIN = { adminEmail: "owner@example.com", adminPassword: "owner password 123" };
const BUYER = "dashboard-buyer@example.com";
/** The browser's clock reads times in the zone this process does, so the expected dates match. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Each language's words the cards say, once the draft, the schedule, the order and the submission are in. */
const WORDS = {
  en: {
    locale: "en-US",
    language: "en",
    empty: {
      drafts: "No drafts waiting.",
      scheduled: "No publishing scheduled.",
      orders: "No orders to ship.",
      submissions: "No new form submissions.",
    },
    drafts: "2 drafts waiting",
    changedState: "Product · Unpublished changes",
    neverState: "Page · Never published",
    scheduled: "1 record scheduled",
    publishes: (when: string) => `Page · Publishes on ${momentText(when, "en")}`,
    orders: "1 paid order to ship",
    order: (number: string) => `Order ${number} · ${BUYER}`,
    orderDetail: "Site starter kit × 1 · 290.00 USD · Paid",
    submissions: "1 submission in the last 7 days",
    changed: `The secret key updated Product "Ceramic mug, glazed"`,
    allModels: "All models",
    modelsTitle: "All models",
  },
  ru: {
    locale: "ru-RU",
    language: "ru",
    drafts: "2 черновика ждут публикации",
    changedState: "Товар · Есть неопубликованные изменения",
    neverState: "Страница · Ещё не опубликовано",
    scheduled: "1 запись по расписанию",
    publishes: (when: string) => `Страница · Публикация: ${momentText(when, "ru")}`,
    orders: "1 оплаченный заказ ждёт отправки",
    order: (number: string) => `Заказ ${number} · ${BUYER}`,
    orderDetail: "Стартовый набор для сайта × 1 · 290.00 USD · Оплачен",
    submissions: "1 заявка за последние 7 дней",
    // A record's label is its admin title in every language (the tables' first column).
    changed: "Секретный ключ: изменение — Товар «Ceramic mug, glazed»",
    allModels: "Все модели",
    modelsTitle: "Все модели",
  },
} as const;

// The admin's first screen (docs/admin.md, "Dashboard") in Chromium against the demo site with
// drafts on: first each card's empty state; then a product's draft change, a page scheduled to
// publish, a paid order and a form submission made through the API, each named on its card, each
// card's link and lines leading to their screens, "All models" to the model list; axe on the
// screen, in English and Russian at 1280 px and in Russian on a 390 px phone, cards stacked.
describe.skipIf(!hasChromium)("the admin's dashboard in Chromium", () => {
  let running: RunningApp;
  let browser: Browser;
  const made: Record<string, string> = {};
  let publishAt = "";
  const problems: string[] = [];

  const inject = async (
    method: "GET" | "POST" | "PATCH" | "PUT",
    url: string,
    options: { data?: unknown; jwt?: string; key?: boolean; body?: string; headers?: Record<string, string> } = {},
  ) => {
    const answer = await running.app.inject({
      method,
      url,
      headers: {
        ...(options.key === false ? {} : { "x-rbac-secret-key": SECRET }),
        ...(options.jwt ? { authorization: `Bearer ${options.jwt}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined
        ? { payload: options.body }
        : options.data !== undefined
          ? { payload: { data: options.data } }
          : {}),
    });
    if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json().data;
  };
  const bySlug = async (model: string, slug: string) =>
    (await inject("GET", `/api/${model}?${whereEq("slug", slug)}`))[0] as { id: string };

  /** A buyer signs up, checks out the demo's starter kit (no delivery) with the dummy provider and pays. */
  const paidOrder = async () => {
    const kit = await bySlug("ecommerce/products", "site-starter-kit");
    const usd = await bySlug("billing/currencies", "usd");
    const signedUp = await running.app.inject({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      payload: { login: BUYER, password: "buyer password 1" },
    });
    const { jwt } = signedUp.json().data;
    const base = `/api/rbac/subjects/${subjectOf(jwt)}/ecommerce-module`;
    const added = await inject("POST", `${base}/orders`, { jwt, key: false, data: { productId: kit.id, quantity: 1 } });
    const order = added.subjectsToEcommerceModuleOrders[0].order;
    const checkout = await inject("POST", `${base}/orders/checkout`, {
      jwt,
      key: false,
      data: {
        provider: "dummy",
        email: BUYER,
        billingModule: { currency: { id: usd.id } },
        ecommerceModule: { orders: [{ id: order.id }] },
      },
    });
    const invoice = checkout.billingModule.invoices[0];
    const token = new URL(invoice.paymentUrl).searchParams.get("token");
    const payment = await inject("GET", `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`, {
      key: false,
    });
    const pay = payment.actions.pay;
    await running.app.inject({
      method: "POST",
      url: "/api/billing/payment-intents/dummy/webhook",
      payload: pay.body,
      headers: { "content-type": "application/json", "x-dummy-signature": pay.signature },
    });
    const paid = await inject("GET", `/api/ecommerce/orders/${order.id}`);
    expect(paid.status).toBe("approving");
    return order.id as string;
  };

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true, drafts: true, ...ADMIN });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const signedIn = async (language: "en" | "ru", width = 1280, height = 900): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width, height },
      locale: WORDS[language].locale,
      timezoneId: TIME_ZONE,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await signInAt(page, `${running.url}/admin`, ADMIN.adminEmail, ADMIN.adminPassword);
    await page.getByTestId("dashboard").waitFor();
    return page;
  };
  const card = (page: Page, name: string) => page.getByTestId(`dashboard-${name}`);
  /** A card once its request has answered. */
  const ready = async (page: Page, name: string) => {
    await expect.poll(() => card(page, name).getAttribute("data-status")).toBe("ready");
    return card(page, name);
  };
  /** A card's lines as read: what, then a line break, then its detail (innerText's blank line between paragraphs as one). */
  const lines = async (page: Page, name: string) =>
    (await (await ready(page, name)).getByTestId("dashboard-line").allInnerTexts()).map((text) =>
      text.replace(/\n+/g, "\n"),
    );
  const axe = async (page: Page, where: string) => {
    await page.mouse.move(1, 1);
    const results = await new AxeBuilder({ page }).analyze();
    expect(describeViolations(results), where).toEqual([]);
  };
  /** Follows a link of the dashboard, checks where it went, and comes back. */
  const follows = async (page: Page, link: Locator, path: string) => {
    await link.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
    await page.goBack();
    await page.getByTestId("dashboard").waitFor();
  };

  it("shows the dashboard after sign-in, each card saying in words that there is nothing", async () => {
    const page = await signedIn("en");
    expect(new URL(page.url()).pathname).toBe("/admin");
    for (const [name, text] of Object.entries(WORDS.en.empty))
      expect(await (await ready(page, name)).getByTestId(`dashboard-${name}-empty`).textContent()).toBe(text);
    // The log is read (its lines are checked once something was changed, below).
    await ready(page, "changes");
    await page.context().close();
  });

  it("en, 1280 px: names the draft, the schedule, the order and the submission, and each link leads to its screen", async () => {
    // Made in this order so the product's draft change is the newest change of all.
    made.order = await paidOrder();
    const contact = await bySlug("crm/forms", "contact-form");
    made.form = contact.id;
    await inject("POST", `/api/crm/forms/${contact.id}/requests`, {
      key: false,
      data: { name: "Ada Lovelace", email: "ada@example.com", message: "Call me back" },
    });
    // The mails they queue (the buyer's, the owner's) are written first: the log's newest change is the product's.
    await running.app.notifications.flush();
    const autumn = await inject("POST", "/api/host/pages", {
      data: { url: "/autumn", adminTitle: "Autumn sale", title: { en: "Autumn sale", ru: "Осенняя распродажа" } },
    });
    made.page = autumn.id;
    publishAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    await inject("PUT", `/api/host/pages/${autumn.id}/schedule`, { data: { publishAt } });
    const mug = await bySlug("ecommerce/products", "ceramic-mug");
    made.product = mug.id;
    await inject("PATCH", `/api/ecommerce/products/${mug.id}`, {
      data: {
        adminTitle: "Ceramic mug, glazed",
        title: { en: "Ceramic mug, glazed", ru: "Керамическая кружка, глазурь" },
      },
    });

    const page = await signedIn("en");
    const w = WORDS.en;
    await checkCards(page, w);
    await screenshot(page, "dashboard-en-1280");
    await axe(page, "the dashboard, en, 1280 px");

    // Each card's title leads to its screen; its lines to their records.
    const link = (name: string) => card(page, name).getByTestId(`dashboard-${name}-link`);
    await follows(page, link("drafts"), "/admin/pages");
    await follows(page, link("scheduled"), "/admin/pages");
    await follows(page, link("orders"), "/admin/orders");
    await follows(page, link("submissions"), "/admin/crm/forms");
    await follows(page, link("changes"), "/admin/activity");
    const line = (name: string, text: string) =>
      card(page, name).getByTestId("dashboard-line").filter({ hasText: text }).getByRole("link");
    await follows(page, line("drafts", "Ceramic mug, glazed"), `/admin/products/${made.product}`);
    await follows(page, line("scheduled", "Autumn sale"), `/admin/pages/${made.page}`);
    await follows(page, line("orders", made.order.slice(0, 8)), `/admin/orders/${made.order}`);
    await follows(page, line("submissions", "Contact form"), `/admin/forms/${made.form}`);
    await follows(page, line("changes", "Ceramic mug, glazed").first(), `/admin/products/${made.product}`);

    // The raw model list, one click away, at its own address.
    await page.getByTestId("dashboard-all-models").click();
    await page.waitForURL("**/admin/models");
    expect(await page.getByTestId("all-models").getByRole("heading").textContent()).toBe(w.modelsTitle);
    await page.getByTestId("nav-dashboard").click();
    await page.getByTestId("dashboard").waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("ru, 1280 px: the same cards in Russian, with Russian counts and dates", async () => {
    const page = await signedIn("ru");
    await checkCards(page, WORDS.ru);
    await screenshot(page, "dashboard-ru-1280");
    await axe(page, "the dashboard, ru, 1280 px");
    await page.getByTestId("dashboard-all-models").click();
    await page.waitForURL("**/admin/models");
    expect(await page.getByTestId("all-models").getByRole("heading").textContent()).toBe(WORDS.ru.modelsTitle);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("ru, 390 px: the cards stacked one under another, nothing wider than the phone", async () => {
    const page = await signedIn("ru", 390, 844);
    await checkCards(page, WORDS.ru);
    const boxes = await Promise.all(
      ["drafts", "scheduled", "orders", "submissions", "changes"].map(async (name) => card(page, name).boundingBox()),
    );
    for (const [i, box] of boxes.entries()) {
      expect(box, `card ${i}`).not.toBeNull();
      expect(box!.x).toBeCloseTo(boxes[0]!.x, 0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      if (i > 0) expect(box!.y).toBeGreaterThan(boxes[i - 1]!.y + boxes[i - 1]!.height - 1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "dashboard-ru-390");
    await axe(page, "the dashboard, ru, 390 px");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("en, 820 px (a tablet): the side list starts closed, opens beside the screen, and closes when a screen is chosen", async () => {
    const page = await signedIn("en", 820, 1180);
    const toggle = page.getByTestId("models-toggle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    // The dashboard has the whole width.
    expect((await card(page, "drafts").boundingBox())!.x).toBeLessThan(100);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await page.getByTestId("nav-pages").click();
    await page.getByTestId("pages-table").waitFor();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await screenshot(page, "dashboard-en-820-pages");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  // Last: it narrows the admin role of this app for good.
  it("shows only the cards whose data the person may read: a products editor sees no orders, forms or pages", async () => {
    await narrowAdminRole(running, [["*", "/api/ecommerce/products/**"]]);
    const page = await signedIn("en");
    expect(await (await ready(page, "drafts")).getByTestId("dashboard-drafts-count").innerText()).toBe(
      "1 draft waiting",
    );
    expect(await lines(page, "drafts")).toEqual(["Ceramic mug, glazed\nProduct · Unpublished changes"]);
    // The page's schedule is not theirs to see.
    expect(await (await ready(page, "scheduled")).getByTestId("dashboard-scheduled-empty").textContent()).toBe(
      WORDS.en.empty.scheduled,
    );
    // The audit log is the admin role's (docs/audit.md): still shown.
    await ready(page, "changes");
    // The order desk and the submissions answer 403: their cards are not there at all.
    await expect.poll(() => page.getByTestId("dashboard-orders").count()).toBe(0);
    await expect.poll(() => page.getByTestId("dashboard-submissions").count()).toBe(0);
    await screenshot(page, "dashboard-en-1280-products-editor");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  /** Every card names what was made, with its count in the language's words. */
  async function checkCards(page: Page, w: (typeof WORDS)["en"] | (typeof WORDS)["ru"]) {
    const count = async (name: string) => (await ready(page, name)).getByTestId(`dashboard-${name}-count`).innerText();
    expect(await count("drafts")).toBe(w.drafts);
    const drafts = await lines(page, "drafts");
    expect(drafts).toContainEqual(
      `${w.language === "en" ? "Ceramic mug, glazed" : "Керамическая кружка, глазурь"}\n${w.changedState}`,
    );
    expect(drafts).toContainEqual(`${w.language === "en" ? "Autumn sale" : "Осенняя распродажа"}\n${w.neverState}`);
    expect(await count("scheduled")).toBe(w.scheduled);
    expect(await lines(page, "scheduled")).toEqual([
      `${w.language === "en" ? "Autumn sale" : "Осенняя распродажа"}\n${w.publishes(publishAt)}`,
    ]);
    expect(await count("orders")).toBe(w.orders);
    const [order] = await lines(page, "orders");
    expect(order).toMatch(new RegExp(`^${literal(w.order(made.order!.slice(0, 8)))}\\n${literal(w.orderDetail)} · `));
    expect(await count("submissions")).toBe(w.submissions);
    const [submission] = await lines(page, "submissions");
    expect(submission).toMatch(/^Contact form\n/);
    const changes = await lines(page, "changes");
    expect(changes[0]).toMatch(new RegExp(`^${literal(w.changed)}\\n`));
    expect(changes.length).toBeLessThanOrEqual(5);
  }
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
