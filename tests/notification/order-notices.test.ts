import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { localStorage, type StorageUnderTest } from "../file-storage/helpers.js";
import { AUTH, PASSWORD, as, subjectOf } from "../rbac/helpers.js";
import { addToCart, cart, catalogue, type Catalogue, type Shopper } from "../ecommerce/shop-fixture.js";
import { SmtpPeer, textBody } from "./smtp-peer.js";

const WEBHOOK = "/api/billing/payment-intents/dummy/webhook";
const PUBLIC_URL = "https://shop.example.com";

/** A shopper signed up from the Russian site (or the English one). */
async function shopperIn(t: TestApp, email: string, language: "en" | "ru"): Promise<Shopper> {
  const response = await t.request({
    method: "POST",
    url: `${AUTH}/email-and-password/registration`,
    key: null,
    payload: { login: email, password: PASSWORD, language },
  });
  const session = {
    jwt: response.body.data.jwt,
    refresh: response.body.data.refresh,
    subjectId: subjectOf(response.body.data.jwt),
  };
  return { ...session, call: as(t, session), base: cart(session) };
}

describe(`order status changes notify the subject, on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let storage: StorageUnderTest;
  const smtp = new SmtpPeer();
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const jobs = async () => (await t.request({ method: "GET", url: "/api/notification/jobs?limit=1000" })).body.data;
  const order = async (id: string) =>
    (await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}` })).body.data;

  const checkout = async (s: Shopper, email: string) => {
    const line = await addToCart(s, c.shoes.id, 2);
    const { body } = await s.call({
      method: "POST",
      url: `${s.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email,
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: [{ id: line.id }] },
        },
      },
    });
    const invoice = body.data.billingModule.invoices[0];
    const token = new URL(invoice.paymentUrl, PUBLIC_URL).searchParams.get("token");
    const page = await t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`,
    });
    return { orderId: line.id as string, page: page.body.data };
  };
  const pay = async (action: { body: string; signature: string }) => {
    const response = await t.request({
      method: "POST",
      key: null,
      url: WEBHOOK,
      headers: { "content-type": "application/json", "x-dummy-signature": action.signature },
      payload: action.body,
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    await smtp.start();
    storage = await localStorage();
    t = await createTestApp({
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      dataDir: storage.dataDir,
      fileStorage: storage.settings,
      paymentDummySecret: "dummy secret for the tests, 32+ characters long",
      notifications: { ...configFromEnv({}).notifications, pollMs: 0, retryBaseMs: 50 },
    });
    c = await catalogue(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
    await storage?.close();
  });

  it("checkout (paying) and the webhook (approving) each mail the subject in its language; approving draws the receipt and links it", async () => {
    const ivan = await shopperIn(t, "ivan@example.com", "ru");
    const { orderId, page } = await checkout(ivan, "invoices@example.com");
    await t.app.notifications.flush();
    // The checkout's invoice email is where order mail goes.
    const paying = mailsTo("invoices@example.com");
    expect(paying.map((m) => m.subject)).toEqual([`Заказ ${orderId.slice(0, 8)}: Ожидает оплаты`]);
    expect(textBody(paying[0]!.raw)).toContain("Итого: $39.98");

    await pay(page.actions.pay);
    await t.app.notifications.flush();
    const approved = await order(orderId);
    expect(approved).toMatchObject({
      status: "approving",
      receipt: expect.stringMatching(/^\/public\/files\/[0-9a-f-]{36}\.png$/),
    });
    // The mailed receipt link carries the order's token: it opens the receipt without a session, privately.
    const mailedLink = new RegExp(
      `Ваш чек: ${PUBLIC_URL}(${approved.receipt}\\?token=[0-9]+\\.[A-Za-z0-9_-]{43})`,
    ).exec(textBody(mailsTo("invoices@example.com")[1]!.raw));
    expect(mailedLink).not.toBeNull();
    const image = await t.app.inject({ method: "GET", url: mailedLink![1]! });
    expect(image.headers["cache-control"]).toBe("private, no-store");
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1500, height: 1500 });
    expect((await t.app.inject({ method: "GET", url: approved.receipt })).statusCode).toBe(404);
    const receipt = (
      await t.request({
        method: "GET",
        url: `/api/file-storage/files?filters[and][0][column]=file&filters[and][0][method]=eq&filters[and][0][value]=${approved.receipt}`,
      })
    ).body.data[0];
    expect(receipt).toMatchObject({
      variant: "generate-template-ecommerce-order-receipt-default",
      width: 1500,
      height: 1500,
    });

    const mails = mailsTo("invoices@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Заказ ${orderId.slice(0, 8)}: Оплачен, подтверждается`);
    const body = textBody(mails[1]!.raw);
    expect(body).toContain("(был: Ожидает оплаты)");
    expect(body).toContain(`Ваш чек: ${PUBLIC_URL}${approved.receipt}`);
    expect(body).toContain(`Ваши заказы: ${PUBLIC_URL}/ru/cart`);

    const notifications = (
      await t.request({
        method: "GET",
        url: `/api/notification/notifications?filters[and][0][column]=rbacModuleSubjectId&filters[and][0][method]=eq&filters[and][0][value]=${ivan.subjectId}`,
      })
    ).body.data;
    expect(notifications.map((n: any) => [n.template, n.language, n.status, n.data.status])).toEqual([
      ["order-status-changed", "ru", "sent", "paying"],
      ["order-status-changed", "ru", "sent", "approving"],
    ]);
    expect(
      (await jobs())
        .filter((j: any) => j.payload.orderId === orderId)
        .map((j: any) => [j.kind, j.status, j.payload.from, j.payload.to]),
    ).toEqual([
      ["order-status-changed", "done", "new", "paying"],
      ["order-status-changed", "done", "paying", "approving"],
    ]);
  });

  it("an admin's PATCH through the generic route notifies too, at the subject's own email, in English by default", async () => {
    const ann = await shopperIn(t, "ann@example.com", "en");
    const line = await addToCart(ann, c.shoes.id, 1);
    const patched = await t.request({
      method: "PATCH",
      url: `/api/ecommerce/orders/${line.id}`,
      payload: { data: { status: "packaging" } },
    });
    expect(patched.status).toBe(200);
    await t.app.notifications.flush();
    expect(mailsTo("ann@example.com").map((m) => m.subject)).toEqual([`Order ${line.id.slice(0, 8)}: Packaging`]);
    // Nothing else changed the status: a PATCH of another field sends nothing.
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/orders/${line.id}`,
      payload: { data: { comment: "gift wrap" } },
    });
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/orders/${line.id}`,
      payload: { data: { status: "packaging" } },
    });
    await t.app.notifications.flush();
    expect(mailsTo("ann@example.com")).toHaveLength(1);
    // A bulk update of several orders: one mail per order.
    const second = await addToCart(ann, c.pencil.id, 1);
    const bulk = await t.request({
      method: "PATCH",
      url: "/api/ecommerce/orders/bulk",
      payload: {
        data: [
          { id: line.id, status: "delivering" },
          { id: second.id, status: "canceled" },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    await t.app.notifications.flush();
    expect(
      mailsTo("ann@example.com")
        .map((m) => m.subject)
        .slice(1)
        .sort(),
    ).toEqual([`Order ${line.id.slice(0, 8)}: On its way`, `Order ${second.id.slice(0, 8)}: Canceled`].sort());
  });

  it("a change rolled back queues nothing; a request's answer does not wait for the mail", async () => {
    const before = (await jobs()).length;
    // A bulk update whose second item fails: all or nothing, the first order's change included.
    const ann = await shopperIn(t, "zed@example.com", "en");
    const line = await addToCart(ann, c.shoes.id, 1);
    const failed = await t.request({
      method: "PATCH",
      url: "/api/ecommerce/orders/bulk",
      payload: {
        data: [
          { id: line.id, status: "delivered" },
          { id: line.id, status: "shipped-to-mars" },
        ],
      },
    });
    expect(failed.status).toBe(400);
    expect((await jobs()).length).toBe(before);
    expect((await order(line.id)).status).toBe("new");
    // Queued by the trigger in the request's transaction, sent after the answer.
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/orders/${line.id}`,
      payload: { data: { status: "delivered" } },
    });
    const queued = (await jobs()).filter((j: any) => j.payload.orderId === line.id);
    expect(queued).toHaveLength(1);
  });
});
