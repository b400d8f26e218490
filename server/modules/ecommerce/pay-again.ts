import { sql } from "kysely";
import type { Database } from "../../../engine/db/open-database.js";
import { AppError, notFound, validationError } from "../../../engine/errors.js";
import type { Repositories } from "../../../engine/query/repositories.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import {
  currenciesOfIntents,
  invoicesOfIntents,
  type Currencies,
  type Invoice,
  type Invoices,
  type ProviderName,
} from "../billing/index.js";
import { breakdownOf } from "./pricing/shop-pricing.js";
import { choicesOf } from "./pricing/invoice-choices.js";
import { answer, type Checkout, type CheckoutResult, type Started } from "./checkout.js";
import type { Order, Orders } from "./orders.js";
import { NO_PRICE } from "./prices.js";
import { ABANDONED_AFTER_MS } from "./pending-checkouts.js";
import { returnToCart } from "./orders-follow-invoices.js";
import { consolidateCart } from "./cart-merge.js";
import { reserveStock } from "./stock.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";

/** A payment page stays the one to go back to this long; after it, pay again makes a new invoice at today's prices. */
export const PAYMENT_LINK_VALID_MS = 60 * 60_000;

/** `abandoned`: no payment URL ABANDONED_AFTER_MS after it was made (its request died between the steps). */
type Last = { invoice: Invoice; intentId: string; currencyId: string; fresh: boolean; abandoned: boolean };

/**
 * Pay now for an unpaid order (`paying`; docs/shop.md): back to the same invoice's payment page while
 * it is valid (status new, with a payment URL, younger than PAYMENT_LINK_VALID_MS), else a new
 * invoice for the same orders' lines at today's prices in the same currency and provider. In one
 * transaction holding the orders' row locks, the orders leave the old invoice (unlinked, so its
 * later moves reach them no more) and a still waiting one is canceled before the new one is
 * opened: never two payable invoices for one order. After a declined payment (the last invoice
 * failed or canceled, orders-follow-invoices.ts) the items are reserved again (a 409 "only N
 * left" when they are gone). The provider is then asked with no
 * transaction open, as a checkout's steps 2 and 3 (checkout.ts).
 */
export class PayAgain {
  constructor(
    private readonly database: Database,
    private readonly repositories: Repositories,
    private readonly orders: Orders,
    private readonly checkout: Checkout,
    private readonly invoices: Invoices,
    private readonly currencies: Currencies,
  ) {}

