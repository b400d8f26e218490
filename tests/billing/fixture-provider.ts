import { hmacHex, sameSignature } from "../../server/modules/billing/signatures.js";
import type { ProviderDefinition } from "../../server/modules/billing/providers/definition.js";
import { providerRequest } from "../../server/modules/billing/providers/http.js";
import {
  header,
  WebhookRefusal,
  type PaymentContext,
  type PaymentEvent,
  type PaymentProvider,
  type WebhookOutcome,
} from "../../server/modules/billing/providers/provider.js";

/**
 * A payment provider that exists only in the tests, written as docs/extending.md "Adding a payment
 * provider" says: one definition, added to the list (here through `paymentProviderDefinitions`,
 * the test seam; in the app, one line in providers/index.ts). Its API is a loopback peer:
 * `POST /payments` answers `{ id, url }`; its notifications are JSON signed with
 * X-Fixture-Signature = hex(HMAC-SHA256(secret, body)).
 */
export interface FixturePaySettings {
  apiUrl: string;
  secret: string;
}

class FixturePayProvider implements PaymentProvider {
  readonly name = "fixturepay";
  constructor(private readonly settings: FixturePaySettings) {}

  async createPayment(context: PaymentContext) {
    const body = JSON.stringify({
      amount: context.amount,
      currency: context.currency.code,
      reference: context.invoiceId,
    });
    const answer = (await providerRequest(this.name, `${this.settings.apiUrl}/payments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    })) as { id: string; url: string };
    return { providerId: answer.id, paymentUrl: answer.url, currency: context.currency.code };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    if (!sameSignature(header(headers, "x-fixture-signature"), hmacHex(this.settings.secret, rawBody)))
      throw new WebhookRefusal("the notification's signature is wrong");
    const event = JSON.parse(rawBody.toString("utf8"));
    return {
      kind: event.status,
      providerId: event.id,
      eventId: event.eventId,
      amount: event.amount,
      currency: event.currency,
    };
  }

  webhookAnswer(outcome: WebhookOutcome) {
    return { status: 200, body: { outcome } };
  }
}

export const fixturePay: ProviderDefinition<FixturePaySettings> = {
  name: "fixturepay",
  label: "Fixture Pay",
  env: ["FIXTUREPAY_API_URL", "FIXTUREPAY_SECRET"],
  fromEnv: (env) =>
    env.FIXTUREPAY_API_URL && env.FIXTUREPAY_SECRET
      ? { apiUrl: env.FIXTUREPAY_API_URL, secret: env.FIXTUREPAY_SECRET }
      : undefined,
  create: (settings) => new FixturePayProvider(settings),
};
