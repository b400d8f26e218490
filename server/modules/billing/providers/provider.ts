// The payment provider interface (docs/payments.md "The provider interface"): one file per
// provider behind it, chosen by settings. Inspired by Medusa's AbstractPaymentProvider, reduced to
// what the shop's checkout, webhooks and refunds need.

/** A provider's name: one of the definitions listed in ./index.ts (not a closed type, so a list may grow without code here changing). */
export type ProviderName = string;

/** What a provider needs to create a payment for one invoice. Amounts are decimal strings. */
export interface PaymentContext {
  invoiceId: string;
  /** The exact amount in major units ("59.97"), at the currency's precision. */
  amount: string;
  /** The order's currency: ISO code in upper case ("USD") and its number of decimals. */
  currency: { code: string; decimals: number };
  email: string;
  description: string;
  /** Where the payer goes after paying, or after giving up: paths of this site ("/cart?payment=paid"). */
  successUrl: string;
  cancelUrl: string;
  /** Sent to providers that take one, so a retried create never makes a second payment. */
  idempotencyKey: string;
}

/** What createPayment answers; checkout writes these fields on the invoice. */
export interface CreatedPayment {
  /** The provider's id for this payment; notifications name it. */
  providerId: string;
  /** Where the payer is sent. */
  paymentUrl: string;
  /** The currency code the provider was asked for (the order's), so the invoice shows it. */
  currency?: string;
}

export type PaymentEventKind = "paid" | "failed" | "canceled" | "refunded";

/**
 * A verified notification, reduced to what our invoices and orders need. `check` is a question
 * asked before the payment is made (CloudPayments' Check): may this invoice be paid, this much?
 */
export interface PaymentEvent {
  kind: PaymentEventKind | "check";
  /** The provider's id of the payment (the invoice's providerId), when the notification names it. */
  providerId?: string;
  /** Our invoice id, when the (signed) notification carries it back; looked up before providerId. */
  invoiceId?: string;
  /** The provider's own id of this notification: one applied once, whatever the retries. */
  eventId: string;
  /** Decimal major units ("39.98"). */
  amount?: string;
  /** ISO code, any case. */
  currency?: string;
  /**
   * On a "paid": the provider's id of the payment that paid the invoice, which its refund API
   * names (Stripe's payment intent, CloudPayments' and Payselection's TransactionId).
   */
  paymentId?: string;
}

/** What a provider needs to give back money on a paid invoice. Amounts are decimal strings. */
export interface RefundContext {
  invoiceId: string;
  /** The provider's id of the invoice's payment as createPayment answered it (a Checkout Session's id). */
  providerId?: string;
  /** The provider's id of the payment that paid it, from its paid notification (PaymentEvent.paymentId). */
  paymentId?: string;
  /** The exact amount to give back in major units ("12.50"), at most what is left to refund. */
  amount: string;
  currency: { code: string; decimals: number };
  /** Stable for one refund (refund-{id}): sent again when the refund is retried, so the provider makes it once. */
  idempotencyKey: string;
}

/** What a refund answers: the provider's id of the refund. */
export interface CreatedRefund {
  providerRefundId: string;
}

/**
 * What came of a verified notification:
 * - `applied`: the invoice moved; `duplicate`: this event was applied before; `ignored`: it would
 *   not move the invoice forward (a failure after paid), or it is not one we act on;
 * - `unknown`: no invoice of this provider has that id;
 * - `mismatch`: its amount or currency is not the invoice's: the invoice is flagged, nothing moves;
 * - `flagged`: a genuine "paid" for an invoice no order waits on (it failed or was canceled
 *   first): recorded, the invoice is paid and flagged for a refund or review, no order moves;
 * - for a `check`: `accepted`, or `refused` (the invoice is not waiting for payment), or
 *   `unknown` / `mismatch` as above.
 */
export type WebhookOutcome =
  | "applied"
  | "flagged"
  | "duplicate"
  | "ignored"
  | "unknown"
  | "mismatch"
  | "accepted"
  | "refused";

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(context: PaymentContext): Promise<CreatedPayment>;
  /**
   * Gives back `amount` of a paid invoice through the provider's refund API (optional: a provider
   * without one, 0xProcessing, leaves it out and the order desk says so). Throws ProviderRefusal
   * when the provider answered no (nothing was given back), ProviderFailure when it could not be
   * reached or answered an error of its own (the outcome is not known: the same key is sent again).
   */
  refund?(context: RefundContext): Promise<CreatedRefund>;
  /**
   * Checks the notification's signature over the raw body (constant time, before any database
   * look-up) and reads it; throws WebhookRefusal when it is unsigned, wrongly signed or stale.
   * Null: genuine, but nothing our invoices act on (acknowledged as `ignored`). A provider whose
   * signature leaves the status or amount unsigned (0xProcessing) reads them from its API instead,
   * hence the promise; ProviderFailure when that API cannot answer (the provider then retries).
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    url: string,
  ): PaymentEvent | null | Promise<PaymentEvent | null>;
  /** The status and body the provider expects back for this outcome of this (verified) notification. */
  webhookAnswer(outcome: WebhookOutcome, event?: PaymentEvent | null): { status: number; body: unknown };
}

/** A notification refused before anything was looked up or changed. */
export class WebhookRefusal extends Error {}

/** A provider that could not create the payment (its error, or none reachable). */
export class ProviderFailure extends Error {}

/**
 * A provider that answered a clear no (a 4xx, `Success: false`): the request did nothing there,
 * so a refund refused this way is failed rather than left to be retried.
 */
export class ProviderRefusal extends ProviderFailure {}

/** Where the site's pages and webhook route are, for the addresses providers are given. */
export interface SiteAddress {
  publicUrl: string;
  production: boolean;
}

/** A site path ("/cart?payment=paid") as the absolute address an outside provider needs. */
export const absoluteUrl = (site: SiteAddress, path: string) => new URL(path, `${site.publicUrl}/`).toString();

/** The webhook address to register with a provider (and to give it per payment where it takes one). */
export const webhookUrl = (site: SiteAddress, provider: ProviderName) =>
  `${site.publicUrl}/api/billing/payment-intents/${provider}/webhook`;

/** A header's single value ("" when absent or repeated). */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name.toLowerCase()];
  return typeof value === "string" ? value : "";
}
