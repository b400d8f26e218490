import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { SmtpPeer, textBody } from "../notification/smtp-peer.js";
import {
  addToCart,
  catalogue,
  create,
  dummyCheckout,
  dummyWebhook,
  productWithPrices,
  shopper,
} from "./shop-fixture.js";

const NBSP = "\u00a0";

// The cancellation mail a refund sends (docs/shop.md "The order desk", Refund): it says the order was
// refunded and how much, the exact amount refunded in all (here a part, then the rest) written the
// way the buyer's language writes money, with the currency.
describe(`the mail of an order canceled by a refund, on ${testDialect}`, () => {
  const smtp = new SmtpPeer();
  let t: TestApp;
  let piano: Record<string, any>;
  let currencies: Record<"usd" | "eur", Record<string, any>>;

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ smtpUrl: smtp.url });
    const c = await catalogue(t);
    currencies = { usd: c.usd, eur: c.eur };
    const key = await create(t, "ecommerce/attribute-keys", {
      adminTitle: "Piano price",
      type: "price",
      field: "number",
    });
    // Amounts past a float's exact digits: only decimal strings keep every cent.
    piano = await productWithPrices(t, key, "Grand piano", [
      [c.usd, "12345678901234.57"],
      [c.eur, "9876543210987.65"],
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  const cases = [
    {
      language: "en",
      currency: "usd",
      part: "1000.00",
      subject: "Canceled",
      says: "We have refunded $24,691,357,802,469.14 to you: the money goes back the way you paid.",
    },
    {
      language: "ru",
      currency: "eur",
      part: "0.65",
      subject: "Отменён",
      says: `Мы вернули вам 19${NBSP}753${NBSP}086${NBSP}421${NBSP}975,30${NBSP}€: деньги придут тем же способом, которым вы платили.`,
    },
  ] as const;

  it.each(cases)(
    "in $language: a part refunded, then the rest; the cancellation mail names the whole amount of two pianos in $currency",
    async ({ language, currency, part, subject, says }) => {
      const email = `refunded-${language}@example.com`;
      const buyer = await shopper(t, email);
      expect(
        (
          await t.request({
            method: "PATCH",
            url: `/api/rbac/subjects/${buyer.subjectId}`,
            payload: { data: { language } },
          })
        ).status,
      ).toBe(200);
      const line = await addToCart(buyer, piano.id, 2);
      const { pay } = await dummyCheckout(t, buyer, [line.id], currencies[currency].id, email);
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      await t.app.notifications.flush();

      const refund = (data?: { amount: string }) =>
        t.request({
          method: "POST",
          url: `/api/ecommerce/orders/${line.id}/refund`,
          ...(data ? { payload: { data } } : {}),
        });
      const partial = await refund({ amount: part });
      expect(partial.status, JSON.stringify(partial.body)).toBe(200);
      const rest = await refund();
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.data.order.status).toBe("canceled");
      await t.app.notifications.flush();

      const number = String(line.id).slice(0, 8);
      const canceled = smtp.received.filter((m) => m.to.includes(email) && m.subject.endsWith(`: ${subject}`));
      expect(canceled.map((m) => m.subject)).toEqual([
        `${language === "ru" ? "Заказ" : "Order"} ${number}: ${subject}`,
      ]);
      const body = textBody(canceled[0]!.raw).replace(/\r\n/g, "\n");
      expect(body).toContain(says);
      // The mails before the refund say nothing of one.
      const earlier = smtp.received.filter((m) => m.to.includes(email) && m !== canceled[0]);
      expect(earlier.length).toBeGreaterThan(0);
      for (const mail of earlier) expect(textBody(mail.raw)).not.toMatch(/refunded|вернули/);
    },
  );
});
