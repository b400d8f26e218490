import type { FastifyInstance } from "fastify";
import { inputSchema } from "../input.js";
import { defineRoute } from "../route.js";
import type { PaymentProviders } from "./providers/registry.js";

// Any other value of `as` (or other keys) is the plain list, as it always was: nothing is refused.
const query = inputSchema<{ as?: unknown }>({
  properties: { as: { description: "`options`: each provider with its label; anything else: the names" } },
  additionalProperties: true,
});

/**
 * GET /api/billing/payment-intents/providers: the names of the providers configured here
 * (`{ data: ["stripe", "dummy"] }`), public, so a checkout screen offers only those. With
 * `?as=options` each comes with its label as a select wants it (`{ value: "stripe", label: "Stripe" }`):
 * the site's checkout select is made from that, so a new provider needs no change in web/.
 */
export function registerProvidersRoute(app: FastifyInstance, providers: PaymentProviders) {
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/billing/payment-intents/providers",
      tag: "billing",
      summary:
        "The payment providers configured on this server (what a checkout may name); ?as=options: with their labels",
      query,
      access: "public",
    },
    async ({ query: { as } }) => ({ data: as === "options" ? providers.options : providers.names }),
  );
}
