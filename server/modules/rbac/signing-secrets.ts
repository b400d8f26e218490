import type { Repositories } from "../../../engine/query/repositories.js";
import { resolveSigningSecret } from "../../lib/signing-secret.js";

/** Which secret, and the setting that gives it (named in the error when production lacks it). */
export interface SecretPurpose {
  purpose?: string;
  settingName?: string;
}

/**
 * A server secret: `setting` when given, else one made at first start and kept in rbac's signing
 * keys under its purpose (server/lib/signing-secret.ts), so every instance on the database agrees.
 * Production requires the setting.
 */
export type SigningSecrets = (
  setting: string | undefined,
  production: boolean,
  purpose?: SecretPurpose,
) => Promise<string>;

/** Secrets kept in rbac's signing keys, for another module that signs what it hands out (order links, the dummy provider's pages). */
export function signingSecrets(repositories: Repositories): SigningSecrets {
  return (setting, production, purpose) =>
    resolveSigningSecret(setting, production, repositories.get("rbac/signing-keys")!, purpose);
}
