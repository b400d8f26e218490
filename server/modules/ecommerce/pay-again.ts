import { sql, type Kysely } from "kysely";
import type { Database } from "../../../engine/db/open-database.js";
import { AppError, validationError } from "../../../engine/errors.js";
import type { Repositories } from "../../../engine/query/repositories.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { sumAmounts, type Invoice, type Invoices, type ProviderName } from "../billing/index.js";
import { answer, type Checkout, type CheckoutResult, type Started } from "./checkout.js";
import type { Order, Orders } from "./orders.js";
import { NO_PRICE } from "./prices.js";
import { ABANDONED_AFTER_MS } from "./pending-checkouts.js";

/** A payment page stays the one to go back to this long; after it, pay again makes a new invoice at today's prices. */
export const PAYMENT_LINK_VALID_MS = 60 * 60_000;

/** `abandoned`: no payment URL ABANDONED_AFTER_MS after it was made (its request died between the steps). */
type Open = { invoice: Invoice; intentId: string; currencyId: string; fresh: boolean; abandoned: boolean };

/**
 * Pay now for an unpaid order (`paying`; issue 27): back to the same invoice's payment page while
 * it is valid (status new, with a payment URL, younger than PAYMENT_LINK_VALID_MS), else a new
 * invoice for the same orders' lines at today's prices in the same currency and provider. In one
 * transaction holding the orders' row locks, the old invoice is canceled before the new one is
 * opened (its orders unlinked from it first, so billing's "canceled" does not put them back in the
 * cart): never two payable invoices for one order. The provider is then asked with no
 * transaction open, as a checkout's steps 2 and 3 (checkout.ts).
 */
export class PayAgain {
  private readonly table: (id: string) => string;

  constructor(
    private readonly database: Database,
    private readonly repositories: Repositories,
    registry: Registry,
    private readonly orders: Orders,
    private readonly checkout: Checkout,
    private readonly invoices: Invoices,
  ) {
    this.table = (id) => registry.get(id).table;
  }

  /** `subjectId`: the order must be that subject's (404 otherwise); undefined for a signed order link. */
  async run(orderId: string, subjectId?: string): Promise<CheckoutResult> {
    const { started, reuse, request } = await runTransaction(this.database, this.repositories, async (repository, trx) => {
      const order = subjectId ? (await this.orders.allOwnedBy(trx, subjectId, [orderId], { lock: true }))[0]! : await this.lockOrder(trx, orderId);
      if (order.status !== "paying") throw new AppError("CONFLICT", `order ${orderId} is ${order.status}: there is nothing to pay`);
      const open = await this.openInvoiceOf(trx, orderId);
      if (!open) throw new AppError("CONFLICT", `order ${orderId} has no invoice waiting for payment`);
      const currency = await repository("billing/currencies").get(open.currencyId);
      const request = { provider: open.invoice.provider as ProviderName, email: String(open.invoice.email), successUrl: String(open.invoice.successUrl), cancelUrl: String(open.invoice.cancelUrl) };
      const intent = await repository("billing/payment-intents").get(open.intentId);
      // Every order of the old invoice moves to the new one: the same lines, one invoice.
      const orderIds = await this.ordersOf(trx, open.intentId);
      const orders = await this.lockMany(trx, orderIds);
      // Valid, or another request's Pay now still asking the provider for its page: that one stands.
      if (open.fresh && (open.invoice.paymentUrl || !open.abandoned)) return { reuse: true, request, started: { invoice: open.invoice, intent, currency, orders, ours: false, created: [] } as Started };

      const paying = orders.filter((o) => o.status === "paying");
      await trx.deleteFrom(this.table("ecommerce/orders-to-billing-module-payment-intents")).where("billingModulePaymentIntentId", "=", open.intentId).where("orderId", "in", paying.map((o) => o.id)).execute();
      await this.invoices.cancelOpen(repository, trx, open.invoice.id);

      const withLines = await this.orders.withLines(trx, paying);
      const lineIds = withLines.flatMap((o) => o.ordersToProducts.map((l) => l.id));
      const priced = await this.orders.prices.lines(trx, { lineIds }, currency.id);
      if (lineIds.length === 0 || priced.length < lineIds.length) throw validationError(NO_PRICE, [{ path: "/billingModule/currency/id", message: NO_PRICE }]);
      const amount = sumAmounts(priced.map((p) => p.amount), currency.decimals);
      const made = await this.invoices.open(repository, { amount, currencyId: currency.id, ...request });
      await repository("ecommerce/orders-to-billing-module-payment-intents").bulkCreate(paying.map((o) => ({ orderId: o.id, billingModulePaymentIntentId: made.intent.id })));
      return { reuse: false, request, started: { invoice: made.invoice, intent: made.intent, currency, orders: paying, ours: true, created: [] } as Started };
    });
    if (reuse) return started.invoice.paymentUrl ? answer(started, started.invoice) : answer(started, await this.awaitUrl(started.invoice.id));
    return this.checkout.pay(this.checkout.providers.get(request.provider), request, started);
  }

