import type { SigningSecrets } from "../../rbac/index.js";
import type { Config } from "../../../config.js";
import type { PaymentProvider, SiteAddress } from "./provider.js";

/** What a provider is given when the app builds it. */
export interface ProviderContext {
  site: SiteAddress;
  /** A provider's own secret when its setting is not given, made once and kept by rbac (the dummy provider's signing secret). */
  secrets: SigningSecrets;
}

/**
 * One payment provider as the app knows it (Medusa's provider package, reduced): its name, its
 * label, its settings read from the environment, and how to build it. Listed once in ./index.ts;
 * the checkout's provider check, the invoice's allowed values, the public list of configured
 * providers, the checkout select and docs/payments.md's settings table all come from that list.
 */
export interface ProviderDefinition<Settings = any> {
  /** The invoice's `provider`, the checkout's `provider` and the webhook path's segment. */
  readonly name: string;
  /** What the checkout's select shows. */
  readonly label: string;
  /** The environment variables it reads, required ones first (docs/payments.md names them). */
  readonly env: readonly string[];
  /** Its settings, or undefined while any required variable is missing (it is then off). */
  fromEnv(env: NodeJS.ProcessEnv): Settings | undefined;
  /**
   * Its settings from this app's config when they are not kept in `config.paymentProviders`
   * under its name (the dummy provider has its own switch and secret in the config).
   */
  fromConfig?(config: Config): Settings | undefined;
  create(settings: Settings, context: ProviderContext): PaymentProvider | Promise<PaymentProvider>;
}

/** A base URL without its trailing slash. */
export const baseUrl = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, "");
