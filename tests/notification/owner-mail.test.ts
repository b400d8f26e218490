import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv, shopOwnerFromEnv, type Config } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { contactForm } from "../crm/contact-form.js";
import {
  addToCart,
  catalogue,
  dummyCheckout,
  dummyWebhook,
  shopper,
  type Catalogue,
} from "../ecommerce/shop-fixture.js";
import { SmtpPeer, plain, textBody } from "./smtp-peer.js";

const bodyOf = (raw: string) => textBody(raw).replace(/\r\n/g, "\n");

const PUBLIC_URL = "https://shop.example.com";
const ADDRESS = { name: "Ivan Petrov", line1: "Tverskaya 1", city: "Moscow", postalCode: "125009", country: "RU" };

/** An app mailing through the SMTP peer, its queue run by the tests (flush). */
const appWith = (smtp: SmtpPeer, overrides: Partial<Config>) =>
  createTestApp({
    smtpUrl: smtp.url,
    publicUrl: PUBLIC_URL,
    paymentDummySecret: "dummy secret for the tests, 32+ characters long",
    notifications: { ...configFromEnv({}).notifications, pollMs: 0, retryBaseMs: 50 },
    ...overrides,
  });

describe("SHOP_OWNER_EMAILS and SHOP_OWNER_LANGUAGE", () => {
  it("reads the addresses as a list, English by default, and stops the start on a language the site does not have", () => {
    expect(shopOwnerFromEnv({})).toEqual({ emails: [], language: "en" });
    expect(
      shopOwnerFromEnv({ SHOP_OWNER_EMAILS: " a@shop.example, b@shop.example ,", SHOP_OWNER_LANGUAGE: "ru" }),
    ).toEqual({ emails: ["a@shop.example", "b@shop.example"], language: "ru" });
    expect(() => shopOwnerFromEnv({ SHOP_OWNER_LANGUAGE: "de" })).toThrow(
      "SHOP_OWNER_LANGUAGE must be one of LANGUAGES (en, ru), not de",
    );
    expect(shopOwnerFromEnv({ LANGUAGES: "en,de", SHOP_OWNER_LANGUAGE: "de" }).language).toBe("de");
  });
});

