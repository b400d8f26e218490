import type { FastifyInstance } from "fastify";
import { AppError, validationError } from "../../../engine/errors.js";
import type { Config } from "../../config.js";
import { defineRoute } from "../route.js";
import type { Payments } from "./payments.js";
import { ProviderFailure, WebhookRefusal, type PaymentEvent } from "./providers/provider.js";
import type { PaymentProviders } from "./providers/registry.js";

/** A notification is a few fields; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /api/billing/payment-intents/{provider}/webhook: every provider's notifications. The raw
 * body is kept as bytes (whatever its content type) because signatures are over those exact
 * bytes; the provider verifies it before anything is looked up, and a refused notification
 * (unsigned, wrongly signed, stale) is a 400 that changes nothing. Then the event is applied once,
 * moving the invoice only forward, and answered in the form the provider expects.
 */
export async function registerWebhookRoute(
  app: FastifyInstance,
  config: Config,
  providers: PaymentProviders,
  payments: Payments,
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  defineRoute(
    app,
    {
      method: "POST",
      url: "/api/billing/payment-intents/:provider/webhook",
      tag: "billing",
      summary: "A payment provider's notification, verified by its signature; answered as the provider expects",
      rawBody: "The notification exactly as the provider sends it (its signature is over these bytes)",
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // Any caller: the provider's signature, not a permission, says the notification is real.
      access: "public",
    },
    async ({ params }, request, reply) => {
      const name = params.provider!;
      const provider = providers.find(name);
      if (!provider) throw new AppError("NOT_FOUND", `payment provider ${name} is not configured on this server`);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: PaymentEvent | null;
      try {
        event = await provider.verifyWebhook(raw, request.headers, `${config.publicUrl}${request.url}`);
      } catch (error) {
        if (error instanceof WebhookRefusal)
          throw validationError(`notification refused: ${error.message}`, [{ path: "/", message: error.message }]);
        // A signed notification whose facts could not be confirmed with the provider's API: not
        // acknowledged, so the provider sends it again.
        if (error instanceof ProviderFailure) throw new AppError("BAD_GATEWAY", `${name}: ${error.message}`);
        throw error;
      }
      const outcome = event ? await payments.apply(provider.name, event) : "ignored";
      if (outcome === "mismatch" || outcome === "unknown" || outcome === "flagged")
        request.log.warn({ provider: name, event, outcome }, "payment notification not applied");
      const answer = provider.webhookAnswer(outcome, event);
      return reply.status(answer.status).send(answer.body);
    },
  );
}
