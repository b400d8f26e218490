import type { Database } from "../../../engine/db/open-database.js";
import { AppError, notFound, validationError } from "../../../engine/errors.js";
import type { ModelTransaction } from "../../../engine/query/model-tables.js";
import type { Repositories } from "../../../engine/query/repositories.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import {
  invoiceById,
  openCheckouts,
  paymentIntentById,
  ProviderFailure,
  type CreatedPayment,
  type Currencies,
  type Currency,
  type Invoice,
  type Invoices,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentProviders,
  type ProviderName,
} from "../billing/index.js";
import type { Order, Orders } from "./orders.js";
import { PendingCheckouts } from "./pending-checkouts.js";
import { NO_PRICE, type Priced } from "./prices.js";
import { reserveStock } from "./stock.js";
import { breakdownOf, type ShopPricing } from "./pricing/shop-pricing.js";
import type { Quote } from "./pricing/quote-types.js";
import { requireAddress, type ShippingAddress } from "./shipping-address.js";

export interface CheckoutRequest {
  subjectId: string;
  orderIds: string[];
  /** Omitted: the default currency. */
  currencyId?: string;
  provider: ProviderName;
  email: string;
  /** Required when a line's product needs shipping; stored on the orders with the email. */
  shippingAddress?: ShippingAddress;
  successUrl: string;
  cancelUrl: string;
  /** The delivery chosen among the quote's options; none: the cheapest (docs/shop-pricing.md). */
  shippingRateId?: string;
  /** Discount codes as typed; one the quote refuses makes the checkout a 400. */
  discountCodes?: string[];
}

/** A quote's request: a checkout's without the payment; the address may be only its country (and region). */
export interface QuoteRequest {
  subjectId: string;
  orderIds: string[];
  currencyId?: string;
  email?: string;
  shippingAddress?: Partial<ShippingAddress>;
  shippingRateId?: string;
  discountCodes?: string[];
}

/** The one-step product checkout's quote: its body without the payment; no order is made. */
export interface ProductQuoteRequest extends Omit<QuoteRequest, "orderIds"> {
  productId: string;
  quantity: number;
  storeId?: string;
}

/** The quote answer (docs/api.md "Shop wire shapes"): the quote's figures in the currency. */
export type QuoteAnswer = Quote & { currency: Currency };

/** The checkout answer (docs/api.md "Shop wire shapes"): the payment URL is at billingModule.invoices[0].paymentUrl. */
export interface CheckoutResult {
  billingModule: { invoices: Invoice[]; paymentIntents: PaymentIntent[]; currency: Currency };
  ecommerceModule: { orders: Order[] };
}

/** What step 1 leaves: the invoice (with its payment URL once step 3 ran), intent, currency and orders. */
export interface Started {
  invoice: Invoice;
  intent: PaymentIntent;
  currency: Currency;
  orders: Order[];
  /** This request made the invoice (else it is another request's checkout of the same orders). */
  ours: boolean;
  /** Orders the `inside` callback made (the one-step product checkout's): deleted if the payment cannot be created. */
  created: string[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Turns cart orders into a payment in three steps, so a slow provider never holds a database
 * connection or the orders' row locks (with one embedded connection, one checkout
 * waiting 5 s on the provider froze every other request):
 *
 * 1. one short transaction locks the orders' rows (SELECT … FOR UPDATE, as Saleor does), prices
 *    every line exactly in the currency, has billing open the payment intent and the invoice with
 *    the amount, links the orders to them and moves the orders to `paying` (type `history`);
 * 2. the provider is asked for the payment URL with no transaction open, under the invoice's
 *    idempotency key (`invoice-{id}`);
 * 3. a second short transaction stores the URL on the invoice — or, when the provider failed, fails
 *    the invoice and puts the orders back in the cart (pending-checkouts.ts), and the answer is 502.
 *
 * Two checkouts of the same orders at once: the second waits on the row locks, then finds the
 * orders being paid and answers the first one's invoice (Medusa's way) instead of a second one,
 * waiting for its URL when the first is still at step 2. A request that died between the steps
 * leaves an invoice with no URL: after ABANDONED_AFTER_MS a retry of the same checkout completes
 * it (same invoice, same idempotency key), and the queue's sweep fails it after SWEEP_AFTER_MS,
 * so no order stays `paying` forever. The query count is the same for 1 order or 20.
 */
export class Checkout {
  readonly pending: PendingCheckouts;
  /** The products model's title, as the repositories' 404 names it ("Product … was not found"). */
  private readonly productTitle: string;

