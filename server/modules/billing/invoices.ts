import { randomUUID } from "node:crypto";
import type { Database } from "../../../engine/db/open-database.js";
import { AppError } from "../../../engine/errors.js";
import type { CreatedWith, Repository } from "../../../engine/query/repository.js";
import type { Row } from "../../../engine/query/prepare-write.js";
import type { ModelQueries, ModelTransaction } from "../../../engine/query/model-tables.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import type { CreatedPayment, ProviderName } from "./providers/provider.js";

export type Invoice = StoredRecord<"billing/invoices">;
export type PaymentIntent = StoredRecord<"billing/payment-intents">;

/** The states an invoice moves to after `new`, each announced to the invoice-state listeners. */
export type InvoiceState = "paid" | "failed" | "canceled" | "refunded";

/** An invoice moving to `state`, told to the listeners inside the transaction that moves it. */
export interface InvoiceStateChange {
  /** The invoice as it was before the move (its `status` is the state it leaves). */
  invoice: Invoice;
  state: InvoiceState;
  /** The payment intents the invoice pays: what other modules link their records to. */
  paymentIntentIds: string[];
}

/**
 * A module's part in an invoice's move (ecommerce moves its orders). It runs in the invoice's
 * transaction, with repositories bound to it, so the move and the listener's writes commit or
 * roll back together. Returns the ids of the records it moved: a payment that moved nothing
 * anywhere is flagged for a person (payments.ts).
 */
/** What the payment intents pay for, in the selling module's words (its records, listed on the payment page). */
export type InvoiceItemsReader = (db: ModelQueries, paymentIntentIds: string[]) => Promise<unknown[]>;

export type InvoiceStateListener = (
  change: InvoiceStateChange,
  repository: RepositoryLookup,
  trx: ModelTransaction,
) => Promise<readonly string[]>;

/** What a new invoice is for: its amount in one currency, paid through one provider. */
export interface InvoiceRequest {
  amount: string;
  currencyId: string;
  provider: ProviderName;
  email: string;
  successUrl: string;
  cancelUrl: string;
  /** What the amount is made of (the selling module's quote), kept on the invoice as charged. */
  breakdown?: Record<string, unknown>;
}

/**
 * Billing's invoices: the only writer of invoices and their payment intents. Other modules open
 * an invoice for what they sell (`open`, or `opening`'s rows, which billing makes, sent in a
 * statement of their own), and learn of its moves (paid, failed, canceled, refunded) by
 * listening, never by writing rows of billing's tables they made up; billing never writes theirs.
 */
