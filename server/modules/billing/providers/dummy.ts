import { randomUUID } from "node:crypto";
import { validationError } from "../../../../engine/errors.js";
import { hmacHex, sameSignature } from "../signatures.js";
import type { ProviderDefinition } from "./definition.js";
import {
  absoluteUrl,
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
  type WebhookOutcome,
} from "./provider.js";

/** How long a signed Pay or Decline from the payment page stays good. */
export const DUMMY_TOLERANCE_SECONDS = 3600;
/** Addresses at this reserved domain (RFC 2606) make createPayment fail: a test's way to force a provider error. */
export const DUMMY_FAILING_DOMAIN = "@decline.invalid";
export const DUMMY_SIGNATURE_HEADER = "x-dummy-signature";

const KINDS: PaymentEventKind[] = ["paid", "failed", "canceled", "refunded"];

/**
 * No outside service: a payment page of our own site (/billing/dummy/pay/{invoice}) where the
 * payer presses Pay or Decline. The page's two actions are notifications signed by the server
 * (HMAC-SHA256 of the exact body with the dummy secret), posted to the same webhook route every
 * provider uses and verified like theirs: nothing is marked paid from an id alone.
 */
export class DummyProvider implements PaymentProvider {
  readonly name = "dummy" as const;

  constructor(
    private readonly secret: string,
    private readonly site: SiteAddress,
  ) {}

  async createPayment(context: PaymentContext) {
    if (context.email.toLowerCase().endsWith(DUMMY_FAILING_DOMAIN)) {
      throw new ProviderFailure(`the dummy provider refuses payments for ${DUMMY_FAILING_DOMAIN} addresses`);
    }
    return {
      providerId: `dummy_${context.invoiceId}`,
      // Absolute, as every other provider's: a frontend on another origin (the original client,
      // CORS_ORIGINS) follows it to this site; our own site turns it back into its own path.
      paymentUrl: absoluteUrl(
        this.site,
        `/billing/dummy/pay/${context.invoiceId}?token=${this.pageToken(context.invoiceId)}`,
      ),
      currency: context.currency.code,
    };
  }

  /**
   * No outside service to ask: the refund is made here, named by its key (the same key, the same
   * refund). An amount that is not a positive decimal is refused, as a provider would.
   */
  async refund(context: RefundContext): Promise<CreatedRefund> {
    if (!/^\d+(\.\d+)?$/.test(context.amount) || /^0+(\.0+)?$/.test(context.amount))
      throw new ProviderRefusal(`the dummy provider refuses a refund of ${context.amount}`);
    return { providerRefundId: `dummy_${context.idempotencyKey}` };
  }

  /** The token in the payment URL: whoever has the URL may see the page and pay, like a hosted payment link. */
  pageToken(invoiceId: string): string {
    return hmacHex(this.secret, `page:${invoiceId}`);
  }

  checkPageToken(invoiceId: string, token: unknown): boolean {
    return typeof token === "string" && sameSignature(token, this.pageToken(invoiceId));
  }

  /** The body and signature the payment page posts for Pay ("paid") or Decline ("failed"). */
  signedNotification(
    invoice: { id: string; providerId: string; amount: string; currency: string },
    kind: PaymentEventKind,
    now = Date.now(),
  ) {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: kind,
      invoiceId: invoice.id,
      providerId: invoice.providerId,
      amount: invoice.amount,
      currency: invoice.currency,
      created: Math.floor(now / 1000),
    });
    return { body, signature: hmacHex(this.secret, body) };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    const signature = headers[DUMMY_SIGNATURE_HEADER];
    if (typeof signature !== "string" || signature === "") throw new WebhookRefusal("the notification is not signed");
    if (!sameSignature(signature, hmacHex(this.secret, rawBody)))
      throw new WebhookRefusal("the notification's signature is wrong");
    let event: any;
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new WebhookRefusal("the notification is not JSON");
    }
    const age = Math.floor(Date.now() / 1000) - Number(event?.created);
    if (!Number.isFinite(age) || age > DUMMY_TOLERANCE_SECONDS || age < -300)
      throw new WebhookRefusal("the notification is stale");
    if (!KINDS.includes(event.type) || typeof event.providerId !== "string" || typeof event.id !== "string") {
      throw new WebhookRefusal("the notification is not one this provider sends");
    }
    return {
      kind: event.type,
      providerId: event.providerId,
      eventId: event.id,
      amount: event.amount,
      currency: event.currency,
      ...(event.type === "paid" ? { paymentId: event.providerId } : {}),
    };
  }

  webhookAnswer(outcome: WebhookOutcome) {
    // Our own page posts these: a wrong amount is an error to show, not a receipt to acknowledge.
    if (outcome === "mismatch")
      throw validationError("the notification's amount or currency is not the invoice's; the invoice is flagged");
    return { status: 200, body: { data: { received: true, outcome } } };
  }
}

/**
 * Its switch and secret are general settings (PAYMENT_DUMMY_ENABLED, PAYMENT_DUMMY_SECRET in
 * server/config.ts: on by default, off in production), read from the app's config.
 */
export const dummy: ProviderDefinition<{ secret?: string }> = {
  name: "dummy",
  label: "Dummy",
  env: ["PAYMENT_DUMMY_ENABLED", "PAYMENT_DUMMY_SECRET"],
  fromEnv: () => undefined,
  fromConfig: (config) => (config.paymentDummyEnabled ? { secret: config.paymentDummySecret } : undefined),
  async create(settings, { site, secrets }) {
    const secret = await secrets(settings.secret, false, {
      purpose: "payment-dummy",
      settingName: "PAYMENT_DUMMY_SECRET",
    });
    return new DummyProvider(secret, site);
  },
};
