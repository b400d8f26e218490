import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { Payments } from "./payments.js";
import { createPaymentProviders, type PaymentProviders } from "./providers/registry.js";
import { registerDummyInvoiceRoute } from "./dummy-invoice-route.js";
import { registerProvidersRoute } from "./providers-route.js";
import { registerWebhookRoute } from "./webhook-route.js";

declare module "fastify" {
  interface FastifyInstance {
    payments: { providers: PaymentProviders; payments: Payments };
  }
}

/** Payment providers (chosen by settings), the webhook route they all use, the list of configured providers, and the dummy provider's page data. */
export async function registerBillingModule(app: FastifyInstance, config: Config): Promise<PaymentProviders> {
  const providers = await createPaymentProviders(config, app.repositories.get("rbac/signing-keys")!);
  const payments = new Payments(app.database, app.repositories, app.registry);
  app.decorate("payments", { providers, payments });
  await app.register(async (routes) => registerWebhookRoute(routes, config, providers, payments));
  await app.register(async (routes) => registerDummyInvoiceRoute(routes, providers));
  await app.register(async (routes) => registerProvidersRoute(routes, providers));
  return providers;
}
