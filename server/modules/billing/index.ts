import { defineModule } from "../module.js";
import { registerBillingModule } from "./billing-module.js";

// What other modules may use of billing: invoices (open one, listen to its moves), the providers
// and their payments, money arithmetic, and billing's rows as they read them (billing-reads.ts:
// subqueries to join, look-ups by ids). Anything else in this folder is billing's own: no other
// module names billing's models.
export type { BillingServices } from "./billing-module.js";
export type {
  Invoice,
  InvoiceItemsReader,
  InvoiceRequest,
  Invoices,
  PaymentIntent,
  InvoiceState,
  InvoiceStateChange,
  InvoiceStateListener,
} from "./invoices.js";
export type { Currencies } from "./currencies.js";
export {
  checkoutCurrency,
  checkoutCurrencyRow,
  currenciesByIds,
  currenciesOfIntents,
  currencyChoices,
  currencyIdsOfIntents,
  currencyRows,
  invoiceById,
  invoiceRows,
  invoicesOfIntents,
  openCheckouts,
  paymentIntentById,
  refundsOf,
  webhookEventsOf,
  type Currency,
} from "./billing-reads.js";
export { fromMinorUnits, sumAmounts, toMinorUnits } from "./money.js";
export type { Refund, RefundAllocation, RefundRequest, Refunds } from "./refunds.js";
export { ProviderFailure, type CreatedPayment, type PaymentProvider, type ProviderName } from "./providers/provider.js";
export type { PaymentProviders } from "./providers/registry.js";

/**
 * Payment providers, invoices and payments (`app.payments`), the webhook and providers routes.
 * Billing writes only its own tables: other modules learn of an invoice's moves by listening
 * (`app.payments.invoices.onInvoiceState`), and the dummy payment page lists what the selling
 * module registered (`onInvoiceItems`): no dependency on ecommerce.
 */
export const billing = defineModule("billing", ["rbac"], async (app, config) => {
  await registerBillingModule(app, config);
});