  /** `subjectId`: the order must be that subject's (404 otherwise); undefined for a signed order link. */
  async run(orderId: string, subjectId?: string): Promise<CheckoutResult> {
    const { started, reuse, request } = await runTransaction(
      this.database,
      this.repositories,
      async (repository, trx) => {
        const { last, orders } = await this.unpaid(trx, orderId, subjectId);
        const currency = await this.currencies.get(last.currencyId, repository);
        const request = {
          provider: last.invoice.provider as ProviderName,
          email: String(last.invoice.email),
          successUrl: String(last.invoice.successUrl),
          cancelUrl: String(last.invoice.cancelUrl),
        };
        const waiting = last.invoice.status === "new";
        // Valid, or another request's Pay now still asking the provider for its page: that one stands.
        if (waiting && last.fresh && (last.invoice.paymentUrl || !last.abandoned)) {
          const intent = await this.invoices.intent(repository, last.intentId);
          return {
            reuse: true,
            request,
            started: { invoice: last.invoice, intent, currency, orders, ours: false, created: [] } as Started,
          };
        }

        const paying = orders.filter((o) => o.status === "paying");
        await this.unlink(repository, trx, paying, last.intentId);
        if (waiting) await this.invoices.cancelOpen(repository, trx, last.invoice.id);

        const withLines = await this.orders.withLines(trx, paying);
        const lineIds = withLines.flatMap((o) => o.ordersToProducts.map((l) => l.id));
        // Today's prices, kept on the lines as what they are now bought at (prices.ts, buying).
        const { priced, unlisted } = await this.orders.prices.buying(trx, { lineIds }, currency.id);
        // A product taken off the site since is not for sale any more (as at checkout).
        if (unlisted.length > 0)
          throw notFound(`${this.repositories.get("ecommerce/products")!.model.title} ${unlisted[0]} was not found`);
        if (lineIds.length === 0 || priced.length < lineIds.length)
          throw validationError(NO_PRICE, [{ path: "/billingModule/currency/id", message: NO_PRICE }]);
        // A declined payment gave its items back (orders-follow-invoices.ts): taken again, or a 409 and nothing changes.
        if (!waiting)
          await reserveStock(
            repository,
            trx,
            priced.map((p) => ({ id: p.lineId, productId: p.productId, storeId: p.storeId, quantity: p.quantity })),
          );
        // Priced again as the last invoice was (pricing/shop-pricing.ts): its codes, its delivery, the orders' address.
        const chosen = choicesOf(last.invoice);
        const address = paying
          .map((o) => o.shippingAddress as { country?: string; region?: string } | null)
          .find(Boolean);
        const destination = address?.country ? { country: address.country, region: address.region ?? null } : undefined;
        // A signed order link names no subject: the email alone counts the buyer's uses.
        const pricing = await this.checkout.pricing.price(trx, {
          ...(subjectId ? { subjectId } : {}),
          email: request.email,
          currency,
          priced,
          ...(destination ? { destination } : {}),
          ...chosen,
        });
        this.checkout.pricing.assertPayable(pricing);
        const made = await this.invoices.open(repository, {
          amount: pricing.quote.total,
          breakdown: breakdownOf(pricing.quote, destination),
          currencyId: currency.id,
          ...request,
        });
        const uses = await this.checkout.pricing.claimCodes(
          trx,
          pricing,
          { ...(subjectId ? { subjectId } : {}), email: request.email },
          made.invoice.id,
        );
        if (uses.length > 0) await repository("ecommerce/discount-code-uses").bulkCreate(uses);
        await repository("ecommerce/orders-to-billing-module-payment-intents").bulkCreate(
          paying.map((o) => ({ orderId: o.id, billingModulePaymentIntentId: made.intent.id })),
        );
        return {
          reuse: false,
          request,
          started: {
            invoice: made.invoice,
            intent: made.intent,
            currency,
            orders: paying,
            ours: true,
            created: [],
          } as Started,
        };
      },
    );
    if (reuse)
      return started.invoice.paymentUrl
        ? answer(started, started.invoice)
        : answer(started, await this.awaitUrl(started.invoice.id));
    return this.checkout.pay(this.checkout.providers.get(request.provider), request, started);
  }

