import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { Currencies } from "./currencies.js";
import { Invoices } from "./invoices.js";
import { Payments } from "./payments.js";
import { Refunds } from "./refunds.js";
import { createPaymentProviders, type PaymentProviders } from "./providers/registry.js";
import { registerDummyInvoiceRoute } from "./dummy-invoice-route.js";
import { registerProvidersRoute } from "./providers-route.js";
import { registerWebhookRoute } from "./webhook-route.js";
import { signingSecrets } from "../rbac/index.js";

/** What billing offers the other modules: its providers, the webhook's payments, and invoices (open one, listen to their moves). */
export interface BillingServices {
  providers: PaymentProviders;
  payments: Payments;
  invoices: Invoices;
  /** Refunds through the providers' refund APIs (the order desk's Refund). */
  refunds: Refunds;
  /** A currency by id (a checkout's, a price's). */
  currencies: Currencies;
}

declare module "fastify" {
  interface FastifyInstance {
    payments: BillingServices;
  }
}

/** Payment providers (chosen by settings), the webhook route they all use, the list of configured providers, and the dummy provider's page data. */
export async function registerBillingModule(app: FastifyInstance, config: Config): Promise<PaymentProviders> {
  const providers = await createPaymentProviders(config, signingSecrets(app.repositories));
  const invoices = new Invoices(app.database, app.repositories);
  const payments = new Payments(app.database, app.repositories, app.registry, invoices);
  const refunds = new Refunds(app.database, app.repositories, app.registry, invoices, payments, providers);
  app.decorate("payments", { providers, payments, invoices, refunds, currencies: new Currencies(app.repositories) });
  await app.register(async (routes) => registerWebhookRoute(routes, config, providers, payments));
  await app.register(async (routes) => registerDummyInvoiceRoute(routes, providers, invoices));
  await app.register(async (routes) => registerProvidersRoute(routes, providers));
  return providers;
}
