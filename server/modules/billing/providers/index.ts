import type { Config } from "../../../config.js";
import { oxProcessing } from "./0xprocessing.js";
import { cloudPayments } from "./cloudpayments.js";
import type { ProviderDefinition } from "./definition.js";
import { dummy } from "./dummy.js";
import { payselectionInternational, payselectionRu } from "./payselection.js";
import { stripe } from "./stripe.js";
import { tipTopPay } from "./tiptoppay.js";

/**
 * Each configured provider's settings by its name (`{ stripe: { secretKey, … } }`), as its
 * definition read them; a provider absent here is off.
 */
export type PaymentProviderSettings = Record<string, unknown>;

// The providers' own settings: read from `config.environment` unless a caller gives them here.
// Declared by billing, so server/config.ts knows nothing of the providers.
declare module "../../../config.js" {
  interface Config {
    /** Each provider's settings, instead of what the providers read from the environment (tests set them here). */
    paymentProviders?: PaymentProviderSettings;
    /** The payment provider list when it is not PAYMENT_PROVIDERS (tests add a fixture provider). */
    paymentProviderDefinitions?: readonly ProviderDefinition[];
  }
}

/**
 * Every payment provider, in the order a checkout screen offers them: the one list (docs/extending.md "Adding a payment
 * provider"). A checkout may name any of them; one is offered only when its settings are present.
 */
export const PAYMENT_PROVIDERS: readonly ProviderDefinition[] = [
  stripe,
  oxProcessing,
  payselectionRu,
  payselectionInternational,
  tipTopPay,
  cloudPayments,
  dummy,
];

/** This app's provider list: the one above, or `config.paymentProviderDefinitions` (tests add a fixture provider there). */
export const providerDefinitions = (
  config: Pick<Config, "paymentProviderDefinitions">,
): readonly ProviderDefinition[] => config.paymentProviderDefinitions ?? PAYMENT_PROVIDERS;

/** The lists the schemas' `x-enum-from` fields name: `billing/invoices.provider` takes these names. */
export const providerEnums = (config: Pick<Config, "paymentProviderDefinitions">) => ({
  "payment-providers": providerDefinitions(config).map((definition) => definition.name),
});

/** Each provider whose settings are all in the environment, by name (docs/payments.md). */
export function paymentProvidersFromEnv(
  env: NodeJS.ProcessEnv,
  definitions: readonly ProviderDefinition[] = PAYMENT_PROVIDERS,
): PaymentProviderSettings {
  const settings: PaymentProviderSettings = {};
  for (const definition of definitions) {
    const found = definition.fromEnv(env);
    if (found !== undefined) settings[definition.name] = found;
  }
  return settings;
}