  /**
   * Back to cart for an unpaid order (the buyer's other way out of a declined payment): every order
   * of its last invoice goes back to the cart, unlinked from it (orders-follow-invoices.ts,
   * returnToCart), the invoice canceled first when it still waits, and lines of a product the cart
   * already holds again join that line. The orders as they now are.
   */
  async backToCart(orderId: string, subjectId: string): Promise<Order[]> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const { last, orders } = await this.unpaid(trx, orderId, subjectId);
      const paying = orders.filter((o) => o.status === "paying").map((o) => o.id);
      if (last.invoice.status === "new") {
        await this.unlink(repository, trx, orders, last.intentId);
        await this.invoices.cancelOpen(repository, trx, last.invoice.id);
      }
      await returnToCart(repository, trx, paying, [last.intentId]);
      // The same product added again since the decline: one line with both quantities.
      await consolidateCart(repository, trx, subjectId);
      return this.lockMany(trx, paying);
    });
  }

  /** The unpaid order's last invoice and every order under it, locked; 409 when it is not unpaid. */
  private async unpaid(
    trx: ModelQueries,
    orderId: string,
    subjectId?: string,
  ): Promise<{ last: Last; orders: Order[] }> {
    const order = subjectId
      ? (await this.orders.allOwnedBy(trx, subjectId, [orderId], { lock: true }))[0]!
      : await this.lockOrder(trx, orderId);
    if (order.status !== "paying")
      throw new AppError("CONFLICT", `order ${orderId} is ${order.status}: there is nothing to pay`);
    const last = await this.lastInvoiceOf(trx, orderId);
    if (!last) throw new AppError("CONFLICT", `order ${orderId} has no invoice waiting for payment`);
    // Every order of the last invoice moves with it: the same lines, one invoice.
    return { last, orders: await this.lockMany(trx, await this.ordersOf(trx, last.intentId)) };
  }

  /** Unlinks the orders from the intent, so its invoice's later moves no longer reach them. */
  private async unlink(
    repository: RepositoryLookup,
    trx: ModelQueries,
    orders: Order[],
    intentId: string,
  ): Promise<void> {
    if (orders.length === 0) return;
    const links = await trx
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents")
      .select("id")
      .where("billingModulePaymentIntentId", "=", intentId)
      .where(
        "orderId",
        "in",
        orders.map((o) => o.id),
      )
      .execute();
    // Through the link's repository: the unlinking is in the audit log like any delete.
    await repository("ecommerce/orders-to-billing-module-payment-intents").deleteMany(links.map((l) => l.id));
  }

  /** Waits (no transaction held) for another request's new invoice to get its payment page. */
  private async awaitUrl(invoiceId: string): Promise<Invoice> {
    for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
      const state = await this.checkout.pending.state(invoiceId);
      if (state.paymentUrl) return this.invoices.get(invoiceId);
      if (state.status !== "new" || state.abandoned)
        throw new AppError("CONFLICT", `the payment for this order could not be created; try Pay now again`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private async lockOrder(trx: ModelQueries, orderId: string): Promise<Order> {
    const [order] = await this.lockMany(trx, [orderId]);
    if (!order) throw new AppError("NOT_FOUND", `Order ${orderId} was not found`);
    return order;
  }

  private lockMany(trx: ModelQueries, orderIds: string[]): Promise<Order[]> {
    return trx
      .selectFrom("ecommerce/orders")
      .selectAll()
      .where("id", "in", orderIds)
      .orderBy("id")
      .forUpdate()
      .execute();
  }

  /**
   * The order's newest invoice, its intent, currency and whether its page is still valid. Any status
   * but `new` means it did not pay the order, which is still `paying`: declined, canceled, or paid
   * and flagged after it failed (payments.ts).
   */
  private async lastInvoiceOf(trx: ModelQueries, orderId: string): Promise<Last | undefined> {
    const row = await trx
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
      .innerJoin(invoicesOfIntents(trx).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
      .innerJoin(currenciesOfIntents(trx).as("pc"), "pc.intentId", "op.billingModulePaymentIntentId")
      .selectAll("i")
      .select([
        "pc.currencyId",
        sql<boolean>`i."createdAt" > now() - make_interval(secs => ${PAYMENT_LINK_VALID_MS / 1000}::float8)`.as(
          "fresh",
        ),
        sql<boolean>`i."createdAt" < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000}::float8)`.as(
          "abandoned",
        ),
      ])
      .where("op.orderId", "=", orderId)
      .orderBy("i.createdAt", "desc")
      .executeTakeFirst();
    if (!row) return undefined;
    const { intentId, currencyId, fresh, abandoned, ...invoice } = row;
    return { invoice, intentId, currencyId, fresh: Boolean(fresh), abandoned: Boolean(abandoned) };
  }

  private async ordersOf(trx: ModelQueries, intentId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents")
      .select("orderId")
      .where("billingModulePaymentIntentId", "=", intentId)
      .execute();
    return [...new Set(rows.map((r) => r.orderId))];
  }
}
