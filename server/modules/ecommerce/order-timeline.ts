import type { FastifyInstance } from "fastify";
import { invoicesOfIntents, refundsOf, webhookEventsOf } from "../billing/index.js";
import { modelQueries } from "../../../engine/query/model-tables.js";
import { notificationsAbout, type MailState } from "../notification/index.js";

/** One moment in an order's life, as the desk's order page lists them (oldest first). */
export type TimelineEntry = { at: string } & (
  | { kind: "created" }
  | { kind: "status"; from: string | null; to: string }
  | { kind: "invoice"; invoiceId: string; provider: string; amount: string; status: string; currency: string | null }
  | { kind: "webhook"; invoiceId: string; provider: string; event: string; eventId: string }
  | { kind: "refund"; invoiceId: string; amount: string; status: string; error: string | null }
  | { kind: "mail"; template: string | null; recipient: string | null; status: MailState; subject: string | null }
);

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/**
 * An order's timeline: when it was made, each change of its status (ecommerce/order-status-changes,
 * written by the orders' trigger), each invoice opened for it, each provider notification applied
 * to those (billing/webhook-events), each refund, and each mail about it (notification/notifications
 * whose data names the order: the customer's status mails, the owner's paid-order mail) in its state
 * (notification/mail-state.ts: queued, sending, sent, kept in the outbox, failed…). Five
 * queries, one per kind, whatever the order's history.
 */
export async function orderTimeline(
  app: FastifyInstance,
  order: { id: string; createdAt: unknown },
): Promise<TimelineEntry[]> {
  const db = modelQueries(app.database.db, app.registry);
  const statuses = await db
    .selectFrom("ecommerce/order-status-changes")
    .select(["createdAt", "from", "to"])
    .where("orderId", "=", order.id)
    .execute();
  const invoices = await db
    .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
    .innerJoin(invoicesOfIntents(db).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
    .select(["i.id", "i.createdAt", "i.provider", "i.amount", "i.status", "i.currency"])
    .where("op.orderId", "=", order.id)
    .execute();
  const invoiceIds = [...new Set(invoices.map((i) => i.id))];
  const events = await webhookEventsOf(db, invoiceIds);
  const refunds = await refundsOf(db, invoiceIds);
  const mails = await notificationsAbout(db, "orderId", order.id);
  const entries: TimelineEntry[] = [
    { at: iso(order.createdAt), kind: "created" },
    ...statuses.map((s): TimelineEntry => ({ at: iso(s.createdAt), kind: "status", from: s.from ?? null, to: s.to })),
    ...[...new Map(invoices.map((i) => [i.id, i])).values()].map(
      (i): TimelineEntry => ({
        at: iso(i.createdAt),
        kind: "invoice",
        invoiceId: i.id,
        provider: i.provider,
        amount: String(i.amount),
        status: i.status,
        currency: i.currency ?? null,
      }),
    ),
    ...events.map(
      (e): TimelineEntry => ({
        at: iso(e.createdAt),
        kind: "webhook",
        invoiceId: e.invoiceId,
        provider: e.provider,
        event: e.kind,
        eventId: e.eventId,
      }),
    ),
    ...refunds.map(
      (r): TimelineEntry => ({
        at: iso(r.updatedAt ?? r.createdAt),
        kind: "refund",
        invoiceId: r.invoiceId,
        amount: String(r.amount),
        status: r.status,
        error: r.error ?? null,
      }),
    ),
    ...mails.map(
      (m): TimelineEntry => ({
        at: iso(m.sentAt ?? m.createdAt),
        kind: "mail",
        template: m.template ?? null,
        recipient: m.recipient ?? null,
        // Queued, sent (a mail server took it) or only kept in the outbox: not the queue's own word.
        status: m.state,
        subject: m.subject ?? null,
      }),
    ),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
