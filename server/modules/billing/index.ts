import { defineModule } from "../module.js";
import { registerBillingModule } from "./billing-module.js";

// What other modules may use of billing: invoices (open one, listen to its moves), the providers
// and their payments, and money arithmetic. Anything else in this folder is billing's own.
export type { BillingServices } from "./billing-module.js";
export type { Invoice, InvoiceRequest, Invoices, PaymentIntent, InvoiceState, InvoiceStateChange, InvoiceStateListener } from "./invoices.js";
export { fromMinorUnits, sumAmounts, toMinorUnits } from "./money.js";
export type { Refund, RefundRequest, Refunds } from "./refunds.js";
export { ProviderFailure, type CreatedPayment, type PaymentProvider, type ProviderName } from "./providers/provider.js";
export type { PaymentProviders } from "./providers/registry.js";

/**
 * Payment providers, invoices and payments (`app.payments`), the webhook and providers routes.
 * Billing writes only its own tables: other modules learn of an invoice's moves by listening
 * (`app.payments.invoices.onInvoiceState`). The dummy invoice route reads `app.shop` when it
 * answers, not while registering: no dependency on ecommerce.
 */
export const billing = defineModule("billing", ["rbac"], async (app, config) => {
  await registerBillingModule(app, config);
});
