import type { Kysely } from "kysely";
import type { Database } from "../../../engine/db/open-database.js";
import { isUuid } from "../../../engine/query/coerce.js";
import type { Repository } from "../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { sameAmount } from "./money.js";
import { releaseOrders } from "./release-orders.js";
import type { PaymentEvent, PaymentEventKind, ProviderName, WebhookOutcome } from "./providers/provider.js";

/** A record as module code reads it: typed by the schema at run time, not here. */
type Row = Record<string, any>;

/**
 * What a verified notification does, applied only when it moves the invoice forward:
 *
 * | event     | invoice from     | invoice, payment intent      | its orders                                    |
 * |-----------|------------------|------------------------------|-----------------------------------------------|
 * | paid      | new              | paid, succeeded              | those still `paying` under it: history, approving |
 * | paid      | failed, canceled | paid + flag, succeeded       | none (they left this invoice when it failed)  |
 * | failed    | new              | failed, failed               | back to the cart (cart, new), unlinked        |
 * | canceled  | new              | canceled, canceled           | back to the cart (cart, new), unlinked        |
 * | refunded  | paid             | refunded, refunded           | history, canceled                             |
 *
 * An invoice pays exactly the lines it was made for. A declined or canceled payment puts the
 * orders back in the cart so the payer can try again, and deletes their links to this invoice's
 * intent (release-orders.ts): the cart may change after that, and a late or replayed "paid" for
 * the old invoice must not approve what it never priced (issue 23, finding 2). Such a "paid" is
 * still recorded — the money was taken — so the invoice becomes `paid` with a flag ("paid after
 * failed: refund or review") for a person, and no order moves. A "paid" that finds no order
 * waiting for it is flagged the same way. Anything else (a failure after paid, a second paid)
 * changes nothing. Each event is applied once: its provider event id is recorded in the same
 * transaction.
 */
type Step = { from: string[]; invoice: string; intent: string; orders: "release" | { type: string; status: string; from?: string[] } };
const TRANSITIONS: Record<PaymentEventKind, Step> = {
  paid: { from: ["new", "failed", "canceled"], invoice: "paid", intent: "succeeded", orders: { type: "history", status: "approving", from: ["paying"] } },
  failed: { from: ["new"], invoice: "failed", intent: "failed", orders: "release" },
  canceled: { from: ["new"], invoice: "canceled", intent: "canceled", orders: "release" },
  refunded: { from: ["paid"], invoice: "refunded", intent: "refunded", orders: { type: "history", status: "canceled" } },
};

/** The flag a "paid" sets when it reaches no order (see the table above). */
export const PAID_AFTER_FAILED = "refund or review";

