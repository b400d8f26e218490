import { createHash } from "node:crypto";
import { wireAmount } from "../money.js";
import { sameSignature } from "../signatures.js";
import { baseUrl, type ProviderDefinition } from "./definition.js";
import { providerRequest } from "./http.js";
import {
  absoluteUrl,
  ProviderFailure,
  WebhookRefusal,
  type PaymentContext,
  type PaymentEvent,
  type PaymentEventKind,
  type PaymentProvider,
  type SiteAddress,
} from "./provider.js";
import { ownEntry } from "../../../../engine/query/own-key.js";

/** The statuses 0xProcessing notifies; Insufficient (underpaid) carries the amount actually received, so it never matches the invoice and flags it. */
const STATUSES: Record<string, PaymentEventKind> = { Success: "paid", Canceled: "canceled", Insufficient: "failed" };

/** md5_hex("PaymentId:MerchantId:Email:Currency:WebhookPassword"), 0xProcessing's notification signature. */
export const oxProcessingSignature = (fields: {
  paymentId: string;
  merchantId: string;
  email: string;
  currency: string;
  password: string;
}) =>
  createHash("md5")
    .update(`${fields.paymentId}:${fields.merchantId}:${fields.email}:${fields.currency}:${fields.password}`)
    .digest("hex");

export interface OxProcessingSettings {
  merchantId: string;
  /** The Webhook password set in 0xProcessing's merchant settings: the last part of the notifications' MD5 signature. */
  webhookPassword: string;
  /**
   * The API key (Merchant → Classic processing → General settings), sent as the APIKEY header to
   * `GET /Api/GetPayment/{id}`: a notification's signature leaves Status and the amounts unsigned,
   * so they are read from there.
   */
  apiKey: string;
  apiUrl: string;
  /** The coin a USD invoice is paid in on the payment form (e.g. "USDT (TRC20)"). */
  coin: string;
  /** Ask for test payment forms (Test=true) and credit test notifications; never in production unless set. */
  test: boolean;
}

/** How long the payment look-up may take: 0xProcessing wants its notification answered within 3 s. */
const LOOKUP_TIMEOUT_MS = 2_500;

/** A field by either spelling: notifications say PaymentId/MerchantId, the look-up PaymentID/MerchantID. */
const field = (record: Record<string, unknown>, ...names: string[]) =>
  names.map((n) => record[n]).find((v) => v !== undefined && v !== null);

/**
 * 0xProcessing (crypto): the payment form with a fixed amount, requested with `POST /Payment`
 * (form-urlencoded, `MerchantId` names the shop, `ReturnUrl=true` for a JSON answer with the
 * form's address). A USD invoice is asked as `AmountUSD` and paid in the configured coin; an
 * invoice in a coin the form knows (BTC, ETH…) as `Amount` in it.
 *
 * Notifications are signed with MD5 over the payment id, merchant, email, currency and the webhook
 * password only: Status, the amounts, BillingID and Test are not signed, so a genuine notification
 * with them altered would still pass. So the signature only says which payment it is about; what
 * happened to it (status, amount, currency, invoice) is read from 0xProcessing's API,
 * `GET /Api/GetPayment/{id}` with the APIKEY header, and the notification's own copies are never
 * used. Each is applied once by PaymentId and the confirmed Status. Test payments count only when
 * the test setting is on, and never in production.
 */
export class OxProcessingProvider implements PaymentProvider {
  readonly name = "0xprocessing" as const;

  constructor(
    private readonly settings: OxProcessingSettings,
    private readonly site: SiteAddress,
  ) {}