  constructor(
    private readonly database: Database,
    private readonly repositories: Repositories,
    registry: Registry,
    private readonly orders: Orders,
    readonly providers: PaymentProviders,
    private readonly invoices: Invoices,
    readonly pricing: ShopPricing,
    /** Billing's currencies: a product quote's currency, read with no order to join it to. */
    private readonly currencies: Currencies,
  ) {
    this.productTitle = registry.get("ecommerce/products").title;
    this.pending = new PendingCheckouts(database, repositories, registry, invoices);
  }

  /** Checks out the subject's orders; `inside` runs first in step 1's transaction (the one-step product checkout creates its order there). */
  async run(
    request: CheckoutRequest,
    inside?: (repository: RepositoryLookup, trx: ModelTransaction) => Promise<string[]>,
  ): Promise<CheckoutResult> {
    const provider = this.providers.get(request.provider);
    for (let attempt = 1; ; attempt++) {
      const started = await this.start(request, inside);
      if (started.invoice.paymentUrl) return answer(started, started.invoice);
      if (started.ours) return this.pay(provider, request, started);
      // Another request's checkout of these orders is asking the provider: wait for its outcome.
      const outcome = await this.awaitOther(started.invoice.id);
      if (outcome === "completed") return answer(started, await this.invoices.get(started.invoice.id));
      // Its request died between the steps: finish it, same invoice and idempotency key.
      if (outcome === "abandoned") return this.pay(provider, request, started);
      // Its provider call failed and the orders are back in the cart: one try of our own.
      if (attempt >= 2)
        throw new AppError(
          "BAD_GATEWAY",
          `${request.provider}: the payment could not be created; the orders are back in the cart`,
        );
    }
  }

  /** Step 1: one short transaction (see the class comment). */
  private start(
    request: CheckoutRequest,
    inside?: (repository: RepositoryLookup, trx: ModelTransaction) => Promise<string[]>,
  ): Promise<Started> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const orderIds = inside ? await inside(repository, trx) : [...new Set(request.orderIds)];
      const { orders, currency } = await this.lockOwnOrders(trx, request.subjectId, orderIds, request.currencyId);
      const inCart = orders.filter((o) => o.type === "cart" && o.status === "new");
      if (inCart.length < orders.length) return this.existingCheckout(trx, orders, request, currency);

      // The lines and their prices in one query: how many lines, and those with a price; each
      // priced line keeps its title and price as bought (rolled back with the rest on a refusal).
      const { lines, priced, ships, tracked, unlisted } = await this.orders.prices.buying(
        trx,
        { orderIds: orders.map((o) => o.id) },
        currency.id,
      );
      if (lines === 0)
        throw validationError("the orders have no products", [
          { path: "/ecommerceModule/orders", message: "have no products" },
        ]);
      // A product taken off the site since it was put in the cart is not for sale, as add to cart says.
      if (unlisted.length > 0) throw notFound(`${this.productTitle} ${unlisted[0]} was not found`);
      if (priced.length < lines)
        throw validationError(NO_PRICE, [{ path: "/billingModule/currency/id", message: NO_PRICE }]);
      // The buyer: the email, and the address when a line needs shipping (docs/shop.md).
      // `ships` was read with the prices (whether a line's product needs shipping).
      const address = requireAddress(ships, request.shippingAddress);
      // The amount is the quote's total (pricing/quote.ts): the lines, less the codes' discounts,
      // plus delivery and tax as the rules say; with no rules, the lines' sum as always.
      const destination = address ? { country: address.country, region: address.region ?? null } : undefined;
      const pricing = await this.pricing.price(trx, {
        subjectId: request.subjectId,
        email: request.email,
        currency,
        priced,
        ...(destination ? { destination } : {}),
        ...(request.shippingRateId ? { shippingRateId: request.shippingRateId } : {}),
        ...(request.discountCodes ? { discountCodes: request.discountCodes } : {}),
      });
      this.pricing.assertPayable(pricing);
      // Stock (stock.ts): the lines' items are taken here, or the checkout is a 409 and nothing is.
      // No line's stock counted (read with the prices): nothing to lock or take.
      if (tracked)
        await reserveStock(
          repository,
          trx,
          priced.map((p) => ({ id: p.lineId, productId: p.productId, storeId: p.storeId, quantity: p.quantity })),
        );

