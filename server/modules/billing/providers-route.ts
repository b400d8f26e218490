import type { FastifyInstance } from "fastify";
import type { PaymentProviders } from "./providers/registry.js";

/**
 * GET /api/billing/payment-intents/providers: the names of the providers configured here
 * (`{ data: ["stripe", "dummy"] }`), public, so a checkout screen offers only those.
 */
export function registerProvidersRoute(app: FastifyInstance, providers: PaymentProviders) {
  app.get(
    "/api/billing/payment-intents/providers",
    { config: { docs: { tag: "billing", summary: "The payment providers configured on this server (what a checkout may name)" } } },
    async () => ({ data: providers.names }),
  );
}
