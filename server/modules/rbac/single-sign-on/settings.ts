/**
 * Single sign-on with OpenID Connect (docs/configuration.md, docs/security.md "Single sign-on").
 * Off unless OIDC_ISSUER is set; then the client's id and secret are required, and a mistake in
 * any of these settings stops the start naming it rather than showing a button that cannot work.
 */
export interface OidcSettings {
  /** OIDC_ISSUER: the provider's issuer identifier; its discovery document is read from it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * OIDC_NAME: the provider's name as the button says it ("Sign in with Acme ID"); unset, the
   * pages say "single sign-on" in their own language.
   */
  name?: string;
  /** OIDC_SCOPES (default `openid email profile`): `openid` is always among them. */
  scopes: string;
  /** OIDC_ROLE_CLAIM and OIDC_ROLE_MAP: which claim values give which roles; undefined leaves roles alone. */
  roles?: RoleClaimSettings;
}

export interface RoleClaimSettings {
  /** The claim (of the ID token or, failing that, of the userinfo answer) holding the values. */
  claim: string;
  /** Claim value → role uid. The roles named here are the ones single sign-on grants and takes away. */
  map: Map<string, string>;
}

/** What the server's messages call the provider when OIDC_NAME is unset. */
export const DEFAULT_OIDC_NAME = "single sign-on";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** True for an http:// issuer on this machine (a test provider): the only plain-http one accepted. */
export const isLoopbackIssuer = (issuer: string) => {
  const url = new URL(issuer);
  return url.protocol === "http:" && LOOPBACK.has(url.hostname);
};

export function oidcFromEnv(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER must be the provider's issuer URL, not ${JSON.stringify(issuer)}`);
  }
  // Plain http would let anyone on the way read the code and the ID token: only a loopback provider may use it.
  if (url.protocol !== "https:" && !isLoopbackIssuer(issuer))
    throw new Error(`OIDC_ISSUER must be an https URL (http only on 127.0.0.1 or localhost), not ${issuer}`);
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new Error("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  const scopes = new Set((env.OIDC_SCOPES ?? "openid email profile").split(/[\s,]+/).filter(Boolean));
  scopes.add("openid");
  return {
    issuer,
    clientId,
    clientSecret,
    name: env.OIDC_NAME?.trim() || undefined,
    scopes: [...scopes].join(" "),
    roles: roleClaimFrom(env),
  };
}

/**
 * OIDC_ROLE_CLAIM names the claim; OIDC_ROLE_MAP lists the roles it manages, each `role` (the
 * claim value is the role's uid) or `value=role` (`staff=editor`). The map is required with the
 * claim: without it every role would be the provider's to take away, a locally made admin too.
 */
function roleClaimFrom(env: NodeJS.ProcessEnv): RoleClaimSettings | undefined {
  const claim = env.OIDC_ROLE_CLAIM?.trim();
  const entries = (env.OIDC_ROLE_MAP ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!claim) {
    if (entries.length) throw new Error("OIDC_ROLE_MAP needs OIDC_ROLE_CLAIM (the claim its values are read from)");
    return undefined;
  }
  if (!entries.length)
    throw new Error("OIDC_ROLE_CLAIM needs OIDC_ROLE_MAP: the roles it manages (`admin,editor` or `staff=editor`)");
  const map = new Map<string, string>();
  for (const entry of entries) {
    const [value, role = value, extra] = entry.split("=").map((part) => part.trim());
    if (!value || !role || extra !== undefined)
      throw new Error(`OIDC_ROLE_MAP: ${JSON.stringify(entry)} is not \`role\` or \`claim-value=role\``);
    map.set(value, role);
  }
  return { claim, map };
}
