import type { Database } from "../../../engine/db/open-database.js";
import { AppError, notFound, validationError } from "../../../engine/errors.js";
import { isDecimal } from "../../../engine/query/decimal.js";
import { modelQueries, type ModelTransaction } from "../../../engine/query/model-tables.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import type { Invoice, Invoices } from "./invoices.js";
import { fromMinorUnits, toMinorUnits } from "./money.js";
import type { Payments } from "./payments.js";
import { ProviderFailure, ProviderRefusal } from "./providers/provider.js";
import type { PaymentProviders } from "./providers/registry.js";

export type Refund = StoredRecord<"billing/refunds">;

export interface RefundRequest {
  invoiceId: string;
  /** Decimal string in major units; the whole amount left when absent. */
  amount?: string;
  /** The request's Idempotency-Key, when it sent one. */
  requestKey?: string;
  /** What the refund gives back of each part of the invoice, shared out by the selling module (stored with it). */
  allocation?: RefundAllocation;
}

/**
 * A refund's share of each part of what the invoice charged, as the selling module reads the
 * invoice's `breakdown` (billing keeps it, the seller knows what its parts are): `parts` is stored
 * on the refund as it came. It was computed for one amount after one refunded amount, both checked
 * with the invoice's row locked, so a share made before another refund completed is never stored.
 */
export interface RefundAllocation {
  /** The amount shared out: the refund's (the whole amount left when the request names none). */
  amount: string;
  /** The invoice's refunded amount it was shared out after ("0.00" before the first refund). */
  after: string;
  parts: Record<string, unknown>;
}

/** "10.5" and "10.50" as one text, for the request key; anything else as it came (refused later). */
function sameForm(amount: string, decimals: number): string {
  try {
    return fromMinorUnits(toMinorUnits(amount, decimals), decimals);
  } catch {
    return amount;
  }
}

/** Whether an allocation was shared out for this refund's amount after the refunds the invoice records now. */
function sharedOut(allocation: RefundAllocation, units: bigint, before: bigint, decimals: number): boolean {
  try {
    return toMinorUnits(allocation.amount, decimals) === units && toMinorUnits(allocation.after, decimals) === before;
  } catch {
    return false;
  }
}

/** What the provider is sent for a refund: the same for every retry of it. */
export const refundKey = (refundId: string) => `refund-${refundId}`;

/**
 * Refunds of paid invoices through their provider's refund API (docs/payments.md "Refunds"), in three
 * steps so the provider's call holds no transaction and no lock, as the checkout does:
 *
 * 1. with the invoice's row locked: the refund is checked (the invoice is paid, its provider can
 *    refund, the amount is a decimal > 0 at the currency's precision and at most what is left:
 *    the amount less what was refunded) and recorded `pending` under its request key;
 * 2. the provider is asked, with `refund-{id}` as its idempotency key;
 * 3. with the invoice's row locked again: the refund `succeeded`, the invoice's `refundedAmount`
 *    raised exactly; once it is the whole amount the invoice and its payment intents are
 *    `refunded` and the move is announced (ecommerce cancels the orders and gives their stock back).
 *
 * Never twice: the request key is the Idempotency-Key header, or else one made of the amount asked
 * and the amount refunded before it, so the same request repeated (a double click, a retry after
 * a timeout or a crash between the steps) finds its refund: done, it is answered again; still
 * `pending`, step 2 runs again with the same key and the provider answers the refund it made. A
 * provider that answered no (4xx) fails the refund (nothing was given back, the key is freed); one
 * that could not be reached leaves it `pending` (the outcome is not known) and blocks other
 * refunds of the invoice until the same request is repeated.
 */
