import { createHmac } from "node:crypto";
import { wireAmount } from "../money.js";
import { sameSignature } from "../signatures.js";
import { baseUrl, type ProviderDefinition } from "./definition.js";
import { basicAuth, providerRequest } from "./http.js";
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
  type WebhookOutcome,
} from "./provider.js";

/**
 * The notification types, each registered at its own address (`…/webhook?type=pay`): the body
 * does not say which it is. `check` asks before the payment; `pay` with status Authorized is a
 * two-stage hold, paid only at `confirm`.
 */
const TYPES = ["check", "pay", "confirm", "fail", "refund", "cancel"] as const;
type NotificationType = (typeof TYPES)[number];
const KINDS: Record<Exclude<NotificationType, "check">, PaymentEventKind> = {
  pay: "paid",
  confirm: "paid",
  fail: "failed",
  refund: "refunded",
  cancel: "canceled",
};

/** The Check answer codes (CloudPayments "Уведомления"): 0 accept; 10 unknown invoice; 12 wrong amount; 13 refused. */
const CHECK_CODES: Partial<Record<WebhookOutcome, number>> = { accepted: 0, unknown: 10, mismatch: 12, refused: 13 };

/** `"amount"` written into JSON as a number, digit for digit (never through a float). */
const jsonWithAmount = (body: Record<string, unknown>, amount: string) =>
  JSON.stringify({ ...body, Amount: "\u0000AMOUNT\u0000" }).replace('"\\u0000AMOUNT\\u0000"', amount);

/**
 * CloudPayments, and TipTopPay (its fork, the same protocol under another address): an order
 * (a payment link) created over `POST /orders/create` with Basic auth (Public ID : API secret),
 * the amount in major units as in the invoice; notifications checked by `Content-HMAC` =
 * base64(HMAC-SHA256(API secret, raw body)) before anything else, answered `{"code":0}`, and
 * the Check notification answered with the documented refusal codes.
 */
export interface CloudPaymentsSettings {
  /** Public ID: the Basic auth user and the widget's id. */
  publicId: string;
  /** API secret: the Basic auth password and the key of the notifications' Content-HMAC. */
  apiSecret: string;
  apiUrl: string;
}

/** CloudPayments' settings under a prefix (TipTopPay takes the same under its own). */
export function cloudPaymentsFromEnv(
  env: NodeJS.ProcessEnv,
  prefix: string,
  defaultUrl: string,
): CloudPaymentsSettings | undefined {
  const publicId = env[`${prefix}_PUBLIC_ID`];
  const apiSecret = env[`${prefix}_API_SECRET`];
  if (!publicId || !apiSecret) return undefined;
  return { publicId, apiSecret, apiUrl: baseUrl(env[`${prefix}_API_URL`], defaultUrl) };
}

export class CloudPaymentsProvider implements PaymentProvider {
  constructor(
    readonly name: "cloudpayments" | "tiptoppay",
    private readonly settings: CloudPaymentsSettings,
    private readonly site: SiteAddress,
  ) {}