      // Billing's intent and invoice for the amount, and the orders moved to paying, linked to the
      // intent and the currency: one statement (billing gives the rows, Invoices.opening).
      const opening = this.invoices.opening(repository, {
        amount: pricing.quote.total,
        breakdown: breakdownOf(pricing.quote, destination),
        currencyId: currency.id,
        provider: request.provider,
        email: request.email,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
      // The codes' uses, taken with the stock in this transaction (a 409 when one ran out meanwhile).
      const uses = await this.pricing.claimCodes(trx, pricing, request, opening.invoiceId);
      const { updated: moved, created } = await repository("ecommerce/orders").updateManyCreating(
        orderIds,
        { type: "history", status: "paying", email: request.email, ...(address ? { shippingAddress: address } : {}) },
        [
          ...opening.inserts,
          {
            repository: repository("ecommerce/orders-to-billing-module-payment-intents"),
            rows: orders.map((o) => ({ orderId: o.id, billingModulePaymentIntentId: opening.paymentIntentId })),
          },
          {
            repository: repository("ecommerce/orders-to-billing-module-currencies"),
            rows: orders.map((o) => ({ orderId: o.id, billingModuleCurrencyId: currency.id })),
          },
          ...(uses.length ? [{ repository: repository("ecommerce/discount-code-uses"), rows: uses }] : []),
        ],
      );
      const { invoice, intent } = opening.opened(created);
      return { invoice, intent, currency, orders: moved, ours: true, created: inside ? orderIds : [] };
    });
  }

  /**
   * What a checkout of these orders would charge, with the delivery options and the codes' verdicts
   * (docs/shop-pricing.md): the same pricing as step 1, read without locking or keeping anything.
   */
  async quote(request: QuoteRequest): Promise<QuoteAnswer> {
    return runTransaction(this.database, this.repositories, async (_repository, trx) => {
      const orderIds = [...new Set(request.orderIds)];
      const { currency } = await this.lockOwnOrders(trx, request.subjectId, orderIds, request.currencyId, false);
      return this.priceQuote(trx, request, currency, await this.orders.prices.quoting(trx, { orderIds }, currency.id));
    });
  }

  /**
   * What the one-step product checkout of `quantity` items would charge (docs/shop-pricing.md):
   * the line its order would have, priced and quoted as the cart's are, with nothing made or kept.
   */
  async quoteProduct(request: ProductQuoteRequest): Promise<QuoteAnswer> {
    return runTransaction(this.database, this.repositories, async (_repository, trx) => {
      const currency = await this.currency(trx, request.currencyId);
      const line = { productId: request.productId, storeId: request.storeId ?? null, quantity: request.quantity };
      return this.priceQuote(
        trx,
        request,
        currency,
        await this.orders.prices.quoting(trx, { product: line }, currency.id),
      );
    });
  }

  /** A quote of lines read unlocked: the refusals a checkout would make of them, else the pricing's figures. */
  private async priceQuote(
    trx: ModelTransaction,
    request: Omit<QuoteRequest, "orderIds">,
    currency: Currency,
    { lines, priced, unlisted }: Priced,
  ): Promise<QuoteAnswer> {
    if (lines === 0)
      throw validationError("the orders have no products", [
        { path: "/ecommerceModule/orders", message: "have no products" },
      ]);
    if (unlisted.length > 0) throw notFound(`${this.productTitle} ${unlisted[0]} was not found`);
    if (priced.length < lines)
      throw validationError(NO_PRICE, [{ path: "/billingModule/currency/id", message: NO_PRICE }]);
    const { country, region } = request.shippingAddress ?? {};
    const { quote } = await this.pricing.price(trx, {
      subjectId: request.subjectId,
      ...(request.email ? { email: request.email } : {}),
      currency,
      priced,
      ...(country ? { destination: { country, region: region?.trim() || null } } : {}),
      ...(request.shippingRateId ? { shippingRateId: request.shippingRateId } : {}),
      ...(request.discountCodes ? { discountCodes: request.discountCodes } : {}),
    });
    return { ...quote, currency };
  }

  /** The currency asked for, else the default: a 400 naming the field when there is none. */
  private async currency(trx: ModelTransaction, currencyId: string | undefined): Promise<Currency> {
    const currency = await this.currencies.forCheckout(trx, currencyId);
    if (currency) return currency;
    throw noCurrency(currencyId);
  }

  /** Steps 2 and 3: the provider, asked with no transaction open, then its URL stored or the checkout failed (pay-again.ts reuses them). */
  async pay(
    provider: PaymentProvider,
    request: Pick<CheckoutRequest, "provider" | "email" | "successUrl" | "cancelUrl">,
    started: Started,
  ): Promise<CheckoutResult> {
    const { invoice, currency, orders } = started;
    let payment: CreatedPayment;
    try {
      payment = await provider.createPayment({
        invoiceId: invoice.id,
        amount: String(invoice.amount),
        currency: { code: String(currency.slug).toUpperCase(), decimals: currency.decimals },
        email: request.email,
        description: `Order ${orders.map((o) => o.id.slice(0, 8)).join(", ")}`,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        idempotencyKey: `invoice-${invoice.id}`,
      });
    } catch (error) {
      // If this fails too (the database is gone), the queue's sweep fails the checkout later.
      await this.pending.abandon(invoice.id, started.created).catch(() => undefined);
      if (error instanceof ProviderFailure) throw new AppError("BAD_GATEWAY", `${request.provider}: ${error.message}`);
      throw error;
    }
    return answer(started, await this.pending.complete(invoice.id, payment));
  }

  /** Polls another request's checkout until it has its URL, failed, or looks abandoned (no transaction is held meanwhile). */
  private async awaitOther(invoiceId: string): Promise<"completed" | "failed" | "abandoned"> {
    for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
      const state = await this.pending.state(invoiceId);
      if (state.paymentUrl) return "completed";
      if (state.status !== "new") return "failed";
      if (state.abandoned) return "abandoned";
      await pause(delay);
    }
  }

  /**
   * The orders, locked for this transaction, when every one is the subject's (404 naming one that
   * is not), and the currency (the one asked for, else the default), read in one statement.
   */
  private async lockOwnOrders(
    trx: ModelTransaction,
    subjectId: string,
    orderIds: string[],
    currencyId: string | undefined,
    lock = true,
  ): Promise<{ orders: Order[]; currency: Currency }> {
    if (orderIds.length === 0)
      throw validationError("ecommerceModule.orders is required", [
        { path: "/ecommerceModule/orders", message: "is required" },
      ]);
    const { orders, currency } = await this.orders.lockedWithCurrency(trx, subjectId, orderIds, currencyId, { lock });
    if (currency) return { orders, currency };
    throw noCurrency(currencyId);
  }

  /**
   * Orders already being paid: the same checkout again (all of them under one open invoice, same
   * provider and currency) answers that invoice; anything else is a conflict.
   */
  private async existingCheckout(
    trx: ModelTransaction,
    orders: Order[],
    request: CheckoutRequest,
    currency: Currency,
  ): Promise<Started> {
    // The orders' checkouts still waiting (billing's open intents and new invoices), in one statement.
    const links = await trx
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
      .innerJoin(openCheckouts(trx).as("pi"), "pi.intentId", "op.billingModulePaymentIntentId")
      .select(["op.orderId", "pi.intentId", "pi.invoiceId", "pi.provider", "pi.currencyId"])
      .where(
        "op.orderId",
        "in",
        orders.map((o) => o.id),
      )
      .execute();
    const invoiceIds = new Set(links.map((l) => l.invoiceId));
    const sameCheckout =
      invoiceIds.size === 1 &&
      new Set(links.map((l) => l.orderId)).size === orders.length &&
      links.every((l) => l.provider === request.provider && l.currencyId === currency.id);
    if (!sameCheckout) {
      const busy = orders.find((o) => !(o.type === "cart" && o.status === "new"))!;
      throw new AppError("CONFLICT", `order ${busy.id} is ${busy.status}: it is already checked out`);
    }
    const invoice = await invoiceById(trx, links[0]!.invoiceId);
    const intent = await paymentIntentById(trx, links[0]!.intentId);
    if (!invoice || !intent) throw new Error(`invoice ${links[0]!.invoiceId} or its payment intent was not read back`);
    return { invoice, intent, currency, orders, ours: false, created: [] };
  }
}

/** The 400 for a checkout or quote with no currency to charge in: the one asked for does not exist, or there is no default. */
function noCurrency(currencyId: string | undefined) {
  if (currencyId)
    return validationError(`currency ${currencyId} does not exist`, [
      { path: "/billingModule/currency/id", message: "does not exist" },
    ]);
  return validationError("billingModule.currency.id is required: there is no default currency", [
    { path: "/billingModule/currency/id", message: "is required" },
  ]);
}

/** The answer to a checkout (docs/api.md "Shop wire shapes"): the invoice as it now is. */
export function answer(started: Started, invoice: Invoice): CheckoutResult {
  return {
    billingModule: { invoices: [invoice], paymentIntents: [started.intent], currency: started.currency },
    ecommerceModule: { orders: started.orders },
  };
}
