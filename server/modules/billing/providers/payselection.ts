import { randomUUID } from "node:crypto";
import { fromMinorUnits, toMinorUnits, wireAmount } from "../money.js";
import { hmacHex, sameSignature } from "../signatures.js";
import { baseUrl, type ProviderDefinition } from "./definition.js";
import { providerRequest } from "./http.js";
import {
  absoluteUrl,
  header,
  ProviderFailure,
  ProviderRefusal,
  webhookUrl,
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

const CREATE_PATH = "/webpayments/create";
/** On the gateway (gw.payselection.com), not the web form host. */
const REFUND_PATH = "/payments/refund";

/** Payselection's webhook events and what each means for an invoice (Block, 3DS, Payout… are not ours to act on). */
const EVENTS: Record<string, PaymentEventKind> = {
  Payment: "paid",
  Charge: "paid",
  Fail: "failed",
  Cancel: "canceled",
  Refund: "refunded",
};

/** hex(HMAC-SHA256(key, lines joined by "\n")): Payselection's request and webhook signature. */
export const payselectionSignature = (key: string, lines: string[]) => hmacHex(key, lines.join("\n"));

export interface PayselectionSettings {
  siteId: string;
  secretKey: string;
  /** The widget's public key, for signing requests when `requestSignatureKey` is "public". */
  publicKey?: string;
  /** Where webpayments/create lives (the web form host). */
  webformUrl: string;
  /** The gateway API (payments/refund); https://gw.payselection.com when not set. */
  apiUrl?: string;
  /** Which key signs requests: "secret" (the official PHP SDK) or "public". */
  requestSignatureKey: "secret" | "public";
  /** What the request signature names as URL: "path" (/webpayments/create, the official PHP SDK) or "url" (the full address). */
  requestSignatureUrl: "path" | "url";
}

/**
 * Payselection and Payselection International (two credential sets, this one code path): a web
 * payment created over `POST /webpayments/create` signed with X-SITE-ID, X-REQUEST-ID (new per
 * request) and X-REQUEST-SIGNATURE = HMAC-SHA256 of "POST\n{path}\n{site}\n{request id}\n{body}"
 * (the official PHP SDK's secret key and path by default; both are settings); notifications
 * checked by X-SITE-ID and X-WEBHOOK-SIGNATURE = HMAC-SHA256(secret, "POST\n{webhook url}\n{site}\n{body}")
 * over the webhook URL this provider gave with the payment.
 */
export class PayselectionProvider implements PaymentProvider {
  constructor(
    readonly name: "payselection" | "payselection-international",
    private readonly settings: PayselectionSettings,
    private readonly site: SiteAddress,
  ) {}

  async createPayment(context: PaymentContext) {
    let amount: string;
    try {
      // Two decimals, as the SDK sends them ("100.00"); nothing is rounded.
      amount = fromMinorUnits(toMinorUnits(context.amount, 2), 2);
    } catch {
      throw new ProviderFailure(`${context.amount} has more than two decimals`);
    }
    const body = JSON.stringify({
      MetaData: { PaymentType: "Pay" },
      PaymentRequest: {
        OrderId: context.invoiceId,
        Amount: amount,
        Currency: context.currency.code,
        Description: context.description,
        ExtraData: {
          WebhookUrl: webhookUrl(this.site, this.name),
          ReturnUrl: absoluteUrl(this.site, context.successUrl),
          SuccessUrl: absoluteUrl(this.site, context.successUrl),
          DeclineUrl: absoluteUrl(this.site, context.cancelUrl),
        },
      },
      CustomerInfo: { Email: context.email },
    });
    const answer = await this.signedPost(this.settings.webformUrl, CREATE_PATH, body, randomUUID());
    // webpayments/create answers the payment page's URL as a JSON string (paylink_create an object with Url).
    const paymentUrl = typeof answer === "string" ? answer : (answer as { Url?: unknown })?.Url;
    if (typeof paymentUrl !== "string" || !/^https?:\/\//.test(paymentUrl))
      throw new ProviderFailure(`${this.name} answered no payment URL`);
    return { providerId: context.invoiceId, paymentUrl, currency: context.currency.code };
  }

  /**
   * POST {gateway}/payments/refund with the payment's TransactionId (from its Payment notification),
   * the Amount as a two-decimal string and the Currency, signed like every request; the refund's
   * key is its X-REQUEST-ID, so a retry is the same request at Payselection. A 4xx is its no.
   */
  async refund(context: RefundContext): Promise<CreatedRefund> {
    if (!context.paymentId)
      throw new ProviderRefusal(
        `${this.name}: this invoice's TransactionId is not known (it comes with the Payment notification)`,
      );
    let amount: string;
    try {
      amount = fromMinorUnits(toMinorUnits(context.amount, 2), 2);
    } catch {
      throw new ProviderRefusal(`${context.amount} has more than two decimals`);
    }
    const body = JSON.stringify({
      TransactionId: context.paymentId,
      Amount: amount,
      Currency: context.currency.code,
      WebhookUrl: webhookUrl(this.site, this.name),
    });
    const answer = (await this.signedPost(
      this.settings.apiUrl ?? "https://gw.payselection.com",
      REFUND_PATH,
      body,
      context.idempotencyKey,
    )) as { TransactionId?: unknown };
    return { providerRefundId: String(answer?.TransactionId ?? context.idempotencyKey) };
  }

  /** A POST signed as Payselection documents: X-SITE-ID, X-REQUEST-ID and X-REQUEST-SIGNATURE over method, URL (path or full, a setting), site, request id and body. */
  private signedPost(base: string, path: string, body: string, requestId: string): Promise<unknown> {
    const url = `${base}${path}`;
    const key = this.settings.requestSignatureKey === "public" ? this.settings.publicKey : this.settings.secretKey;
    if (!key)
      throw new ProviderFailure(`${this.name}: request signing with the public key needs its PUBLIC_KEY setting`);
    const signed = this.settings.requestSignatureUrl === "url" ? url : path;
    return providerRequest(this.name, url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-site-id": this.settings.siteId,
        "x-request-id": requestId,
        "x-request-signature": payselectionSignature(key, ["POST", signed, this.settings.siteId, requestId, body]),
      },
      body,
    });
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null {
    const signature = header(headers, "x-webhook-signature");
    if (!signature) throw new WebhookRefusal("the notification is not signed (no X-WEBHOOK-SIGNATURE)");
    if (!sameSignature(header(headers, "x-site-id"), this.settings.siteId))
      throw new WebhookRefusal("the notification is for another site (X-SITE-ID)");
    const expected = payselectionSignature(this.settings.secretKey, [
      "POST",
      webhookUrl(this.site, this.name),
      this.settings.siteId,
      rawBody.toString("utf8"),
    ]);
    if (!sameSignature(signature.toLowerCase(), expected))
      throw new WebhookRefusal("the notification's X-WEBHOOK-SIGNATURE is wrong");
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new WebhookRefusal("the notification is not JSON");
    }
    const kind = ownEntry(EVENTS, String(body?.Event));
    if (!kind) return null;
    if (!body.TransactionId || !body.OrderId)
      throw new WebhookRefusal("the notification has no TransactionId or OrderId");
    return {
      kind,
      invoiceId: String(body.OrderId),
      eventId: `${body.Event}:${body.TransactionId}`,
      amount: wireAmount(body.Amount),
      currency: body.Currency ? String(body.Currency) : undefined,
      // What a refund names: the paying transaction.
      ...(kind === "paid" ? { paymentId: String(body.TransactionId) } : {}),
    };
  }

  webhookAnswer() {
    return { status: 200, body: { received: true } };
  }
}

