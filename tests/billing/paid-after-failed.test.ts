import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentEvent } from "../../server/modules/billing/providers/provider.js";
import { testDialect } from "../helpers/test-app.js";
import { checkOut, dropDeclined, shopWith, stateOf, type Shop } from "./billing-fixture.js";

// A late paid for a declined invoice, at the state machine every provider shares (billing/payments.ts): an
// invoice pays exactly the orders it was made for; a declined one none, even when money comes
// for it later (declined orders wait under it for Pay now). Verified events are applied directly here;
// the dummy and Stripe tests send the same through the webhook route.
describe(`a paid that reaches no order (${testDialect})`, () => {
  let shop: Shop;
  let events = 0;

  const apply = (invoiceId: string, kind: PaymentEvent["kind"], eventId = `evt_${++events}`) =>
    shop.t.app.payments.payments.apply("dummy", { kind, invoiceId, eventId, amount: "39.98", currency: "USD" });
  const checkedOut = async () => {
    const { invoice, intent, order } = await checkOut(shop, "dummy");
    return { invoice: invoice.id as string, intent: intent.id as string, order: order.id as string };
  };
  const links = async (orderId: string) => {
    const db = shop.t.database.db;
    const table = (id: string) => shop.t.app.registry.get(id).table;
    const intents = await db
      .selectFrom(table("ecommerce/orders-to-billing-module-payment-intents"))
      .select("id")
      .where("orderId", "=", orderId)
      .execute();
    const currencies = await db
      .selectFrom(table("ecommerce/orders-to-billing-module-currencies"))
      .select("id")
      .where("orderId", "=", orderId)
      .execute();
    return intents.length + currencies.length;
  };

  beforeAll(async () => {
    shop = await shopWith({});
  });
  afterAll(() => shop?.t.close());

  it.each(["failed", "canceled"] as const)(
    "after %s: the orders wait unpaid (Pay now); its paid is recorded, flags it, and moves no order; nor does its refund",
    async (kind) => {
      const ids = await checkedOut();
      expect(await links(ids.order)).toBe(2);
      expect(await apply(ids.invoice, kind)).toBe("applied");
      expect(await stateOf(shop.t, ids)).toEqual({ invoice: kind, flag: null, intent: kind, order: "history/paying" });
      // Still linked: Pay now reads the provider, currency and email from the declined invoice.
      expect(await links(ids.order)).toBe(2);
      expect(await apply(ids.invoice, "paid", `evt_late_${kind}`)).toBe("flagged");
      const state = await stateOf(shop.t, ids);
      expect(state).toMatchObject({ invoice: "paid", intent: "succeeded", order: "history/paying" });
      expect(state.flag).toContain(`evt_late_${kind}: paid after ${kind}: refund or review`);
      // Recorded: the same event again is a duplicate, not a second flag.
      expect(await apply(ids.invoice, "paid", `evt_late_${kind}`)).toBe("duplicate");
      // A refund of that payment moves the invoice, still no order.
      expect(await apply(ids.invoice, "refunded")).toBe("applied");
      expect(await stateOf(shop.t, ids)).toMatchObject({ invoice: "refunded", order: "history/paying" });
      // Back to cart unlinks it: the stray payment's invoice reaches it no more.
      await dropDeclined(shop, ids.order);
      expect(await links(ids.order)).toBe(0);
    },
  );

  it("a paid for a waiting invoice whose orders moved on (an admin canceled them) approves nothing and flags it", async () => {
    const ids = await checkedOut();
    expect(
      (
        await shop.t.request({
          method: "PATCH",
          url: `/api/ecommerce/orders/${ids.order}`,
          payload: { data: { status: "canceled" } },
        })
      ).status,
    ).toBe(200);
    expect(await apply(ids.invoice, "paid")).toBe("flagged");
    const state = await stateOf(shop.t, ids);
    expect(state).toMatchObject({ invoice: "paid", order: "history/canceled" });
    expect(state.flag).toContain("no order is waiting for this invoice");
  });

  it("a paid for a waiting invoice approves its orders as before", async () => {
    const ids = await checkedOut();
    expect(await apply(ids.invoice, "paid")).toBe("applied");
    expect(await stateOf(shop.t, ids)).toEqual({
      invoice: "paid",
      flag: null,
      intent: "succeeded",
      order: "history/approving",
    });
  });
});