  /** Waits (no transaction held) for another request's new invoice to get its payment page. */
  private async awaitUrl(invoiceId: string): Promise<Invoice> {
    for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
      const state = await this.checkout.pending.state(invoiceId);
      if (state.paymentUrl) return this.repositories.get("billing/invoices")!.get(invoiceId) as Promise<Invoice>;
      if (state.status !== "new" || state.abandoned) throw new AppError("CONFLICT", `the payment for this order could not be created; try Pay now again`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private async lockOrder(trx: Kysely<any>, orderId: string): Promise<Order> {
    const [order] = await this.lockMany(trx, [orderId]);
    if (!order) throw new AppError("NOT_FOUND", `Order ${orderId} was not found`);
    return order;
  }

  private lockMany(trx: Kysely<any>, orderIds: string[]): Promise<Order[]> {
    return trx.selectFrom(this.table("ecommerce/orders")).selectAll().where("id", "in", orderIds).orderBy("id").forUpdate().$castTo<Order>().execute();
  }

  /** The order's invoice still waiting for payment (the newest), its intent, currency and whether its page is still valid. */
  private async openInvoiceOf(trx: Kysely<any>, orderId: string): Promise<Open | undefined> {
    const row = await trx
      .selectFrom(`${this.table("ecommerce/orders-to-billing-module-payment-intents")} as op`)
      .innerJoin(`${this.table("billing/payment-intents-to-invoices")} as pii`, "pii.paymentIntentId", "op.billingModulePaymentIntentId")
      .innerJoin(`${this.table("billing/invoices")} as i`, "i.id", "pii.invoiceId")
      .innerJoin(`${this.table("billing/payment-intents-to-currencies")} as pc`, "pc.paymentIntentId", "op.billingModulePaymentIntentId")
      .selectAll("i")
      .select(["op.billingModulePaymentIntentId as intentId", "pc.currencyId", sql<boolean>`i."createdAt" > now() - make_interval(secs => ${PAYMENT_LINK_VALID_MS / 1000}::float8)`.as("fresh"),
        sql<boolean>`i."createdAt" < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000}::float8)`.as("abandoned"),
      ])
      .where("op.orderId", "=", orderId)
      .where("i.status", "=", "new")
      .orderBy("i.createdAt", "desc")
      .executeTakeFirst();
    if (!row) return undefined;
    const { intentId, currencyId, fresh, abandoned, ...invoice } = row as Invoice & { intentId: string; currencyId: string; fresh: boolean; abandoned: boolean };
    return { invoice: invoice as Invoice, intentId, currencyId, fresh: Boolean(fresh), abandoned: Boolean(abandoned) };
  }

  private async ordersOf(trx: Kysely<any>, intentId: string): Promise<string[]> {
    const rows = await trx.selectFrom(this.table("ecommerce/orders-to-billing-module-payment-intents")).select("orderId").where("billingModulePaymentIntentId", "=", intentId).execute();
    return [...new Set(rows.map((r) => r.orderId as string))];
  }
}

