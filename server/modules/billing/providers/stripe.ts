import type Stripe from "stripe";
import { baseUrl, type ProviderDefinition } from "./definition.js";
import { fromMinorUnits, toMinorUnits } from "../money.js";
import {
  absoluteUrl,
  header,
  ProviderFailure,
  ProviderRefusal,
  WebhookRefusal,
  type CreatedRefund,
  type PaymentContext,
  type RefundContext,
  type PaymentEvent,
  type PaymentEventKind,
  type PaymentProvider,
  type SiteAddress,
} from "./provider.js";
import { ownEntry } from "../../../../engine/query/own-key.js";

// Stripe's own minor units (docs.stripe.com/currencies): these take whole units, these three
// decimals, every other currency two (also ISK, HUF and TWD, which Stripe keeps two-decimal).
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);
export const stripeExponent = (code: string) =>
  ZERO_DECIMAL.has(code.toUpperCase()) ? 0 : THREE_DECIMAL.has(code.toUpperCase()) ? 3 : 2;

/** Checkout Session events, and what each means for an invoice. */
const SESSION_EVENTS: Record<string, PaymentEventKind> = {
  "checkout.session.completed": "paid",
  "checkout.session.async_payment_succeeded": "paid",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "canceled",
};

/**
 * Stripe through its official package: a Checkout Session per invoice (one line with the exact
 * total in Stripe's integer minor units, the order's currency, an Idempotency-Key per invoice);
 * notifications verified by the package's own `webhooks.constructEvent` (HMAC-SHA256 over
 * `t.rawBody`, constant-time compare, its default tolerance of 300 seconds).
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    private readonly site: SiteAddress,
    StripeClient: typeof Stripe,
  ) {
    const api = new URL(settings.apiUrl);
    const protocol = api.protocol === "http:" ? "http" : "https";
    this.stripe = new StripeClient(settings.secretKey, {
      host: api.hostname,
      port: api.port || (protocol === "http" ? 80 : 443),
      protocol,
      telemetry: false,
      maxNetworkRetries: 1,
      timeout: 15_000,
    });
  }

  async createPayment(context: PaymentContext) {
    const code = context.currency.code.toUpperCase();
    let unitAmount: number;
    try {
      unitAmount = Number(toMinorUnits(context.amount, stripeExponent(code)));
    } catch {
      throw new ProviderFailure(`${context.amount} ${code} has more decimals than Stripe takes for ${code}`);
    }
    // Stripe's API takes the minor units as a JSON integer: past 2^53 a Number would round silently
    // (Stripe refuses amounts this large anyway; we refuse before sending a wrong one).
    if (!Number.isSafeInteger(unitAmount))
      throw new ProviderFailure(`${context.amount} ${code} is more than Stripe can charge`);
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: code.toLowerCase(),
                unit_amount: unitAmount,
                product_data: { name: context.description },
              },
            },
          ],
          customer_email: context.email,
          client_reference_id: context.invoiceId,
          metadata: { invoiceId: context.invoiceId },
          // Refunds arrive as charge events: the charge names the invoice through these.
          payment_intent_data: { metadata: { invoiceId: context.invoiceId } },
          success_url: absoluteUrl(this.site, context.successUrl),
          cancel_url: absoluteUrl(this.site, context.cancelUrl),
        },
        { idempotencyKey: context.idempotencyKey },
      );
      if (!session.url) throw new ProviderFailure("stripe answered a Checkout Session without a url");
      return { providerId: session.id, paymentUrl: session.url, currency: code };
    } catch (error) {
      if (error instanceof ProviderFailure) throw error;
      throw new ProviderFailure(`stripe: ${(error as Error).message}`);
    }
  }

  /**
   * POST /v1/refunds with the payment intent and the amount in Stripe's integer minor units, and
   * the refund's Idempotency-Key: a retried refund is the same refund at Stripe. The payment intent
   * is the paid notification's; for an invoice paid before it was kept, it is read from the
   * Checkout Session (GET /v1/checkout/sessions/{id}).
   */
  async refund(context: RefundContext): Promise<CreatedRefund> {
    const code = context.currency.code.toUpperCase();
    let amount: number;
    try {
      amount = Number(toMinorUnits(context.amount, stripeExponent(code)));
    } catch {
      throw new ProviderRefusal(`${context.amount} ${code} has more decimals than Stripe takes for ${code}`);
    }
    try {
      let paymentIntent = context.paymentId;
      if (!paymentIntent && context.providerId) {
        const session = await this.stripe.checkout.sessions.retrieve(context.providerId);
        paymentIntent =
          typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      }
      if (!paymentIntent) throw new ProviderRefusal("stripe: this invoice's payment intent is not known");
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount, metadata: { invoiceId: context.invoiceId } },
        { idempotencyKey: context.idempotencyKey },
      );
      if (refund.status === "failed" || refund.status === "canceled")
        throw new ProviderRefusal(
          `stripe: the refund is ${refund.status}${refund.failure_reason ? ` (${refund.failure_reason})` : ""}`,
        );
      return { providerRefundId: refund.id };
    } catch (error) {
      if (error instanceof ProviderFailure) throw error;
      // Stripe's 4xx (invalid request, already refunded, idempotency key reused) did nothing there.
      const status = (error as { statusCode?: number }).statusCode;
      throw new (status !== undefined && status >= 400 && status < 500 ? ProviderRefusal : ProviderFailure)(
        `stripe: ${(error as Error).message}`,
      );
    }
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null {
    const signature = header(headers, "stripe-signature");
    if (!signature) throw new WebhookRefusal("the notification is not signed");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new WebhookRefusal(`the notification's signature is wrong or stale (${(error as Error).message})`);
    }
    const kind = ownEntry(SESSION_EVENTS, event.type);
    if (kind) {
      // SESSION_EVENTS names only checkout.session.* events, whose object is the session.
      const session = event.data.object as Stripe.Checkout.Session;
      // A completed session whose payment is still on its way (bank debits) is paid later by async_payment_succeeded.
      if (event.type === "checkout.session.completed" && session.payment_status !== "paid") return null;
      return {
        kind,
        providerId: String(session.id),
        invoiceId: session.client_reference_id ?? session.metadata?.invoiceId,
        eventId: event.id,
        amount: this.decimal(session.amount_total, session.currency),
        // Stripe types it nullable: a session without one states no currency (the mismatch check says so).
        currency: session.currency ?? undefined,
        // What a refund names (POST /v1/refunds payment_intent=…).
        paymentId:
          typeof session.payment_intent === "string"
            ? session.payment_intent
            : (session.payment_intent?.id ?? undefined),
      };
    }
    // A full refund; a partial one leaves the order paid.
    if (event.type === "charge.refunded" && event.data.object.refunded === true) {
      const charge = event.data.object;
      return {
        kind: "refunded",
        invoiceId: charge.metadata?.invoiceId,
        eventId: event.id,
        amount: this.decimal(charge.amount, charge.currency),
        currency: charge.currency,
      };
    }
    return null;
  }

  /** Stripe's integer minor units as a decimal string. */
  private decimal(units: unknown, currency: unknown): string | undefined {
    if (!Number.isSafeInteger(units) || typeof currency !== "string") return undefined;
    return fromMinorUnits(BigInt(units as number), stripeExponent(currency));
  }

  webhookAnswer() {
    return { status: 200, body: { received: true } };
  }
}

export const stripe: ProviderDefinition<StripeSettings> = {
  name: "stripe",
  label: "Stripe",
  env: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"],
  fromEnv: (env) =>
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: baseUrl(env.STRIPE_API_URL, "https://api.stripe.com"),
        }
      : undefined,
  // The stripe package is loaded only when Stripe is configured.
  create: async (settings, { site }) => new StripeProvider(settings, site, (await import("stripe")).default),
};