  async createPayment(context: PaymentContext) {
    const body = jsonWithAmount(
      {
        Currency: context.currency.code,
        Description: context.description,
        Email: context.email,
        InvoiceId: context.invoiceId,
        AccountId: context.email,
        SuccessRedirectUrl: absoluteUrl(this.site, context.successUrl),
        FailRedirectUrl: absoluteUrl(this.site, context.cancelUrl),
      },
      context.amount,
    );
    const answer = (await providerRequest(this.name, `${this.settings.apiUrl}/orders/create`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: basicAuth(this.settings.publicId, this.settings.apiSecret),
        "x-request-id": context.idempotencyKey,
      },
      body,
    })) as { Success?: boolean; Message?: string; Model?: { Id?: unknown; Url?: unknown } };
    if (!answer?.Success || typeof answer.Model?.Url !== "string")
      throw new ProviderFailure(
        `${this.name} refused the order: ${answer?.Message ?? "no payment link in the answer"}`,
      );
    return {
      providerId: String(answer.Model.Id ?? context.invoiceId),
      paymentUrl: answer.Model.Url,
      currency: context.currency.code,
    };
  }

  /**
   * POST /payments/refund with the payment's TransactionId (from its Pay or Confirm notification)
   * and the Amount in major units as the invoice's decimal, Basic auth; the refund's key as
   * X-Request-ID, CloudPayments' idempotency header, so a retry is the same refund. Answered
   * `{ Success, Message, Model: { TransactionId } }`: Success false is a refusal.
   */
  async refund(context: RefundContext): Promise<CreatedRefund> {
    const transactionId = Number(context.paymentId);
    if (!context.paymentId || !Number.isSafeInteger(transactionId))
      throw new ProviderRefusal(
        `${this.name}: this invoice's TransactionId is not known (it comes with the Pay notification)`,
      );
    const answer = (await providerRequest(this.name, `${this.settings.apiUrl}/payments/refund`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: basicAuth(this.settings.publicId, this.settings.apiSecret),
        "x-request-id": context.idempotencyKey,
      },
      body: jsonWithAmount(
        { TransactionId: transactionId, JsonData: { invoiceId: context.invoiceId } },
        context.amount,
      ),
    })) as { Success?: boolean; Message?: string; Model?: { TransactionId?: unknown } };
    if (!answer?.Success)
      throw new ProviderRefusal(`${this.name} refused the refund: ${answer?.Message ?? "no reason given"}`);
    return { providerRefundId: String(answer.Model?.TransactionId ?? context.idempotencyKey) };
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    url: string,
  ): PaymentEvent | null {
    const signature = header(headers, "content-hmac");
    if (!signature) throw new WebhookRefusal("the notification is not signed (no Content-HMAC)");
    const expected = createHmac("sha256", this.settings.apiSecret).update(rawBody).digest("base64");
    if (!sameSignature(signature, expected)) throw new WebhookRefusal("the notification's Content-HMAC is wrong");
    const type = new URL(url, "http://x").searchParams.get("type")?.toLowerCase() as NotificationType | undefined;
    if (!type || !TYPES.includes(type))
      throw new WebhookRefusal(
        "the notification address names no type (…/webhook?type=check|pay|confirm|fail|refund|cancel)",
      );
    const fields = this.fields(rawBody, header(headers, "content-type"));
    const transactionId = String(fields.TransactionId ?? "");
    if (!transactionId) throw new WebhookRefusal("the notification has no TransactionId");
    const base = {
      invoiceId: fields.InvoiceId ? String(fields.InvoiceId) : undefined,
      eventId: `${type}:${transactionId}`,
      amount: wireAmount(fields.Amount),
      currency: fields.Currency ? String(fields.Currency) : undefined,
    };
    if (type === "check") return { kind: "check", ...base };
    // What a refund names: the paying transaction (a Refund notification's own id is the refund's).
    if (type === "pay" || type === "confirm") Object.assign(base, { paymentId: transactionId });
    // A body of another type sent to this address (a replayed Check as Pay) is not trusted.
    if ((type === "pay" || type === "confirm") && !["Completed", "Authorized"].includes(String(fields.Status)))
      throw new WebhookRefusal(`a ${type} notification with status ${fields.Status}`);
    if (type === "refund" && !fields.PaymentTransactionId)
      throw new WebhookRefusal("a refund notification without PaymentTransactionId");
    // A two-stage hold: the money is only reserved until Confirm.
    if (type === "pay" && fields.Status === "Authorized") return null;
    return { kind: KINDS[type], ...base };
  }

  /** The notification's fields: form-urlencoded by default, JSON when the site chose it. */
  private fields(rawBody: Buffer, contentType: string): Record<string, unknown> {
    const text = rawBody.toString("utf8");
    if (contentType.includes("json")) {
      try {
        const parsed = JSON.parse(text);
        if (parsed && typeof parsed === "object") return parsed;
      } catch {
        /* refused below */
      }
      throw new WebhookRefusal("the notification is not JSON");
    }
    return Object.fromEntries(new URLSearchParams(text));
  }

  /** `{"code":0}` for every notification (it was received); a Check gets its verdict. */
  webhookAnswer(outcome: WebhookOutcome, event?: PaymentEvent | null) {
    return { status: 200, body: { code: event?.kind === "check" ? (CHECK_CODES[outcome] ?? 13) : 0 } };
  }
}

export const cloudPayments: ProviderDefinition<CloudPaymentsSettings> = {
  name: "cloudpayments",
  label: "CloudPayments",
  env: ["CLOUDPAYMENTS_PUBLIC_ID", "CLOUDPAYMENTS_API_SECRET", "CLOUDPAYMENTS_API_URL"],
  fromEnv: (env) => cloudPaymentsFromEnv(env, "CLOUDPAYMENTS", "https://api.cloudpayments.ru"),
  create: (settings, { site }) => new CloudPaymentsProvider("cloudpayments", settings, site),
};
