import type { Database } from "../../../engine/db/open-database.js";
import { isUuid } from "../../../engine/query/coerce.js";
import { modelQueries, type ModelQueries, type ModelTransaction } from "../../../engine/query/model-tables.js";
import type { Repository } from "../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { sameAmount } from "./money.js";
import type { Invoice, Invoices, InvoiceState } from "./invoices.js";
import type { PaymentEvent, PaymentEventKind, ProviderName, WebhookOutcome } from "./providers/provider.js";

/**
 * What a verified notification does, applied only when it moves the invoice forward:
 *
 * | event     | invoice from     | invoice, payment intent      | announced to the listeners (invoices.ts) |
 * |-----------|------------------|------------------------------|------------------------------------------|
 * | paid      | new              | paid, succeeded              | paid                                     |
 * | paid      | failed, canceled | paid + flag, succeeded       | paid (from failed or canceled)           |
 * | failed    | new              | failed, failed               | failed                                   |
 * | canceled  | new              | canceled, canceled           | canceled                                 |
 * | refunded  | paid             | refunded, refunded           | refunded                                 |
 *
 * What each move means for what was bought is the listeners' business, in the same transaction
 * (ecommerce: a paid invoice approves the orders still `paying` under it; a failed or canceled one
 * puts them back in the cart and unlinks them, so a late or replayed "paid" for the old invoice
 * cannot approve what it never priced; a refund cancels them). A "paid" that
 * moves nothing anywhere — the money was taken for an invoice nothing waits on any more — is still
 * recorded: the invoice becomes `paid` with a flag ("paid after failed: refund or review") for a
 * person. Anything else (a failure after paid, a second paid) changes nothing. Each event is
 * applied once: its provider event id is recorded in the same transaction.
 */
type Step = { from: string[]; invoice: InvoiceState; intent: string };
const TRANSITIONS: Record<PaymentEventKind, Step> = {
  paid: { from: ["new", "failed", "canceled"], invoice: "paid", intent: "succeeded" },
  failed: { from: ["new"], invoice: "failed", intent: "failed" },
  canceled: { from: ["new"], invoice: "canceled", intent: "canceled" },
  refunded: { from: ["paid"], invoice: "refunded", intent: "refunded" },
};

/** The flag a "paid" sets when it reaches no order (see the table above). */
export const PAID_AFTER_FAILED = "refund or review";

