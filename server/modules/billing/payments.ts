import type { Kysely } from "kysely";
import type { Database } from "../../../engine/db/open-database.js";
import { validationError } from "../../../engine/errors.js";
import type { Repository } from "../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
/** A record as module code reads it: typed by the schema at run time, not here. */
type Row = Record<string, any>;
import type { Registry } from "../../../engine/schema/registry.js";
import { sameAmount } from "./money.js";
import type { PaymentEvent, PaymentEventKind, ProviderName, WebhookOutcome } from "./providers/provider.js";

/**
 * What a verified notification does, applied only when it moves the invoice forward:
 *
 * | event     | invoice from        | invoice, payment intent  | its orders                         |
 * |-----------|---------------------|--------------------------|------------------------------------|
 * | paid      | new, failed, canceled | paid, succeeded        | history, approving                 |
 * | failed    | new                 | failed, failed           | back to the cart: cart, new        |
 * | canceled  | new                 | canceled, canceled       | back to the cart: cart, new        |
 * | refunded  | paid                | refunded, refunded       | history, canceled                  |
 *
 * A declined payment puts the orders back in the cart so the payer can try again. Anything else
 * (a failure after paid, a second paid) changes nothing. Each event is applied once: its
 * provider event id is recorded in the same transaction.
 */
const TRANSITIONS: Record<PaymentEventKind, { from: string[]; invoice: string; intent: string; orders: { type: string; status: string } }> = {
  paid: { from: ["new", "failed", "canceled"], invoice: "paid", intent: "succeeded", orders: { type: "history", status: "approving" } },
  failed: { from: ["new"], invoice: "failed", intent: "failed", orders: { type: "cart", status: "new" } },
  canceled: { from: ["new"], invoice: "canceled", intent: "canceled", orders: { type: "cart", status: "new" } },
  refunded: { from: ["paid"], invoice: "refunded", intent: "refunded", orders: { type: "history", status: "canceled" } },
};

export class Payments {
  private readonly table: (id: string) => string;

  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    registry: Registry,
  ) {
    this.table = (id) => registry.get(id).table;
  }

  /** Applies a verified event to the invoice the provider's id names. */
  async apply(provider: ProviderName, event: PaymentEvent): Promise<WebhookOutcome> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const invoice = await trx
        .selectFrom(this.table("billing/invoices"))
        .selectAll()
        .where("provider", "=", provider)
        .where("providerId", "=", event.providerId)
        .forUpdate()
        .executeTakeFirst();
      if (!invoice) return "ignored";
      const recorded = await trx
        .insertInto(this.table("billing/webhook-events"))
        .values({ provider, eventId: event.eventId, kind: event.kind, invoiceId: invoice.id })
        .onConflict((oc) => oc.columns(["provider", "eventId"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!recorded) return "duplicate";
      const decimals = await this.decimalsOf(trx, invoice.id);
      if (event.amount !== undefined && !sameAmount(String(event.amount), String(invoice.amount), decimals)) {
        throw validationError(`the notification's amount ${event.amount} is not the invoice's ${invoice.amount}`);
      }
      const step = TRANSITIONS[event.kind];
      if (!step.from.includes(invoice.status)) return "ignored";
      await this.move(repository, trx, invoice, step);
      return "applied";
    });
  }

  private async move(repository: RepositoryLookup, trx: Kysely<any>, invoice: Row, step: (typeof TRANSITIONS)[PaymentEventKind]) {
    await repository("billing/invoices").update(invoice.id, { status: step.invoice });
    const intents = await trx
      .selectFrom(this.table("billing/payment-intents-to-invoices"))
      .select("paymentIntentId")
      .where("invoiceId", "=", invoice.id)
      .execute();
    const intentIds = intents.map((i) => i.paymentIntentId);
    await repository("billing/payment-intents").updateMany(intentIds, { status: step.intent });
    if (intentIds.length === 0) return;
    const orders = await trx
      .selectFrom(this.table("ecommerce/orders-to-billing-module-payment-intents"))
      .select("orderId")
      .where("billingModulePaymentIntentId", "in", intentIds)
      .execute();
    await repository("ecommerce/orders").updateMany(orders.map((o) => o.orderId), step.orders);
  }

  /** The invoice's currency precision (through its payment intent), 2 when it has none. */
  private async decimalsOf(trx: Kysely<any>, invoiceId: string): Promise<number> {
    const row = await trx
      .selectFrom(`${this.table("billing/payment-intents-to-invoices")} as pi`)
      .innerJoin(`${this.table("billing/payment-intents-to-currencies")} as pc`, "pc.paymentIntentId", "pi.paymentIntentId")
      .innerJoin(`${this.table("billing/currencies")} as c`, "c.id", "pc.currencyId")
      .select("c.decimals")
      .where("pi.invoiceId", "=", invoiceId)
      .executeTakeFirst();
    return row?.decimals ?? 2;
  }
}
