// The payment provider interface (../shared/PAYMENTS.md): one file per provider behind it,
// chosen by settings. Inspired by Medusa's AbstractPaymentProvider, reduced to what SPEC.md needs.

export const PROVIDERS = ["stripe", "0xprocessing", "payselection", "payselection-international", "tiptoppay", "cloudpayments", "dummy"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** What a provider needs to create a payment for one invoice. Amounts are decimal strings. */
export interface PaymentContext {
  invoiceId: string;
  /** The exact amount in major units ("59.97"), at the currency's precision. */
  amount: string;
  currency: { code: string; decimals: number };
  email: string;
  description: string;
  /** Where the payer goes after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** Sent to providers that take one, so a retried create never makes a second payment. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  /** The provider's id for this payment; notifications name it. */
  providerId: string;
  /** Where the payer is sent. */
  paymentUrl: string;
}

export type PaymentEventKind = "paid" | "failed" | "canceled" | "refunded";

/** A verified notification, reduced to what our invoices and orders need. */
export interface PaymentEvent {
  kind: PaymentEventKind;
  providerId: string;
  /** The provider's own id of this notification: one applied once, whatever the retries. */
  eventId: string;
  amount?: string;
  currency?: string;
}

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(context: PaymentContext): Promise<CreatedPayment>;
  /**
   * Checks the notification's signature over the raw body (constant time, before any database
   * look-up) and reads it; throws WebhookRefusal when it is unsigned, wrongly signed or stale.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, url: string): PaymentEvent;
  /** The status and body the provider expects back. */
  webhookAnswer(outcome: WebhookOutcome): { status: number; body: unknown };
}

/** A notification refused before anything was looked up or changed. */
export class WebhookRefusal extends Error {}

/** A provider that could not create the payment (its error, or none reachable). */
export class ProviderFailure extends Error {}
