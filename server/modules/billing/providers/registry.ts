import type { Repository } from "../../../../engine/query/repository.js";
import { AppError } from "../../../../engine/errors.js";
import type { Config } from "../../../config.js";
import { resolveSigningSecret } from "../../rbac/signing-secret.js";
import { OxProcessingProvider } from "./0xprocessing.js";
import { CloudPaymentsProvider } from "./cloudpayments.js";
import { DummyProvider } from "./dummy.js";
import { PayselectionProvider } from "./payselection.js";
import { PROVIDERS, type PaymentProvider, type ProviderName, type SiteAddress } from "./provider.js";
import { tipTopPayProvider } from "./tiptoppay.js";

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

  /** The configured providers' names, in SPEC.md's order: what a checkout screen may offer. */
  get names(): ProviderName[] {
    return PROVIDERS.filter((name) => this.byName.has(name));
  }

  get dummy(): DummyProvider | undefined {
    return this.byName.get("dummy") as DummyProvider | undefined;
  }
}

/** Each provider whose settings are present (README "Payments"). */
export async function createPaymentProviders(config: Config, signingKeys: Repository): Promise<PaymentProviders> {
  const providers = new Map<ProviderName, PaymentProvider>();
  const site: SiteAddress = { publicUrl: config.publicUrl, production: config.production };
  const settings = config.paymentProviders ?? {};
  // The stripe package is loaded only when Stripe is configured.
  if (settings.stripe) providers.set("stripe", new (await import("./stripe.js")).StripeProvider(settings.stripe, site));
  if (settings["0xprocessing"]) providers.set("0xprocessing", new OxProcessingProvider(settings["0xprocessing"], site));
  if (settings.payselection) providers.set("payselection", new PayselectionProvider("payselection", settings.payselection, site));
  if (settings["payselection-international"]) providers.set("payselection-international", new PayselectionProvider("payselection-international", settings["payselection-international"], site));
  if (settings.tiptoppay) providers.set("tiptoppay", tipTopPayProvider(settings.tiptoppay, site));
  if (settings.cloudpayments) providers.set("cloudpayments", new CloudPaymentsProvider("cloudpayments", settings.cloudpayments, site));
  if (config.paymentDummyEnabled) {
    const secret = await resolveSigningSecret(config.paymentDummySecret, false, signingKeys, { purpose: "payment-dummy", settingName: "PAYMENT_DUMMY_SECRET" });
    providers.set("dummy", new DummyProvider(secret));
  }
  return new PaymentProviders(providers);
}
