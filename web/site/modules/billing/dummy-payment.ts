import { api } from "../../../api/client.js";

/** The dummy provider's routes (docs/shop.md): the payment page's data and the webhook it posts to. */
export const dummyInvoiceApi = (invoiceId: string) =>
  `/api/billing/payment-intents/dummy/invoices/${encodeURIComponent(invoiceId)}`;
export const DUMMY_WEBHOOK = "/api/billing/payment-intents/dummy/webhook";
export const DUMMY_SIGNATURE_HEADER = "X-Dummy-Signature";

/** The segment the payment page's data names its invoice by. */
export const INVOICE_SEGMENT = "billing.invoices.id";

interface Signed {
  body: string;
  signature: string;
}

interface InvoiceAnswer {
  invoice: { id: string; status: string; successUrl?: string | null; cancelUrl?: string | null };
  actions: { pay: Signed; decline: Signed } | null;
}

/**
 * Pay or Decline: reads the invoice's freshly signed notifications with the page's token, posts
 * the chosen one's exact body with its signature to the webhook (as the provider would), and
 * answers where to go next: the invoice's success or cancel page. When the invoice is no longer
 * new (paid in another tab), nothing is posted and the answer says so.
 */
export async function sendDummyNotification(
  invoiceId: string,
  token: string,
  action: "pay" | "decline",
): Promise<{ next?: string; status: string }> {
  const answer = await api<InvoiceAnswer>(dummyInvoiceApi(invoiceId), { query: { token } });
  if (!answer.actions) return { status: answer.invoice.status };
  const signed = answer.actions[action];
  const response = await fetch(DUMMY_WEBHOOK, {
    method: "POST",
    headers: { "content-type": "application/json", [DUMMY_SIGNATURE_HEADER]: signed.signature },
    body: signed.body,
    credentials: "include",
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error([body.message, `${response.status} ${response.statusText}`.trim()].filter(Boolean).join(" | "));
  }
  const next = action === "pay" ? answer.invoice.successUrl : answer.invoice.cancelUrl;
  return { next: next ?? "/", status: action === "pay" ? "paid" : "failed" };
}
