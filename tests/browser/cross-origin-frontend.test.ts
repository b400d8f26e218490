import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET, type TestApp } from "../helpers/test-app.js";
import { PASSWORD, register } from "../rbac/helpers.js";
import { catalogue, type Catalogue } from "../ecommerce/shop-fixture.js";
import { hasChromium, launchChromium, screenshot, startApp, type RunningApp } from "./helpers/browser-app.js";

// The original frontend (docs/api.md "Running the original frontend") serves its pages from another origin than the API. A tiny page
// on a second loopback origin (another port) does what it does: signs in with
// `credentials: "include"`, reads the JWT from document.cookie (SESSION_COOKIE_HTTP_ONLY=false),
// decodes the subject from its `subject` claim, adds to the cart and checks out with the dummy
// provider, with the bearer header and the cookie. The same page on an origin CORS_ORIGINS does
// not name gets nothing: no answer it may read, no sign-in, no cookie.

/** The frontend page: its script is the whole client, run by `window.shop(…)`; it shows each step. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Original frontend</title>
<style>body{font:15px system-ui;margin:24px}pre{background:#f4f4f4;padding:12px;white-space:pre-wrap}</style></head>
<body><h1>Original frontend on <span id="origin"></span></h1><pre id="log"></pre>
<script>
document.getElementById("origin").textContent = location.origin;
const log = (line) => { document.getElementById("log").textContent += line + "\\n"; };
const claims = (jwt) => JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
async function call(url, init) {
  const response = await fetch(url, { credentials: "include", ...init });
  const body = await response.json();
  log(init.method + " " + new URL(url).pathname + " → " + response.status);
  if (!response.ok) throw new Error(body.message);
  return body.data;
}
window.shop = async ({ api, login, password, productId, currencyId }) => {
  try {
    const json = { "content-type": "application/json" };
    const session = await call(api + "/api/rbac/subjects/authentication/email-and-password/authentication", { method: "POST", headers: json, body: JSON.stringify({ login, password }) });
    const jwt = (document.cookie.match(/(?:^|; )rbac\\.subject\\.jwt=([^;]+)/) || [])[1];
    if (!jwt) throw new Error("no JWT in document.cookie");
    const subject = claims(jwt).subject;
    log("subject " + subject.id + " (" + subject.slug + "), refresh expires " + new Date(claims(session.refresh).exp * 1000).toISOString());
    const headers = { ...json, authorization: "Bearer " + jwt };
    const base = api + "/api/rbac/subjects/" + subject.id + "/ecommerce-module/orders";
    const added = await call(base, { method: "POST", headers, body: JSON.stringify({ data: { productId, quantity: 2 } }) });
    const order = added.subjectsToEcommerceModuleOrders[0].order;
    const checkout = await call(base + "/checkout", { method: "POST", headers, body: JSON.stringify({ data: { provider: "dummy", email: login, billingModule: { currency: { id: currencyId } }, ecommerceModule: { orders: [{ id: order.id }] } } }) });
    const invoice = checkout.billingModule.invoices[0];
    log("invoice " + invoice.amount + " " + invoice.status + ", pay at " + invoice.paymentUrl);
    return { subject, cookieJwt: jwt, bodyJwt: session.jwt, orderId: order.id, invoice };
  } catch (error) {
    log("refused: " + error.message);
    return { error: error.message, cookie: document.cookie };
  }
};
</script></body></html>`;

async function servePage(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.skipIf(!hasChromium)("the original frontend on another origin, in Chromium", () => {
  let frontend: { server: Server; origin: string };
  let stranger: { server: Server; origin: string };
  let running: RunningApp;
  let browser: Browser;
  let c: Catalogue;

  beforeAll(async () => {
    [frontend, stranger] = await Promise.all([servePage(), servePage()]);
    running = await startApp({ corsOrigins: [frontend.origin], sessionCookieHttpOnly: false });
    // The fixtures write with the secret key through the running app.
    const t = {
      request: async ({ key = SECRET, headers, ...options }: any) => {
        const response = await running.app.inject({
          ...options,
          headers: { ...(key ? { "x-rbac-secret-key": key } : {}), ...headers },
        });
        return { status: response.statusCode, body: response.json() };
      },
    } as TestApp;
    c = await catalogue(t);
    await register(t, "ann@example.com");
    browser = await launchChromium();
  }, 400_000); // an app, a catalogue and Chromium: slow on a machine shared by many test runs
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    for (const site of [frontend, stranger]) await new Promise((resolve) => site?.server.close(resolve));
  });

  async function shopFrom(origin: string): Promise<{ page: Page; result: any }> {
    const context = await browser.newContext({ viewport: { width: 1000, height: 420 } });
    const page = await context.newPage();
    await page.goto(origin);
    const result = await page.evaluate((input) => (window as any).shop(input), {
      api: running.url,
      login: "ann@example.com",
      password: PASSWORD,
      productId: c.shoes.id,
      currencyId: c.usd.id,
    });
    return { page, result };
  }

  it("the listed origin signs in, reads the JWT from document.cookie, fills the cart and checks out with the dummy provider", async () => {
    const { page, result } = await shopFrom(frontend.origin);
    await screenshot(page, "cross-origin-frontend-listed");
    expect(result.error).toBeUndefined();
    expect(result.cookieJwt).toBe(result.bodyJwt);
    expect(result.subject).toEqual({ id: expect.any(String), slug: expect.any(String) });
    // 2 × 19.99
    expect(result.invoice).toMatchObject({
      amount: "39.98",
      status: "new",
      provider: "dummy",
      email: "ann@example.com",
    });
    const order = await running.app.inject({
      method: "GET",
      url: `/api/ecommerce/orders/${result.orderId}`,
      headers: { "x-rbac-secret-key": SECRET },
    });
    expect(order.json().data).toMatchObject({ type: "history", status: "paying" });
    const owner = await running.app.inject({
      method: "GET",
      url: `/api/rbac/subjects/${result.subject.id}/ecommerce-module/orders?type=history`,
      headers: { "x-rbac-secret-key": SECRET },
    });
    expect(owner.json().data.map((o: any) => o.id)).toContain(result.orderId);
    await page.context().close();
  });

  it("the same page on an origin CORS_ORIGINS does not name is refused: nothing to read, no sign-in, no cookie", async () => {
    const { page, result } = await shopFrom(stranger.origin);
    await screenshot(page, "cross-origin-frontend-unlisted");
    expect(result.error).toMatch(/Failed to fetch/);
    expect(result.cookie).not.toMatch(/rbac\.subject\.jwt=/);
    expect(await page.context().cookies(running.url)).toEqual([]);
    await page.context().close();
  });
});
