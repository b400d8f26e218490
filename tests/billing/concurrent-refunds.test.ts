import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialect } from "../helpers/test-app.js";
import { checkOut, shopWith, WEBHOOK, type Shop } from "./billing-fixture.js";

// Refunds of one invoice asked at the same moment, each with its own Idempotency-Key (two admins,
// two Refund dialogs): each is checked against what is left with the invoice's row locked
// (server/modules/billing/refunds.ts), so together they never give back more than was paid. On
// the PostgreSQL server they run on several connections at once; on PGlite one after the other.
describe(`concurrent refunds of one invoice, on ${testDialect}`, () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await shopWith({});
  });
  afterAll(() => shop?.t.close());

  /** Two pairs of shoes (39.98 USD) checked out with the dummy provider and paid on its page. */
  async function paidOrder() {
    const { invoice, order } = await checkOut(shop, "dummy");
    const token = new URL(invoice.paymentUrl, "http://localhost").searchParams.get("token");
    const page = await shop.t.request({
      method: "GET",
      key: null,
      url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`,
    });
    const pay = page.body.data.actions.pay;
    const paid = await shop.t.request({
      method: "POST",
      key: null,
      url: WEBHOOK("dummy"),
      headers: { "content-type": "application/json", "x-dummy-signature": pay.signature },
      payload: pay.body,
    });
    expect(paid.status).toBe(200);
    return { orderId: order.id as string, invoiceId: invoice.id as string };
  }

  it.each([
    { asked: 8, amount: "30.00" },
    { asked: 6, amount: "20.00" },
  ])(
    "$asked refunds of $amount with different keys at once: one is made, and the invoice records only it",
    async ({ asked, amount }) => {
      const { orderId, invoiceId } = await paidOrder();
      const answers = await Promise.all(
        Array.from({ length: asked }, (_, i) =>
          shop.t.request({
            method: "POST",
            url: `/api/ecommerce/orders/${orderId}/refund`,
            headers: { "idempotency-key": `desk-${orderId}-${i}` },
            payload: { data: { amount } },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      // Two of these amounts are more than the 39.98 paid: one refund is made; each other finds it
      // pending (409) or done, with less left than it asks (400). Never a 500.
      expect(statuses.filter((s) => s === 200).length, `statuses ${statuses.join(" ")}`).toBe(1);
      expect(
        statuses.every((s) => s === 200 || s === 400 || s === 409),
        JSON.stringify(answers.filter((a) => a.status !== 200).map((a) => a.body)),
      ).toBe(true);
      const invoice = (await shop.t.request({ method: "GET", url: `/api/billing/invoices/${invoiceId}` })).body.data;
      expect(invoice).toMatchObject({ status: "paid", refundedAmount: amount });
      // Refunds are internal (no generic routes): read from their table.
      const refunds = await shop.t.database.db
        .selectFrom(shop.t.app.registry.get("billing/refunds").table)
        .select(["amount"])
        .where("invoiceId", "=", invoiceId)
        .where("status", "=", "succeeded")
        .execute();
      expect(refunds.map((r) => String(r.amount))).toEqual([amount]);
    },
  );
});
