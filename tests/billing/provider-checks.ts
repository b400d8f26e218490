import { afterAll, beforeAll, expect, it } from "vitest";
import type { Config } from "../../server/config.js";
import { checkOut, dropDeclined, notify, shopWith, stateOf, type Shop } from "./billing-fixture.js";
import { startProviderServer, type Answer, type ProviderServer, type Received } from "./provider-server.js";

/** A notification as a provider posts it: the exact body and its headers (signature included). */
export interface Notification {
  body: string;
  headers: Record<string, string>;
}

/** What a notification says about an invoice: the fields every provider's notification carries in some form. */
export interface NotificationFacts {
  kind: "paid" | "failed";
  /** The provider's id of the notification (a duplicate repeats it). */
  eventId: string;
  invoice: { id: string; providerId: string };
  amount: string;
  currency: string;
}

/**
 * One provider as the shared checks need it: how the app is configured to use it, how its peer
 * answers a payment request, and how it signs a notification. Everything else is the same for
 * every provider, so it is here once.
 */
export interface ProviderUnderTest {
  name: string;
  /** The config that registers and configures it against its loopback peer at `peerUrl`. */
  config(peerUrl: string): Partial<Config>;
  /** The peer's answer to its `made`-th payment request, with the invoice fields it should become. */
  payment(request: Received, made: number, peerUrl: string): { answer: Answer; providerId: string; paymentUrl: string };
  /** A notification of these facts, signed with `secret` (its own when absent). */
  notification(facts: NotificationFacts, secret?: string): Notification;
}

const UNTOUCHED = { invoice: "new", flag: null, intent: "open", order: "history/paying" };

/**
 * The checks every payment provider passes (docs/extending.md "Adding a payment provider"), against
 * a loopback peer: a checkout creates the invoice with the peer's payment url; a signed "paid" pays,
 * a duplicate changes nothing; a wrongly signed one is refused; a "failed" fails the invoice; an
 * amount or currency that is not the invoice's flags it and moves nothing. Call inside a describe.
 */
export function providerChecks(provider: ProviderUnderTest) {
  let peer: ProviderServer;
  let shop: Shop;
  const expected: { providerId: string; paymentUrl: string }[] = [];

  beforeAll(async () => {
    peer = await startProviderServer(provider.name, (request, self) => {
      const { answer, providerId, paymentUrl } = provider.payment(request, self.received.length, self.url);
      expected.push({ providerId, paymentUrl });
      return answer;
    });
    shop = await shopWith(provider.config(peer.url));
  });
  afterAll(async () => {
    await shop?.t.close();
    await peer?.close();
  });

  const checkedOut = async () => {
    const { response, invoice, intent, order } = await checkOut(shop, provider.name);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { invoice, ids: { invoice: invoice.id, intent: intent.id, order: order.id } };
  };
  const facts = (
    invoice: { id: string; providerId: string },
    kind: NotificationFacts["kind"],
    eventId: string,
  ): NotificationFacts => ({ kind, eventId, invoice, amount: "39.98", currency: "USD" });
  const send = ({ body, headers }: Notification) => notify(shop.t, provider.name, body, headers);
  const eventsOf = async (invoiceId: string) =>
    shop.t.database.db
      .selectFrom("billing_webhook_events")
      .select(["eventId", "kind"])
      .where("invoiceId", "=", invoiceId)
      .execute();

  it("a checkout naming it asks its peer for the payment; the invoice names it, with the payment url the peer gave", async () => {
    const { invoice } = await checkedOut();
    expect(invoice).toMatchObject({
      provider: provider.name,
      ...expected.at(-1),
      amount: "39.98",
      currency: "USD",
      status: "new",
    });
  });

  it("a signed paid notification pays the invoice and the order; the same notification again is acknowledged and changes nothing", async () => {
    const { invoice, ids } = await checkedOut();
    const paid = provider.notification(facts(invoice, "paid", `evt_paid_${invoice.id}`));
    expect((await send(paid)).status).toBe(200);
    const after = await stateOf(shop.t, ids);
    expect(after).toEqual({ invoice: "paid", flag: null, intent: "succeeded", order: "history/approving" });
    const events = await eventsOf(invoice.id);
    expect((await send(paid)).status).toBe(200);
    expect(await stateOf(shop.t, ids)).toEqual(after);
    expect(await eventsOf(invoice.id)).toEqual(events);
  });

  it.each([
    ["signed with another secret", (_right: Notification, wrong: Notification) => wrong],
    [
      "with another notification's signature",
      (right: Notification, _wrong: Notification, other: Notification) => ({
        body: right.body,
        headers: other.headers,
      }),
    ],
    [
      "unsigned",
      (right: Notification, _wrong: Notification) => ({
        body: right.body,
        headers: { "content-type": right.headers["content-type"] ?? "application/json" },
      }),
    ],
  ] as const)("a paid notification %s is refused with a 400 and changes nothing", async (_name, forge) => {
    const { invoice, ids } = await checkedOut();
    const paid = facts(invoice, "paid", `evt_forged_${invoice.id}`);
    const forged = forge(
      provider.notification(paid),
      provider.notification(paid, "someone else's secret"),
      provider.notification({ ...paid, kind: "failed" }),
    );
    const response = await send(forged);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Validation error: notification refused/);
    expect(await stateOf(shop.t, ids)).toEqual(UNTOUCHED);
  });

  it("a signed failed notification fails the invoice: the order waits unpaid in the orders list", async () => {
    const { invoice, ids } = await checkedOut();
    expect((await send(provider.notification(facts(invoice, "failed", `evt_failed_${invoice.id}`)))).status).toBe(200);
    expect(await stateOf(shop.t, ids)).toEqual({
      invoice: "failed",
      flag: null,
      intent: "failed",
      order: "history/paying",
    });
    await dropDeclined(shop, ids.order);
  });

  it("a paid notification of another amount or currency flags the invoice and moves nothing", async () => {
    const { invoice, ids } = await checkedOut();
    await send(provider.notification({ ...facts(invoice, "paid", `evt_short_${invoice.id}`), amount: "39.97" }));
    let state = await stateOf(shop.t, ids);
    expect(state).toMatchObject({ invoice: "new", intent: "open", order: "history/paying" });
    expect(state.flag).toContain("39.97 USD is not the invoice's 39.98 USD");
    await send(provider.notification({ ...facts(invoice, "paid", `evt_euros_${invoice.id}`), currency: "EUR" }));
    state = await stateOf(shop.t, ids);
    expect(state.invoice).toBe("new");
    expect(state.flag).toContain("39.98 EUR is not");
  });
}