export class Payments {
  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    private readonly registry: Registry,
    private readonly invoices: Invoices,
  ) {}

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
      // The provider's notice of a refund made from the order desk (refunds.ts) is already counted.
      if (kind === "refunded" && (await this.ownRefund(trx, invoice, event))) return "duplicate";
      const mismatch = await this.mismatch(trx, invoice, event);
      if (mismatch) {
        await repository("billing/invoices").update(invoice.id, {
          flag: `${new Date().toISOString()} ${event.eventId}: ${mismatch}`,
        });
        return "mismatch";
      }
      const recorded = await trx
        .insertInto("billing/webhook-events")
        .values({ provider, eventId: event.eventId, kind, invoiceId: invoice.id })
        .onConflict((oc) => oc.columns(["provider", "eventId"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!recorded) return "duplicate";
      const step = TRANSITIONS[kind];
      if (!step.from.includes(invoice.status)) return "ignored";
      return this.move(repository, trx, invoice, step, event);
    });
  }

  /** A provider's question before the payment (CloudPayments' Check): may this invoice be paid, this much? Nothing is written. */
  async check(provider: ProviderName, event: PaymentEvent): Promise<WebhookOutcome> {
    const db = modelQueries(this.database.db, this.registry);
    const invoice = await this.findInvoice(db, provider, event, false);
    if (!invoice) return "unknown";
    if (await this.mismatch(db, invoice, event)) return "mismatch";
    return invoice.status === "new" ? "accepted" : "refused";
  }

  /** The invoice of this provider the event names, locked for the transaction when asked. */
  private async findInvoice(
    db: ModelQueries,
    provider: ProviderName,
    event: PaymentEvent,
    lock: boolean,
  ): Promise<Invoice | undefined> {
    let query = db.selectFrom("billing/invoices").selectAll().where("provider", "=", provider);
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
  private async mismatch(db: ModelQueries, invoice: Invoice, event: PaymentEvent): Promise<string | undefined> {
    const currency = await this.currencyOf(db, invoice.id);
    const code = String(invoice.currency ?? currency?.slug ?? "").toUpperCase();
    const decimals = currency?.decimals ?? 2;
    const stated = `${event.amount ?? "no amount"} ${event.currency ?? "no currency"}`;
    const expected = `the invoice's ${invoice.amount} ${code}`;
    const needsAmount = event.kind === "paid" || event.kind === "check" || event.kind === "refunded";
    const needsCurrency = event.kind === "paid" || event.kind === "check";
    if (event.amount === undefined ? needsAmount : !sameAmount(event.amount, String(invoice.amount), decimals))
      return `${stated} is not ${expected}`;
    if (event.currency === undefined ? needsCurrency : event.currency.toUpperCase() !== code)
      return `${stated} is not ${expected}`;
    return undefined;
  }

  /** Whether a refund notification tells of a refund this shop made (billing/refunds, not failed) of that amount. */
  private async ownRefund(trx: ModelTransaction, invoice: Invoice, event: PaymentEvent): Promise<boolean> {
    if (event.amount === undefined) return false;
    const refunds = await trx
      .selectFrom("billing/refunds")
      .select("amount")
      .where("invoiceId", "=", invoice.id)
      .where("status", "!=", "failed")
      .execute();
    const decimals = (await this.currencyOf(trx, invoice.id))?.decimals ?? 2;
    return refunds.some((r) => sameAmount(String(r.amount), event.amount!, decimals));
  }

  /** Moves the invoice and its intents and tells the listeners; returns "flagged" when a paid moved nothing. */
  private async move(
    repository: RepositoryLookup,
    trx: ModelTransaction,
    invoice: Invoice,
    step: Step,
    event: PaymentEvent,
  ): Promise<WebhookOutcome> {
    const eventId = event.eventId;
    const paymentIntentIds = await this.invoices.intentIdsOf(trx, invoice.id);
    await repository("billing/payment-intents").updateMany(paymentIntentIds, { status: step.intent });
    const moved = await this.invoices.announce({ invoice, state: step.invoice, paymentIntentIds }, repository, trx);
    // Money taken for an invoice nothing waits on any more: recorded, never applied to a cart.
    const late = step.invoice === "paid" && moved.length === 0;
    const why =
      invoice.status === "new" ? "paid, but no order is waiting for this invoice" : `paid after ${invoice.status}`;
    const fields: Record<string, unknown> = { status: step.invoice };
    if (late) fields.flag = `${new Date().toISOString()} ${eventId}: ${why}: ${PAID_AFTER_FAILED}`;
    // What a refund will name; and a refund made at the provider (its dashboard) gave back the whole amount.
    if (step.invoice === "paid" && event.paymentId) fields.providerPaymentId = event.paymentId;
    if (step.invoice === "refunded") fields.refundedAmount = invoice.amount;
    await repository("billing/invoices").update(invoice.id, fields);
    return late ? "flagged" : "applied";
  }

  /** The invoice's currency (through its payment intent): slug and precision. */
  async currencyOf(db: ModelQueries, invoiceId: string): Promise<{ slug: string; decimals: number } | undefined> {
    return db
      .selectFrom("billing/payment-intents-to-invoices as pi")
      .innerJoin("billing/payment-intents-to-currencies as pc", "pc.paymentIntentId", "pi.paymentIntentId")
      .innerJoin("billing/currencies as c", "c.id", "pc.currencyId")
      .select(["c.slug", "c.decimals"])
      .where("pi.invoiceId", "=", invoiceId)
      .executeTakeFirst();
  }
}