export class Invoices {
  private readonly listeners: InvoiceStateListener[] = [];
  private itemsReader: InvoiceItemsReader = async () => [];

  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
  ) {}

  /** The invoice, or the repository's 404 naming it. */
  async get(invoiceId: string): Promise<Invoice> {
    return (await this.repositories.get("billing/invoices")!.get(invoiceId)) as Invoice;
  }

  /** A payment intent in the caller's transaction, or the repository's 404 naming it. */
  intent(repository: RepositoryLookup, intentId: string): Promise<PaymentIntent> {
    return repository("billing/payment-intents").get(intentId);
  }

  /** Sets who tells what an invoice pays for (the module that sells: ecommerce's orders). */
  onInvoiceItems(reader: InvoiceItemsReader): void {
    this.itemsReader = reader;
  }

  /** What the invoice pays for, as the selling module describes it (the dummy payment page lists it). */
  async itemsOf(db: ModelQueries, invoiceId: string): Promise<unknown[]> {
    return this.itemsReader(db, await this.intentIdsOf(db, invoiceId));
  }

  /** Adds a listener told of every invoice's move, inside the move's transaction. */
  onInvoiceState(listener: InvoiceStateListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener of the move; the ids of everything they moved. */
  async announce(change: InvoiceStateChange, repository: RepositoryLookup, trx: ModelTransaction): Promise<string[]> {
    const moved: string[] = [];
    for (const listener of this.listeners) moved.push(...(await listener(change, repository, trx)));
    return moved;
  }

  /**
   * In the caller's transaction: a payment intent (`open`, one-off) in the currency and its
   * invoice (`new`) for the amount, linked; the caller links its own records to the intent.
   */
  async open(
    repository: RepositoryLookup,
    request: InvoiceRequest,
  ): Promise<{ invoice: Invoice; intent: PaymentIntent }> {
    // The intent, its currency, the invoice and their link: four rows, one statement.
    const opening = this.opening(repository, request);
    const [first, ...others] = opening.inserts;
    const created = await first!.repository.createTogether(
      first!.rows[0],
      others.map((other) => ({ repository: other.repository, raw: other.rows[0] })),
    );
    return opening.opened(created);
  }

  /**
   * The rows `open` writes, for a caller that writes them in a statement of its own (a checkout
   * moves its orders to paying with them, Repository.updateManyCreating): the intent and the
   * invoice are answered, and `opened` reads them from what that statement created.
   */
  opening(
    repository: RepositoryLookup,
    request: InvoiceRequest,
  ): {
    paymentIntentId: string;
    invoiceId: string;
    inserts: CreatedWith[];
    opened(created: (Row | undefined)[]): { invoice: Invoice; intent: PaymentIntent };
  } {
    const { amount, currencyId, provider, email, successUrl, cancelUrl, breakdown } = request;
    const [paymentIntentId, invoiceId] = [randomUUID(), randomUUID()];
    return {
      paymentIntentId,
      invoiceId,
      inserts: [
        {
          repository: repository("billing/payment-intents"),
          rows: [{ id: paymentIntentId, amount, status: "open", type: "one_off" }],
          answer: true,
        },
        { repository: repository("billing/payment-intents-to-currencies"), rows: [{ paymentIntentId, currencyId }] },
        {
          repository: repository("billing/invoices"),
          rows: [
            {
              id: invoiceId,
              amount,
              status: "new",
              provider,
              email,
              successUrl,
              cancelUrl,
              ...(breakdown ? { breakdown } : {}),
            },
          ],
          answer: true,
        },
        { repository: repository("billing/payment-intents-to-invoices"), rows: [{ paymentIntentId, invoiceId }] },
      ],
      opened: (created) => {
        const [intent, , invoice] = created;
        if (!intent || !invoice) throw new Error("the payment intent and the invoice were not read back");
        return { invoice: invoice as Invoice, intent: intent as PaymentIntent };
      },
    };
  }

  /** Stores the provider's payment on the invoice still waiting for it; the invoice as it then is. */
  async storePayment(invoiceId: string, payment: CreatedPayment): Promise<Invoice> {
    // The usual case in one statement: the invoice still waits for its URL (the UPDATE locks it).
    const stored = await this.repositories
      .get("billing/invoices")!
      .updateIf(invoiceId, { status: "new", paymentUrl: null }, payment);
    if (stored) return stored as Invoice;
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const invoice = await this.locked(trx, invoiceId);
      if (invoice.paymentUrl) return invoice; // another request completed it first: that one stands
      if (invoice.status !== "new")
        throw new AppError(
          "CONFLICT",
          `invoice ${invoiceId} is ${invoice.status}: this checkout was abandoned; check the orders out again`,
        );
      return repository("billing/invoices").update(invoiceId, payment);
    });
  }

  /**
   * In the caller's transaction: fails an invoice whose payment was never created (still `new`,
   * no payment URL) — invoice and intents `failed`, the move announced. Undefined when the invoice
   * had already moved on (completed, paid, failed); else the ids the listeners moved.
   */
  async failUnpaid(
    repository: RepositoryLookup,
    trx: ModelTransaction,
    invoiceId: string,
  ): Promise<string[] | undefined> {
    const invoice = await this.locked(trx, invoiceId);
    if (invoice.status !== "new" || invoice.paymentUrl) return undefined;
    await repository("billing/invoices").update(invoiceId, { status: "failed" });
    const paymentIntentIds = await this.intentIdsOf(trx, invoiceId);
    await repository("billing/payment-intents").updateMany(paymentIntentIds, { status: "failed" });
    return this.announce({ invoice, state: "failed", paymentIntentIds }, repository, trx);
  }

  /**
   * In the caller's transaction: cancels an invoice still waiting for its payment (`new`, with or
   * without a payment URL) — invoice and intents `canceled`, the move announced — so it can be
   * replaced (pay again). False when it had already moved on. A late "paid" for it is then
   * recorded with the paid-after-canceled flag and moves nothing (payments.ts).
   */
  async cancelOpen(repository: RepositoryLookup, trx: ModelTransaction, invoiceId: string): Promise<boolean> {
    const invoice = await this.locked(trx, invoiceId);
    if (invoice.status !== "new") return false;
    await repository("billing/invoices").update(invoiceId, { status: "canceled" });
    const paymentIntentIds = await this.intentIdsOf(trx, invoiceId);
    await repository("billing/payment-intents").updateMany(paymentIntentIds, { status: "canceled" });
    await this.announce({ invoice, state: "canceled", paymentIntentIds }, repository, trx);
    return true;
  }

  /** The ids of the payment intents the invoice pays. */
  async intentIdsOf(db: ModelQueries, invoiceId: string): Promise<string[]> {
    const intents = await db
      .selectFrom("billing/payment-intents-to-invoices")
      .select("paymentIntentId")
      .where("invoiceId", "=", invoiceId)
      .execute();
    return intents.map((i) => i.paymentIntentId);
  }

  private locked(trx: ModelTransaction, invoiceId: string): Promise<Invoice> {
    return trx
      .selectFrom("billing/invoices")
      .selectAll()
      .where("id", "=", invoiceId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }
}
