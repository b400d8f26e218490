import { createHmac, randomUUID } from "node:crypto";
import type { Answer, Received } from "./provider-server.js";

/**
 * The refund side of each provider's loopback peer (docs/payments.md "Refunds"), speaking its documented
 * refund API and keeping a ledger of the money it gave back, as the provider would: a request
 * repeated with the same idempotency key is the same refund (Stripe's Idempotency-Key,
 * CloudPayments' X-Request-ID, Payselection's X-REQUEST-ID), and more than was paid is refused.
 * A test may make the peer lose its next answers after doing the refund (`loseAnswers`: the
 * provider refunded, our side never heard) or refuse the next one (`refuseNext`).
 */
export interface RefundLedger {
  /** Refunds made, by idempotency key: the payment and the amount in the provider's own form. */
  made: Map<string, { payment: string; amount: string; id: string }>;
  /** Refund requests as received (after auth and signature were checked). */
  requests: Received[];
  loseAnswers: number;
  refuseNext: boolean;
}

export const newLedger = (): RefundLedger => ({ made: new Map(), requests: [], loseAnswers: 0, refuseNext: false });

/** What was refunded on a payment, in the provider's form summed as minor units. */
export const refundedUnits = (ledger: RefundLedger, payment: string, minor: (amount: string) => number) =>
  [...ledger.made.values()].filter((r) => r.payment === payment).reduce((sum, r) => sum + minor(r.amount), 0);

/** One refund, once per key; the lost answer and the refusal a test asked for. */
function record(
  ledger: RefundLedger,
  key: string,
  payment: string,
  amount: string,
  refusal: Answer,
  made: (id: string) => Answer,
): Answer {
  if (ledger.refuseNext) {
    ledger.refuseNext = false;
    return refusal;
  }
  const existing = ledger.made.get(key);
  const refund = existing ?? { payment, amount, id: randomUUID().replace(/-/g, "").slice(0, 12) };
  ledger.made.set(key, refund);
  if (ledger.loseAnswers > 0) {
    ledger.loseAnswers--;
    return { status: 500, body: JSON.stringify({ error: "the answer was lost" }) };
  }
  return made(refund.id);
}

/** Stripe: POST /v1/refunds, form-encoded `payment_intent` and `amount` in minor units, Bearer key, Idempotency-Key. */
export function stripeRefund(ledger: RefundLedger, request: Received, secretKey: string): Answer | undefined {
  if (request.method !== "POST" || request.path !== "/v1/refunds") return undefined;
  if (request.headers.authorization !== `Bearer ${secretKey}`)
    return {
      status: 401,
      body: JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }),
    };
  const key = String(request.headers["idempotency-key"] ?? "");
  const form = new URLSearchParams(request.body);
  const payment = form.get("payment_intent") ?? "";
  const amount = form.get("amount") ?? "";
  if (!key || !payment || !/^\d+$/.test(amount))
    return {
      status: 400,
      body: JSON.stringify({
        error: {
          type: "invalid_request_error",
          message: "payment_intent, an integer amount and an Idempotency-Key are required",
        },
      }),
    };
  ledger.requests.push(request);
  return record(
    ledger,
    key,
    payment,
    amount,
    {
      status: 400,
      body: JSON.stringify({
        error: {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: "Charge has already been refunded.",
        },
      }),
    },
    (id) => ({
      body: JSON.stringify({
        id: `re_${id}`,
        object: "refund",
        amount: Number(amount),
        currency: "usd",
        payment_intent: payment,
        status: "succeeded",
      }),
    }),
  );
}

/** CloudPayments and TipTopPay: POST /payments/refund, JSON `TransactionId` and `Amount` in major units, Basic auth, X-Request-ID. */
export function cloudPaymentsRefund(
  ledger: RefundLedger,
  request: Received,
  publicId: string,
  apiSecret: string,
): Answer | undefined {
  if (request.method !== "POST" || request.path !== "/payments/refund") return undefined;
  if (request.headers.authorization !== `Basic ${Buffer.from(`${publicId}:${apiSecret}`).toString("base64")}`)
    return { status: 401, body: "" };
  const body = JSON.parse(request.body);
  // The amount is read as CloudPayments reads it: the number as written (a decimal, major units).
  const amount = /"Amount":([0-9.]+)/.exec(request.body)?.[1] ?? "";
  if (!Number.isInteger(body.TransactionId) || !amount)
    return { body: JSON.stringify({ Success: false, Message: "TransactionId and Amount are required" }) };
  ledger.requests.push(request);
  const key = String(request.headers["x-request-id"] ?? randomUUID());
  return record(
    ledger,
    key,
    String(body.TransactionId),
    amount,
    { body: JSON.stringify({ Success: false, Message: "Refund amount exceeds the payment" }) },
    () => ({
      body: JSON.stringify({ Success: true, Message: null, Model: { TransactionId: 900000 + ledger.made.size } }),
    }),
  );
}

/** Payselection: POST /payments/refund on the gateway, JSON `TransactionId`, `Amount` ("10.00"), `Currency`, signed with X-SITE-ID, X-REQUEST-ID, X-REQUEST-SIGNATURE. */
export function payselectionRefund(
  ledger: RefundLedger,
  request: Received,
  set: { siteId: string; secretKey: string },
): Answer | undefined {
  if (request.method !== "POST" || request.path !== "/payments/refund") return undefined;
  if (request.headers["x-site-id"] !== set.siteId)
    return { status: 401, body: JSON.stringify({ Code: "AccessDenied" }) };
  const requestId = String(request.headers["x-request-id"] ?? "");
  const expected = createHmac("sha256", set.secretKey)
    .update(["POST", "/payments/refund", set.siteId, requestId, request.body].join("\n"))
    .digest("hex");
  if (!requestId || request.headers["x-request-signature"] !== expected)
    return { status: 401, body: JSON.stringify({ Code: "InvalidSignature" }) };
  const body = JSON.parse(request.body);
  if (typeof body.Amount !== "string" || !/^\d+\.\d{2}$/.test(body.Amount) || !body.TransactionId || !body.Currency)
    return { status: 400, body: JSON.stringify({ Code: "InvalidParameters" }) };
  ledger.requests.push(request);
  return record(
    ledger,
    requestId,
    String(body.TransactionId),
    body.Amount,
    { status: 400, body: JSON.stringify({ Code: "RefundNotAllowed", Description: "refund is not possible" }) },
    (id) => ({
      body: JSON.stringify({
        TransactionId: `PS${id}`,
        TransactionState: "wait_for_webhook",
        OrderId: body.OrderId ?? null,
      }),
    }),
  );
}
