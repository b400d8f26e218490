import type { FastifyInstance } from "fastify";
import { AppError } from "../../../engine/errors.js";
import { modelQueries } from "../../../engine/query/model-tables.js";
import { UUID, inputSchema } from "../input.js";
import { defineRoute } from "../route.js";
import type { Invoices } from "./invoices.js";
import type { PaymentProviders } from "./providers/registry.js";

const params = inputSchema<{ invoiceId: string }>({
  properties: { invoiceId: { ...UUID, "x-message": "id is required" } },
  required: ["invoiceId"],
});
const query = inputSchema<{ token: string }>({
  properties: { token: { type: "string", maxLength: 128 } },
  required: ["token"],
});

/**
 * GET /api/billing/payment-intents/dummy/invoices/{invoiceId}?token=…: what the dummy provider's
 * payment page shows (amount, currency, the orders' lines) and its two signed actions, Pay and
 * Decline. The token from the payment URL is checked before anything is looked up; like a hosted
 * payment link, whoever holds the URL may pay. The orders are what the selling module tells
 * billing the invoice pays for (Invoices.onInvoiceItems): billing reads no other module's tables.
 */
export function registerDummyInvoiceRoute(app: FastifyInstance, providers: PaymentProviders, invoices: Invoices) {
  const dummyOf = () => {
    if (!providers.dummy) throw new AppError("NOT_FOUND", "the dummy payment provider is not enabled on this server");
    return providers.dummy;
  };
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/billing/payment-intents/dummy/invoices/:invoiceId",
      tag: "billing",
      summary:
        "The dummy payment page's invoice and its signed Pay and Decline notifications (token from the payment URL)",
      // Switched off, it is a 404 whatever the request says.
      available: dummyOf,
      params,
      query,
      // Any caller: the link's signed token, checked by the handler, is what lets it in.
      access: "public",
    },
    async ({ params: { invoiceId }, query: { token } }) => {
      const dummy = dummyOf();
      if (!dummy.checkPageToken(invoiceId, token))
        throw new AppError("PERMISSION_ERROR", "this payment link is not valid");
      const invoice = await invoices.get(invoiceId);
      const db = modelQueries(app.database.db, app.registry);
      const currency = await db
        .selectFrom("billing/payment-intents-to-invoices as pi")
        .innerJoin("billing/payment-intents-to-currencies as pc", "pc.paymentIntentId", "pi.paymentIntentId")
        .innerJoin("billing/currencies as c", "c.id", "pc.currencyId")
        .select(["c.id", "c.slug", "c.symbol", "c.decimals", "c.title"])
        .where("pi.invoiceId", "=", invoiceId)
        .executeTakeFirst();
      // What the invoice pays for, as the module that sells lists it (ecommerce: the orders and their lines).
      const orders = await invoices.itemsOf(db, invoiceId);
      const signed = {
        id: invoice.id,
        providerId: String(invoice.providerId),
        amount: String(invoice.amount),
        currency: String(currency?.slug ?? ""),
      };
      return {
        data: {
          invoice: {
            id: invoice.id,
            amount: invoice.amount,
            status: invoice.status,
            email: invoice.email,
            successUrl: invoice.successUrl,
            cancelUrl: invoice.cancelUrl,
          },
          currency: currency ?? null,
          orders,
          actions:
            invoice.status === "new"
              ? { pay: dummy.signedNotification(signed, "paid"), decline: dummy.signedNotification(signed, "failed") }
              : null,
        },
      };
    },
  );
}