  async createPayment(context: PaymentContext) {
    const inUsd = context.currency.code === "USD";
    const form = new URLSearchParams({
      MerchantId: this.settings.merchantId,
      ...(inUsd
        ? { AmountUSD: context.amount, Currency: this.settings.coin }
        : { Amount: context.amount, Currency: context.currency.code }),
      Email: context.email,
      ClientId: context.email,
      BillingID: context.invoiceId,
      ReturnUrl: "true",
      SuccessUrl: absoluteUrl(this.site, context.successUrl),
      CancelUrl: absoluteUrl(this.site, context.cancelUrl),
      ...(this.settings.test ? { Test: "true" } : {}),
    });
    const answer = (await providerRequest(this.name, `${this.settings.apiUrl}/Payment`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    })) as { redirectUrl?: unknown; id?: unknown };
    if (typeof answer?.redirectUrl !== "string") throw new ProviderFailure("0xprocessing answered no redirectUrl");
    return {
      providerId: String(answer.id ?? context.invoiceId),
      paymentUrl: answer.redirectUrl,
      currency: context.currency.code,
    };
  }

  async verifyWebhook(rawBody: Buffer): Promise<PaymentEvent | null> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new WebhookRefusal("the notification is not JSON");
    }
    // Open JSON until the signature is checked; anything but an object carries no Signature.
    const body: Record<string, unknown> =
      typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
    if (typeof body?.Signature !== "string" || !body.Signature)
      throw new WebhookRefusal("the notification is not signed");
    const expected = oxProcessingSignature({
      paymentId: String(body.PaymentId ?? ""),
      merchantId: this.settings.merchantId,
      email: String(body.Email ?? ""),
      currency: String(body.Currency ?? ""),
      password: this.settings.webhookPassword,
    });
    if (!sameSignature(body.Signature.toLowerCase(), expected))
      throw new WebhookRefusal("the notification's Signature is wrong");
    if (String(body.MerchantId ?? this.settings.merchantId) !== this.settings.merchantId)
      throw new WebhookRefusal("the notification is for another merchant");
    const paymentId = String(body.PaymentId ?? "");
    if (!/^\d{1,20}$/.test(paymentId)) throw new WebhookRefusal("the notification names no payment");
    const payment = await this.lookUp(paymentId);
    const kind = ownEntry(STATUSES, String(payment.Status));
    const test = [body.Test, payment.Test].some((t) => t === true || t === "true");
    // Test payments move no money: credited only with the test setting, never in production.
    if (!kind || (test && (!this.settings.test || this.site.production))) return null;
    // A USD invoice was paid in the configured coin: its USD amount is what the invoice said.
    const inUsd = payment.Currency === this.settings.coin;
    const billingId = field(payment, "BillingID", "BillingId");
    return {
      kind,
      providerId: paymentId,
      invoiceId: billingId ? String(billingId) : undefined,
      eventId: `${paymentId}:${payment.Status}`,
      amount: wireAmount(inUsd ? payment.AmountUSD : payment.Amount),
      currency: inUsd ? "USD" : String(payment.Currency),
    };
  }

  /** The payment as 0xProcessing's API has it: the same payment and merchant, or ProviderFailure. */
  private async lookUp(paymentId: string): Promise<Record<string, unknown>> {
    const answer = await providerRequest(
      this.name,
      `${this.settings.apiUrl}/Api/GetPayment/${paymentId}`,
      { method: "GET", headers: { APIKEY: this.settings.apiKey, accept: "application/json" } },
      LOOKUP_TIMEOUT_MS,
    );
    if (typeof answer !== "object" || answer === null || Array.isArray(answer))
      throw new ProviderFailure("0xprocessing answered the payment look-up with no payment");
    const payment = answer as Record<string, unknown>;
    if (String(field(payment, "PaymentID", "PaymentId")) !== paymentId)
      throw new ProviderFailure(`0xprocessing answered another payment than ${paymentId}`);
    const merchant = field(payment, "MerchantID", "MerchantId");
    if (merchant !== undefined && String(merchant) !== this.settings.merchantId)
      throw new ProviderFailure(`0xprocessing answered payment ${paymentId} for another merchant`);
    return payment;
  }

  webhookAnswer() {
    return { status: 200, body: { received: true } };
  }
}

export const oxProcessing: ProviderDefinition<OxProcessingSettings> = {
  name: "0xprocessing",
  label: "0xProcessing",
  // A variable name cannot start with a digit, hence OXPROCESSING_.
  env: [
    "OXPROCESSING_MERCHANT_ID",
    "OXPROCESSING_WEBHOOK_PASSWORD",
    "OXPROCESSING_API_KEY",
    "OXPROCESSING_COIN",
    "OXPROCESSING_TEST",
    "OXPROCESSING_API_URL",
  ],
  fromEnv(env) {
    if (!env.OXPROCESSING_MERCHANT_ID || !env.OXPROCESSING_WEBHOOK_PASSWORD || !env.OXPROCESSING_API_KEY)
      return undefined;
    return {
      merchantId: env.OXPROCESSING_MERCHANT_ID,
      webhookPassword: env.OXPROCESSING_WEBHOOK_PASSWORD,
      apiKey: env.OXPROCESSING_API_KEY,
      apiUrl: baseUrl(env.OXPROCESSING_API_URL, "https://app.0xprocessing.com"),
      coin: env.OXPROCESSING_COIN || "USDT (TRC20)",
      test: env.OXPROCESSING_TEST === "true",
    };
  },
  create: (settings, { site }) => new OxProcessingProvider(settings, site),
};
