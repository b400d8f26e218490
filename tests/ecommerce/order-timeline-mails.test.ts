import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { SmtpPeer } from "../notification/smtp-peer.js";
import { addToCart, catalogue, dummyCheckout, dummyWebhook, shopper, type Catalogue } from "./shop-fixture.js";

// The order desk's timeline says what became of each mail about the order (docs/shop.md "The order desk"):
// "queued" while it waits in the queue, "sending" while a mail server is taking it, "sent" only once
// the mail server accepted it, "failed" when it refused, and "kept" when no mail server is set and
// the mail only went to the outbox table.
describe(`an order's mails on the desk's timeline, on ${testDialect}`, () => {
  const smtp = new SmtpPeer();
  const apps: Record<"smtp" | "outbox", { t: TestApp; c: Catalogue }> = {} as never;

  beforeAll(async () => {
    await smtp.start();
    for (const transport of ["smtp", "outbox"] as const) {
      const t = await createTestApp(transport === "smtp" ? { smtpUrl: smtp.url } : {});
      apps[transport] = { t, c: await catalogue(t) };
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(apps).map(({ t }) => t.close()));
    await smtp.stop();
  });

  /** The states of the timeline's mails to `recipient`, oldest first. */
  const mailStates = async (t: TestApp, orderId: string, recipient: string) => {
    const page = await t.request({ method: "GET", url: `/api/ecommerce/orders/${orderId}/desk?language=en` });
    expect(page.status).toBe(200);
    return page.body.data.timeline
      .filter((e: any) => e.kind === "mail" && e.recipient === recipient)
      .map((e: any) => e.status as string);
  };

  const cases = [
    { transport: "smtp", recipient: "ann@example.com", whileSending: "sending", delivered: "sent" },
    { transport: "smtp", recipient: "refuse-ann@example.com", whileSending: undefined, delivered: "failed" },
    { transport: "outbox", recipient: "ann@example.com", whileSending: undefined, delivered: "kept" },
  ] as const;

  it.each(cases)(
    "through $transport, a mail to $recipient is queued, then $delivered",
    async ({ transport, recipient, whileSending, delivered }) => {
      const { t, c } = apps[transport];
      const ann = await shopper(t, `buyer-${transport}-${recipient}`);
      const line = await addToCart(ann, c.shoes.id, 1);
      const { pay } = await dummyCheckout(t, ann, [line.id], c.usd.id, recipient);
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      await t.app.notifications.flush();
      // The paid order's status mails to the buyer, delivered (or refused, or kept) by now.
      const statusMails = await mailStates(t, line.id, recipient);
      expect(statusMails.length).toBeGreaterThan(0);
      expect(new Set(statusMails)).toEqual(new Set([delivered]));

      // One more mail about the order, due tomorrow: waiting in the queue.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const queued = await t.request({
        method: "POST",
        url: "/api/notification/notifications",
        payload: {
          data: {
            recipient,
            template: "message",
            data: { orderId: line.id, subject: "About your order", text: "It ships on Monday." },
            sendAfter: tomorrow,
          },
        },
      });
      expect(queued.status, JSON.stringify(queued.body)).toBe(201);
      expect(await mailStates(t, line.id, recipient)).toEqual([...statusMails, "queued"]);

      // Due now: while the mail server is taking it, not yet "sent".
      let seenWhileSending: string[] | undefined;
      smtp.onMessage = async (mail) => {
        if (mail.subject === "About your order") seenWhileSending = await mailStates(t, line.id, recipient);
      };
      const due = await t.request({
        method: "PATCH",
        url: `/api/notification/notifications/${queued.body.data.id}`,
        payload: { data: { sendAfter: new Date(Date.now() - 1000).toISOString() } },
      });
      expect(due.status).toBe(200);
      await t.app.notifications.flush();
      smtp.onMessage = undefined;
      expect(seenWhileSending?.at(-1)).toBe(whileSending);
      expect(await mailStates(t, line.id, recipient)).toEqual([...statusMails, delivered]);
    },
  );
});
