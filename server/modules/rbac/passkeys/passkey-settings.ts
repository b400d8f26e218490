import type { Config } from "../../../config.js";

/** The relying party a passkey is bound to: this site, as PUBLIC_URL names it. */
export interface PasskeySettings {
  /** The domain an authenticator scopes the credential to (PUBLIC_URL's host name, no port). */
  rpID: string;
  /** The name an authenticator shows beside the credential. */
  rpName: string;
  /** The exact origin the browser must report in clientDataJSON (scheme, host and port). */
  origin: string;
}

/**
 * Derived from PUBLIC_URL rather than set apart: a passkey made for one origin works only there,
 * and the site already says its one address there (links in mail, the wallet sign-in's domain).
 * Read at each ceremony, so the value the server runs with is the one checked.
 */
export function passkeySettings(config: Pick<Config, "publicUrl">): PasskeySettings {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, rpName: url.hostname, origin: url.origin };
}