/** One credential set of Payselection, under its prefix. */
function payselection(
  name: "payselection" | "payselection-international",
  label: string,
  prefix: string,
): ProviderDefinition<PayselectionSettings> {
  const suffixes = [
    "SITE_ID",
    "SECRET_KEY",
    "PUBLIC_KEY",
    "REQUEST_SIGNATURE_KEY",
    "REQUEST_SIGNATURE_URL",
    "WEBFORM_URL",
    "API_URL",
  ];
  return {
    name,
    label,
    env: suffixes.map((suffix) => `${prefix}_${suffix}`),
    fromEnv(env) {
      const siteId = env[`${prefix}_SITE_ID`];
      const secretKey = env[`${prefix}_SECRET_KEY`];
      if (!siteId || !secretKey) return undefined;
      return {
        siteId,
        secretKey,
        publicKey: env[`${prefix}_PUBLIC_KEY`] || undefined,
        webformUrl: baseUrl(env[`${prefix}_WEBFORM_URL`], "https://webform.payselection.com"),
        apiUrl: baseUrl(env[`${prefix}_API_URL`], "https://gw.payselection.com"),
        requestSignatureKey: env[`${prefix}_REQUEST_SIGNATURE_KEY`] === "public" ? "public" : "secret",
        requestSignatureUrl: env[`${prefix}_REQUEST_SIGNATURE_URL`] === "url" ? "url" : "path",
      };
    },
    create: (settings, { site }) => new PayselectionProvider(name, settings, site),
  };
}

export const payselectionRu = payselection("payselection", "Payselection", "PAYSELECTION");
export const payselectionInternational = payselection(
  "payselection-international",
  "Payselection International",
  "PAYSELECTION_INTERNATIONAL",
);