export class Payments {
  private readonly table: (id: string) => string;

  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    registry: Registry,
  ) {
    this.table = (id) => registry.get(id).table;
  }

  /**
   * Applies a verified event to the invoice it names (by our invoice id when the notification
   * carries it back, else by the provider's payment id), once per provider event id, only forward.
   * An amount or currency that is not the invoice's flags the invoice and moves nothing; the event
   * is not recorded, so the genuine notification still counts when it comes.
   */
  async apply(provider: ProviderName, event: PaymentEvent): Promise<WebhookOutcome> {
    if (event.kind === "check") return this.check(provider, event);
    const kind = event.kind;
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const invoice = await this.findInvoice(trx, provider, event, true);
      if (!invoice) return "unknown";
      const mismatch = await this.mismatch(trx, invoice, event);
      if (mismatch) {
        await repository("billing/invoices").update(invoice.id, { flag: `${new Date().toISOString()} ${event.eventId}: ${mismatch}` });
        return "mismatch";
      }
      const recorded = await trx
        .insertInto(this.table("billing/webhook-events"))
        .values({ provider, eventId: event.eventId, kind, invoiceId: invoice.id })
        .onConflict((oc) => oc.columns(["provider", "eventId"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!recorded) return "duplicate";
      const step = TRANSITIONS[kind];
      if (!step.from.includes(invoice.status)) return "ignored";
      return this.move(repository, trx, invoice, step, event.eventId);
    });
  }

  /** A provider's question before the payment (CloudPayments' Check): may this invoice be paid, this much? Nothing is written. */
  async check(provider: ProviderName, event: PaymentEvent): Promise<WebhookOutcome> {
    const db = this.database.db;
    const invoice = await this.findInvoice(db, provider, event, false);
    if (!invoice) return "unknown";
    if (await this.mismatch(db, invoice, event)) return "mismatch";
    return invoice.status === "new" ? "accepted" : "refused";
  }

  /** The invoice of this provider the event names, locked for the transaction when asked. */
  private async findInvoice(trx: Kysely<any>, provider: ProviderName, event: PaymentEvent, lock: boolean): Promise<Row | undefined> {
    let query = trx.selectFrom(this.table("billing/invoices")).selectAll().where("provider", "=", provider);
    if (event.invoiceId !== undefined) {
      if (!isUuid(event.invoiceId)) return undefined;
      query = query.where("id", "=", event.invoiceId);
    } else if (event.providerId !== undefined) {
      query = query.where("providerId", "=", event.providerId);
    } else {
      return undefined;
    }
    return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
  }

  /**
   * Why the event's amount or currency is not the invoice's, or undefined when they match. A
   * payment (paid, check) must state both; a refund its amount (a partial refund does not match);
   * a failure or cancellation is checked on what it states.
   */
  private async mismatch(trx: Kysely<any>, invoice: Row, event: PaymentEvent): Promise<string | undefined> {
    const currency = await this.currencyOf(trx, invoice.id);
    const code = String(invoice.currency ?? currency?.slug ?? "").toUpperCase();
    const decimals = currency?.decimals ?? 2;
    const stated = `${event.amount ?? "no amount"} ${event.currency ?? "no currency"}`;
    const expected = `the invoice's ${invoice.amount} ${code}`;
    const needsAmount = event.kind === "paid" || event.kind === "check" || event.kind === "refunded";
    const needsCurrency = event.kind === "paid" || event.kind === "check";
    if (event.amount === undefined ? needsAmount : !sameAmount(event.amount, String(invoice.amount), decimals)) return `${stated} is not ${expected}`;
    if (event.currency === undefined ? needsCurrency : event.currency.toUpperCase() !== code) return `${stated} is not ${expected}`;
    return undefined;
  }

  /** Moves the invoice, its intents and (per the table) its orders; returns "flagged" when a paid reached no order. */
  private async move(repository: RepositoryLookup, trx: Kysely<any>, invoice: Row, step: Step, eventId: string): Promise<WebhookOutcome> {
    const intents = await trx
      .selectFrom(this.table("billing/payment-intents-to-invoices"))
      .select("paymentIntentId")
      .where("invoiceId", "=", invoice.id)
      .execute();
    const intentIds = intents.map((i) => i.paymentIntentId as string);
    await repository("billing/payment-intents").updateMany(intentIds, { status: step.intent });
    let moved = 0;
    if (step.orders === "release") {
      await releaseOrders(repository, trx, this.table, intentIds);
    } else if (intentIds.length > 0 && !(step.invoice === "paid" && invoice.status !== "new")) {
      const { from, ...orders } = step.orders;
      let query = trx
        .selectFrom(`${this.table("ecommerce/orders-to-billing-module-payment-intents")} as op`)
        .innerJoin(`${this.table("ecommerce/orders")} as o`, "o.id", "op.orderId")
        .select("o.id")
        .where("op.billingModulePaymentIntentId", "in", intentIds);
      if (from) query = query.where("o.status", "in", from);
      const ids = [...new Set((await query.execute()).map((o) => o.id as string))];
      moved = (await repository("ecommerce/orders").updateMany(ids, orders)).length;
    }
    // Money taken for an invoice no order waits on any more: recorded, never applied to the cart.
    const late = step.invoice === "paid" && moved === 0;
    const why = invoice.status === "new" ? "paid, but no order is waiting for this invoice" : `paid after ${invoice.status}`;
    await repository("billing/invoices").update(invoice.id, late ? { status: step.invoice, flag: `${new Date().toISOString()} ${eventId}: ${why}: ${PAID_AFTER_FAILED}` } : { status: step.invoice });
    return late ? "flagged" : "applied";
  }

  /** The invoice's currency (through its payment intent): slug and precision. */
  private async currencyOf(trx: Kysely<any>, invoiceId: string): Promise<{ slug: string; decimals: number } | undefined> {
    return trx
      .selectFrom(`${this.table("billing/payment-intents-to-invoices")} as pi`)
      .innerJoin(`${this.table("billing/payment-intents-to-currencies")} as pc`, "pc.paymentIntentId", "pi.paymentIntentId")
      .innerJoin(`${this.table("billing/currencies")} as c`, "c.id", "pc.currencyId")
      .select(["c.slug", "c.decimals"])
      .where("pi.invoiceId", "=", invoiceId)
      .executeTakeFirst();
  }
}
