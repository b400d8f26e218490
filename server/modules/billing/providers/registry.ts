import type { Repository } from "../../../../engine/query/repository.js";
import { AppError } from "../../../../engine/errors.js";
import type { Config } from "../../../config.js";
import { resolveSigningSecret } from "../../rbac/signing-secret.js";
import { DummyProvider } from "./dummy.js";
import type { PaymentProvider, ProviderName } from "./provider.js";

/** The providers this server has settings for, by name. */
export class PaymentProviders {
  constructor(private readonly byName: Map<ProviderName, PaymentProvider>) {}

  /** The provider, or a Validation error when it has no settings here. */
  get(name: ProviderName): PaymentProvider {
    const provider = this.byName.get(name);
    if (!provider) throw new AppError("VALIDATION_ERROR", `payment provider ${name} is not configured on this server`, [{ path: "/provider", message: "is not configured" }]);
    return provider;
  }

  find(name: string): PaymentProvider | undefined {
    return this.byName.get(name as ProviderName);
  }

  get dummy(): DummyProvider | undefined {
    return this.byName.get("dummy") as DummyProvider | undefined;
  }
}

/** Each provider whose settings are present (README "Payments"). */
export async function createPaymentProviders(config: Config, signingKeys: Repository): Promise<PaymentProviders> {
  const providers = new Map<ProviderName, PaymentProvider>();
  if (config.paymentDummyEnabled) {
    const secret = await resolveSigningSecret(config.paymentDummySecret, false, signingKeys, { purpose: "payment-dummy", settingName: "PAYMENT_DUMMY_SECRET" });
    providers.set("dummy", new DummyProvider(secret));
  }
  return new PaymentProviders(providers);
}
