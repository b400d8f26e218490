import type { SigningSecrets } from "../../rbac/index.js";
import { AppError } from "../../../../engine/errors.js";
import type { Config } from "../../../config.js";
import type { ProviderDefinition } from "./definition.js";
import type { DummyProvider } from "./dummy.js";
import { paymentProvidersFromEnv, providerDefinitions } from "./index.js";
import type { PaymentProvider, ProviderName, SiteAddress } from "./provider.js";

/** The providers this server has settings for, by name, and the list they come from. */
export class PaymentProviders {
  constructor(
    private readonly byName: Map<ProviderName, PaymentProvider>,
    private readonly definitions: readonly ProviderDefinition[],
  ) {}

  /** The provider, or a Validation error when it has no settings here. */
  get(name: ProviderName): PaymentProvider {
    const provider = this.byName.get(name);
    if (!provider)
      throw new AppError("VALIDATION_ERROR", `payment provider ${name} is not configured on this server`, [
        { path: "/provider", message: "is not configured" },
      ]);
    return provider;
  }

  find(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  /** Every provider a checkout may name (configured here or not), in the list's order. */
  get defined(): ProviderName[] {
    return this.definitions.map((definition) => definition.name);
  }

  /** The configured providers' names, in the list's order (./index.ts): what a checkout screen may offer. */
  get names(): ProviderName[] {
    return this.defined.filter((name) => this.byName.has(name));
  }

  /** The configured providers as a select's options: `{ value: "stripe", label: "Stripe" }`. */
  get options(): { value: ProviderName; label: string }[] {
    return this.definitions.filter((d) => this.byName.has(d.name)).map((d) => ({ value: d.name, label: d.label }));
  }

  get dummy(): DummyProvider | undefined {
    return this.byName.get("dummy") as DummyProvider | undefined;
  }
}

/** Each listed provider whose settings are present (docs/payments.md). */
export async function createPaymentProviders(config: Config, secrets: SigningSecrets): Promise<PaymentProviders> {
  const providers = new Map<ProviderName, PaymentProvider>();
  const site: SiteAddress = { publicUrl: config.publicUrl, production: config.production };
  const definitions = providerDefinitions(config);
  const configured = config.paymentProviders ?? paymentProvidersFromEnv(config.environment, definitions);
  for (const definition of definitions) {
    const settings = definition.fromConfig ? definition.fromConfig(config) : configured[definition.name];
    if (settings !== undefined) providers.set(definition.name, await definition.create(settings, { site, secrets }));
  }
  return new PaymentProviders(providers, definitions);
}
