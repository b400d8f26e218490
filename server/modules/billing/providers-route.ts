import type { FastifyInstance } from "fastify";
import type { PaymentProviders } from "./providers/registry.js";

/**
 * GET /api/billing/payment-intents/providers: the names of the providers configured here
 * (`{ data: ["stripe", "dummy"] }`), public, so a checkout screen offers only those. With
 * `?as=options` each comes with its label as a select wants it (`{ value: "stripe", label: "Stripe" }`):
 * the site's checkout select is made from that, so a new provider needs no change in web/.
 */
export function registerProvidersRoute(app: FastifyInstance, providers: PaymentProviders) {
  app.get<{ Querystring: { as?: string } }>(
    "/api/billing/payment-intents/providers",
    { config: { docs: { tag: "billing", summary: "The payment providers configured on this server (what a checkout may name); ?as=options: with their labels" } } },
    async (request) => ({ data: request.query.as === "options" ? providers.options : providers.names }),
  );
}
