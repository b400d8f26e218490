import { sql } from "kysely";
import type { Database } from "../../../engine/db/open-database.js";
import type { Repository } from "../../../engine/query/repository.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { invoiceRows, invoicesOfIntents, type CreatedPayment, type Invoice, type Invoices } from "../billing/index.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";

/**
 * Past this age an invoice still waiting for its payment URL is taken to be abandoned (the request
 * that made it died between the steps): a retry of the same checkout completes it. Well beyond the
 * providers' 15 s timeout, so a live request is never overtaken.
 */
export const ABANDONED_AFTER_MS = 30_000;
/** The queue's sweep fails checkouts left waiting this long: their orders go back to the cart. */
export const SWEEP_AFTER_MS = 5 * 60_000;

/** Where a checkout made by some request stands, as another request sees it. */
export interface PendingState {
  status: string;
  paymentUrl: string | null;
  /** Older than ABANDONED_AFTER_MS with no payment URL. */
  abandoned: boolean;
}

/**
 * The steps of a checkout after the first (checkout.ts): the invoice exists, its orders are
 * `paying`, and the provider is asked with no transaction open. Step 3 is `complete` (the payment
 * URL stored) or `abandon` (the provider failed: orders back to the cart, invoice failed). Each is
 * a short transaction on the invoice's locked row and does nothing once the invoice has moved on,
 * so a retry, a concurrent request and the queue's `sweep` may race them safely.
 */
export class PendingCheckouts {
  private readonly db: ModelQueries;

  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    registry: Registry,
    private readonly invoices: Invoices,
  ) {
    this.db = modelQueries(database.db, registry);
  }

  /** Stores the provider's payment on the invoice still waiting for it (billing's write); the invoice as it then is. */
  async complete(invoiceId: string, payment: CreatedPayment): Promise<Invoice> {
    return this.invoices.storePayment(invoiceId, payment);
  }

  /**
   * Fails a checkout whose payment was not made: invoice and intent `failed`, its orders back in
   * the cart and unlinked from it (billing fails the invoice and announces it; ecommerce's
   * listener, orders-follow-invoices.ts, releases the orders in the same transaction); `created`
   * orders (the one-step product checkout's own) are deleted, as when the checkout was one
   * transaction. False when the invoice had already moved on (completed, paid, failed).
   */
  async abandon(invoiceId: string, created: string[] = []): Promise<boolean> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const released = await this.invoices.failUnpaid(repository, trx, invoiceId);
      if (!released) return false;
      for (const id of created.filter((id) => released.includes(id))) await repository("ecommerce/orders").delete(id);
      return true;
    });
  }

  async state(invoiceId: string): Promise<PendingState> {
    // Billing's invoice, its age by the database's clock (as the sweep's): one statement.
    const row = await this.db
      .selectFrom(invoiceRows(this.db).as("i"))
      .select([
        "i.status",
        "i.paymentUrl",
        sql<boolean>`i."createdAt" < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000}::float8)`.as(
          "abandoned",
        ),
      ])
      .where("i.id", "=", invoiceId)
      .executeTakeFirst();
    // Deleted meanwhile (by an admin): as good as failed.
    if (!row) return { status: "deleted", paymentUrl: null, abandoned: false };
    return {
      status: row.status,
      paymentUrl: row.paymentUrl ?? null,
      abandoned: !row.paymentUrl && Boolean(row.abandoned),
    };
  }

  /**
   * The queue's sweep: checkouts of orders still `paying` whose invoice got no payment URL within
   * `olderThanMs` (the request died between the steps) are abandoned, so no order stays `paying`
   * forever. Returns how many.
   */
  async sweep(olderThanMs = SWEEP_AFTER_MS): Promise<number> {
    const stale = await this.db
      .selectFrom(invoicesOfIntents(this.db).as("i"))
      .innerJoin(
        "ecommerce/orders-to-billing-module-payment-intents as op",
        "op.billingModulePaymentIntentId",
        "i.intentId",
      )
      .select("i.id")
      .distinct()
      .where("i.status", "=", "new")
      .where("i.paymentUrl", "is", null)
      .where("i.createdAt", "<", sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000}::float8)`)
      .limit(100)
      .execute();
    let abandoned = 0;
    for (const { id } of stale) if (await this.abandon(id)) abandoned++;
    return abandoned;
  }
}