export class Refunds {
  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    private readonly registry: Registry,
    private readonly invoices: Invoices,
    private readonly payments: Payments,
    private readonly providers: PaymentProviders,
  ) {}

  /** Whether the provider has a refund API here. */
  canRefund(provider: string): boolean {
    return typeof this.providers.find(provider)?.refund === "function";
  }

  /** Steps 1 to 3; the refund as it ends (a refused or unreachable provider is a 502 after it is recorded). */
  async refund(request: RefundRequest): Promise<Refund> {
    const refund = await this.reserve(request);
    if (refund.status !== "pending") return refund;
    return this.complete(refund.id);
  }

  /** Step 1: the refund asked for, recorded `pending` (or the one this request made before). */
  private reserve({ invoiceId, amount, requestKey, allocation }: RefundRequest): Promise<Refund> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const invoice = await this.locked(trx, invoiceId);
      const decimals = (await this.payments.currencyOf(trx, invoiceId))?.decimals ?? 2;
      const paid = toMinorUnits(String(invoice.amount), decimals);
      const before = invoice.refundedAmount == null ? 0n : toMinorUnits(String(invoice.refundedAmount), decimals);
      const key =
        requestKey ??
        `auto:${amount === undefined ? "whole" : sameForm(amount, decimals)}@${fromMinorUnits(before, decimals)}`;
      const refunds = repository("billing/refunds");
      const earlier = await trx.selectFrom("billing/refunds").selectAll().where("invoiceId", "=", invoiceId).execute();
      const same = earlier.find((r) => r.requestKey === key);
      if (same && same.status !== "failed") return same;
      // A refused refund did nothing: its key is freed for this new try.
      if (same) await refunds.update(same.id, { requestKey: `${key}#failed-${same.id}` });
      if (!this.canRefund(String(invoice.provider))) {
        throw new AppError(
          "CONFLICT",
          `${invoice.provider} has no refund API: give the money back in its own dashboard`,
          [{ path: "/provider", message: "cannot refund" }],
        );
      }
      // "Refund the rest" again once nothing is left (a double click with no key): the refund that did it.
      const last = earlier
        .filter((r) => r.status === "succeeded")
        .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())[0];
      if (invoice.status === "refunded" && amount === undefined && requestKey === undefined && last) return last;
      if (invoice.status === "refunded")
        throw new AppError("CONFLICT", `invoice ${invoiceId} is already refunded in full`, [
          { path: "/amount", message: "nothing left to refund" },
        ]);
      if (invoice.status !== "paid")
        throw new AppError(
          "CONFLICT",
          `invoice ${invoiceId} is ${invoice.status}, not paid: there is nothing to refund`,
          [{ path: "/amount", message: "nothing paid" }],
        );
      const pending = earlier.find((r) => r.status === "pending");
      if (pending)
        throw new AppError(
          "CONFLICT",
          `a refund of ${pending.amount} is still pending (its provider did not answer): repeat that request to complete it`,
          [{ path: "/amount", message: "a refund is pending" }],
        );
      const left = paid - before;
      let units = left;
      if (amount !== undefined) {
        const cause = (message: string) => validationError(`/amount ${message}`, [{ path: "/amount", message }]);
        if (!isDecimal(amount)) throw cause('must be a decimal string such as "12.50"');
        try {
          units = toMinorUnits(amount, decimals);
        } catch {
          throw cause(`must have at most ${decimals} decimals`);
        }
        if (units <= 0n) throw cause("must be more than 0");
        if (units > left)
          throw cause(
            `${fromMinorUnits(units, decimals)} is more than the ${fromMinorUnits(left, decimals)} left to refund (paid ${invoice.amount}, refunded ${fromMinorUnits(before, decimals)})`,
          );
      }
      if (allocation && !sharedOut(allocation, units, before, decimals))
        throw new AppError(
          "CONFLICT",
          `invoice ${invoiceId} was refunded meanwhile (${fromMinorUnits(before, decimals)} in all now): ask again`,
          [{ path: "/amount", message: "refunded meanwhile" }],
        );
      return (await refunds.create({
        invoiceId,
        amount: fromMinorUnits(units, decimals),
        status: "pending",
        requestKey: key,
        ...(allocation ? { allocation: allocation.parts } : {}),
      })) as Refund;
    });
  }

  /** Steps 2 and 3 for a pending refund. */
  private async complete(refundId: string): Promise<Refund> {
    const refunds = this.repositories.get("billing/refunds")!;
    const refund = (await refunds.get(refundId)) as Refund;
    const invoice = (await this.repositories.get("billing/invoices")!.get(refund.invoiceId)) as Invoice;
    const currency = await this.payments.currencyOf(modelQueries(this.database.db, this.registry), invoice.id);
    const provider = this.providers.get(String(invoice.provider));
    let providerRefundId: string;
    try {
      ({ providerRefundId } = await provider.refund!({
        invoiceId: invoice.id,
        providerId: invoice.providerId ?? undefined,
        paymentId: invoice.providerPaymentId ?? undefined,
        amount: String(refund.amount),
        currency: {
          code: String(invoice.currency ?? currency?.slug ?? "").toUpperCase(),
          decimals: currency?.decimals ?? 2,
        },
        idempotencyKey: refundKey(refund.id),
      }));
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      const refused = error instanceof ProviderRefusal;
      // Refused: nothing was given back. Unreachable: unknown, so it stays pending for the retry.
      await refunds.updateIf(
        refund.id,
        { status: "pending" },
        refused ? { status: "failed", error: error.message } : { error: error.message },
      );
      throw new AppError(
        "BAD_GATEWAY",
        refused
          ? `${provider.name} refused the refund: ${error.message}`
          : `${provider.name} did not confirm the refund (${error.message}): repeat the same request to complete it`,
      );
    }
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const locked = await this.locked(trx, invoice.id);
      const current = await trx
        .selectFrom("billing/refunds")
        .selectAll()
        .where("id", "=", refund.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // Another request completing the same refund got here first.
      if (current.status !== "pending") return current;
      const decimals = currency?.decimals ?? 2;
      const before = locked.refundedAmount == null ? 0n : toMinorUnits(String(locked.refundedAmount), decimals);
      const refunded = before + toMinorUnits(String(refund.amount), decimals);
      const whole = refunded >= toMinorUnits(String(locked.amount), decimals);
      const done = (await repository("billing/refunds").update(refund.id, {
        status: "succeeded",
        providerRefundId,
        error: null,
      })) as Refund;
      if (!whole) {
        await repository("billing/invoices").update(invoice.id, { refundedAmount: fromMinorUnits(refunded, decimals) });
        return done;
      }
      const paymentIntentIds = await this.invoices.intentIdsOf(trx, invoice.id);
      await repository("billing/payment-intents").updateMany(paymentIntentIds, { status: "refunded" });
      await this.invoices.announce({ invoice: locked, state: "refunded", paymentIntentIds }, repository, trx);
      await repository("billing/invoices").update(invoice.id, {
        status: "refunded",
        refundedAmount: fromMinorUnits(refunded, decimals),
      });
      return done;
    });
  }

  private async locked(trx: ModelTransaction, invoiceId: string): Promise<Invoice> {
    const invoice = await trx
      .selectFrom("billing/invoices")
      .selectAll()
      .where("id", "=", invoiceId)
      .forUpdate()
      .executeTakeFirst();
    if (!invoice) throw notFound(`Invoice ${invoiceId} was not found`);
    return invoice;
  }
}