describe(`mail to the shop's owner, on ${testDialect}`, () => {
  const smtp = new SmtpPeer();
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const ownerNotifications = async (t: TestApp, key: string) =>
    (
      await t.request({
        method: "GET",
        url: `/api/notification/notifications?limit=100&filters[and][0][column]=key&filters[and][0][method]=ilike&filters[and][0][value]=${encodeURIComponent(`${key}%`)}`,
      })
    ).body.data;

  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  describe("SHOP_OWNER_EMAILS, in English", () => {
    let t: TestApp;
    let c: Catalogue;
    beforeAll(async () => {
      t = await appWith(smtp, {
        shopOwner: { emails: ["owner@example.com", "refuse-owner@example.com"], language: "en" },
      });
      c = await catalogue(t);
    });
    afterAll(() => t?.close());

    it("a paid order mails each owner address once: number, customer, line, exact total, address lines, the admin's link; a replayed webhook and a job run again mail nothing more", async () => {
      const ann = await shopper(t, "ann@example.com");
      const shoes = await addToCart(ann, c.shoes.id, 2);
      const { pay } = await dummyCheckout(t, ann, [shoes.id], c.usd.id, "ann.invoices@example.com", {
        shippingAddress: ADDRESS,
      });
      // Two deliveries of the same notification at once, then a third later: one payment.
      const answers = await Promise.all([dummyWebhook(t, pay), dummyWebhook(t, pay)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await t.app.notifications.flush();
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      await t.app.notifications.flush();

      const number = String(shoes.id).slice(0, 8);
      const mails = mailsTo("owner@example.com");
      expect(mails.map((m) => m.subject)).toEqual([`New paid order ${number}: 39.98 USD`]);
      const body = bodyOf(mails[0]!.raw);
      expect(body).toContain(`Order: ${number}`);
      expect(body).toContain("Customer: ann.invoices@example.com (Ivan Petrov)");
      expect(body).toContain("Shoes — 2 × 19.99 USD = 39.98 USD");
      expect(body).toContain("Total: 39.98 USD");
      expect(body).toContain("Shipping address:\nIvan Petrov\nTverskaya 1\n125009 Moscow\nRussia");
      // The order desk's page of that order, not the raw orders table.
      expect(body).toContain(`The order in the admin: ${PUBLIC_URL}/admin/orders/${shoes.id}`);
      expect(body).not.toContain("ecommerce/orders");
      // The customer's own mail carries the same number.
      expect(mailsTo("ann.invoices@example.com").map((m) => m.subject)).toContain(
        `Order ${number}: Paid, being approved`,
      );

      // The order's status job run once more (a worker that stopped mid-way): no second mail.
      const jobs = (await t.request({ method: "GET", url: "/api/notification/jobs?limit=1000" })).body.data;
      const approving = jobs.find((j: any) => j.payload.orderId === shoes.id && j.payload.to === "approving");
      expect(
        (
          await t.request({
            method: "PATCH",
            url: `/api/notification/jobs/${approving.id}`,
            payload: { data: { status: "queued" } },
          })
        ).status,
      ).toBe(200);
      await t.app.notifications.flush();
      expect((await t.request({ method: "GET", url: `/api/notification/jobs/${approving.id}` })).body.data.status).toBe(
        "done",
      );
      expect(mailsTo("owner@example.com")).toHaveLength(1);
      expect(
        (await ownerNotifications(t, `owner-order-paid:${shoes.id}`)).map((n: any) => [n.recipient, n.status]).sort(),
      ).toEqual([
        ["owner@example.com", "sent"],
        ["refuse-owner@example.com", "failed"],
      ]);
    });

    it("the same event queued twice at once (two deliveries, two workers) makes one notification per address", async () => {
      const event = {
        key: "owner-order-paid:concurrent-test",
        template: "owner-order-paid",
        data: { orderNumber: "c0ffee00", total: "1.00 USD" },
      };
      await Promise.all([
        t.app.ownerMail.enqueue(event),
        t.app.ownerMail.enqueue(event),
        t.app.ownerMail.enqueue(event),
      ]);
      await t.app.notifications.flush();
      expect((await ownerNotifications(t, event.key)).map((n: any) => n.recipient).sort()).toEqual([
        "owner@example.com",
        "refuse-owner@example.com",
      ]);
      expect(mailsTo("owner@example.com").filter((m) => m.subject.includes("c0ffee00"))).toHaveLength(1);
    });

    it("an owner address the mail server refuses leaves the payment, the order and the customer's mail as they are", async () => {
      const bob = await shopper(t, "bob@example.com");
      const line = await addToCart(bob, c.pencil.id, 1);
      const { pay } = await dummyCheckout(t, bob, [line.id], c.usd.id, "bob@example.com");
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      await t.app.notifications.flush();
      expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${line.id}` })).body.data.status).toBe(
        "approving",
      );
      expect(mailsTo("bob@example.com").map((m) => m.subject)).toContain(
        `Order ${String(line.id).slice(0, 8)}: Paid, being approved`,
      );
      const [refused] = await ownerNotifications(t, `owner-order-paid:${line.id}:refuse`);
      expect(refused).toMatchObject({ status: "failed", error: expect.stringContaining("550") });
      expect(mailsTo("owner@example.com").filter((m) => m.subject.includes(String(line.id).slice(0, 8)))).toHaveLength(
        1,
      );
    });

    it("a form submission mails the owner once, each input's label with its value, and the form's submissions table", async () => {
      const form = await contactForm(t);
      const sent = await t.request({
        method: "POST",
        key: null,
        url: `/api/crm/forms/${form.id}/requests`,
        payload: { data: { name: "Lena", message: "Do you ship to Riga?", extra: ["a", "b"] } },
      });
      expect(sent.status).toBe(201);
      await t.app.notifications.flush();
      await t.app.notifications.flush();
      const mails = mailsTo("owner@example.com").filter((m) => m.subject.includes("Contact us"));
      expect(mails.map((m) => m.subject)).toEqual(["New submission of the form Contact us"]);
      const body = bodyOf(mails[0]!.raw);
      expect(body).toContain("Your name: Lena\nMessage: Do you ship to Riga?\nextra: a, b");
      expect(body).not.toContain("{");
      expect(plain(mails[0]!.raw)).toContain(`${PUBLIC_URL}/admin/forms/${form.id}`);
      expect(await ownerNotifications(t, `owner-form-submitted:${sent.body.data.id}`)).toHaveLength(2);
    });
  });

  describe("default recipients and SHOP_OWNER_LANGUAGE=ru", () => {
    let t: TestApp;
    let c: Catalogue;
    beforeAll(async () => {
      t = await appWith(smtp, {
        adminEmail: "boss@example.com",
        adminPassword: "correct horse battery",
        shopOwner: { emails: [], language: "ru" },
      });
      c = await catalogue(t);
    });
    afterAll(() => t?.close());

    it("without SHOP_OWNER_EMAILS the admins' emails are mailed, in the owner's language", async () => {
      const form = await contactForm(t);
      expect(
        (
          await t.request({
            method: "POST",
            key: null,
            url: `/api/crm/forms/${form.id}/requests`,
            payload: { data: { name: "Лена", message: "Привет" } },
          })
        ).status,
      ).toBe(201);
      const kim = await shopper(t, "kim@example.com");
      const line = await addToCart(kim, c.shoes.id, 1);
      const { pay } = await dummyCheckout(t, kim, [line.id], c.eur.id, "kim@example.com");
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      await t.app.notifications.flush();

      const mails = mailsTo("boss@example.com");
      expect(mails.map((m) => m.subject).sort()).toEqual(
        [
          `Новая заявка из формы «Связаться с нами»`,
          `Новый оплаченный заказ ${String(line.id).slice(0, 8)}: 18.50 EUR`,
        ].sort(),
      );
      const submission = bodyOf(mails.find((m) => m.subject.startsWith("Новая заявка"))!.raw);
      expect(submission).toContain("Ваше имя: Лена\nСообщение: Привет");
      const order = bodyOf(mails.find((m) => m.subject.startsWith("Новый"))!.raw);
      expect(order).toContain("Покупатель: kim@example.com");
      expect(order).toContain("Итого: 18.50 EUR");
      expect(order).not.toContain("Адрес доставки");
      // Only the admins: the shopper is no owner.
      expect(mailsTo("kim@example.com").filter((m) => m.subject.startsWith("Новый"))).toHaveLength(0);
    });
  });
});
