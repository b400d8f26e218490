import type * as OpenIdClient from "openid-client";
import { AppError } from "../../../../engine/errors.js";
import { isLoopbackIssuer, type OidcSettings } from "./settings.js";

/** What the callback needs to finish a flow: the checks the provider's answer must pass. */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Claims of the verified ID token, with the userinfo answer's for what the ID token left out. */
export type ProviderClaims = Record<string, unknown> & { iss: string; sub: string };

/**
 * The provider as openid-client sees it: its metadata, read once from its discovery document (a
 * failed read is tried again at the next sign-in, so a provider down at start-up does not keep
 * single sign-on off), the authorization URL, and the code exchanged and checked.
 */
export class ProviderClient {
  private configuration?: Promise<OpenIdClient.Configuration>;

  constructor(
    private readonly settings: OidcSettings,
    /** Where the provider sends the browser back: the callback route on PUBLIC_URL. */
    readonly redirectUri: string,
  ) {}

  async authorizationUrl(checks: FlowChecks): Promise<string> {
    const [client, config] = await Promise.all([openIdClient(), this.config()]);
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: this.redirectUri,
        scope: this.settings.scopes,
        response_type: "code",
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
      })
      .toString();
  }

  /**
   * Exchanges the code of the provider's answer (the callback URL) and checks the ID token:
   * signature, issuer, audience, expiry, and the flow's state, nonce and PKCE verifier, each
   * checked by openid-client. Any failure is a 401 naming what did not hold.
   */
  async exchange(callbackUrl: URL, checks: FlowChecks): Promise<ProviderClaims> {
    const [client, config] = await Promise.all([openIdClient(), this.config()]);
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // Providers differ on what the ID token carries (email, groups): userinfo fills the rest,
      // answered for the same `sub` (openid-client checks), the ID token's own claims winning.
      const userInfo = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
        : {};
      return { ...userInfo, ...idClaims } as ProviderClaims;
    } catch (error) {
      throw refusal(client, error);
    }
  }

  private config(): Promise<OpenIdClient.Configuration> {
    this.configuration ??= this.discover().catch((error) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<OpenIdClient.Configuration> {
    const client = await openIdClient();
    const { issuer, clientId, clientSecret } = this.settings;
    try {
      return await client.discovery(
        new URL(issuer),
        clientId,
        clientSecret,
        undefined,
        // openid-client refuses plain http; settings.ts allows it only for a provider on this machine.
        isLoopbackIssuer(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    } catch (error) {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        `the single sign-on provider cannot be reached or its discovery document is not valid (${(error as Error).message})`,
      );
    }
  }
}

// Loaded at the first single sign-on, not at every start.
const openIdClient = () => import("openid-client");

function refusal(client: typeof OpenIdClient, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof client.AuthorizationResponseError)
    return new AppError("AUTHENTICATION_ERROR", `the provider did not sign you in (${error.error})`);
  if (error instanceof client.ResponseBodyError)
    return new AppError("AUTHENTICATION_ERROR", `the provider refused the sign-in code (${error.error})`);
  if (error instanceof client.ClientError && ["OAUTH_TIMEOUT", "OAUTH_ABORT"].includes(error.code ?? ""))
    return new AppError("SERVICE_UNAVAILABLE", "the single sign-on provider did not answer in time");
  if (error instanceof client.ClientError || error instanceof client.WWWAuthenticateChallengeError) {
    // openid-client's own message is generic ("unexpected JWT claim value encountered"); its cause names the claim.
    const detail = error.cause instanceof Error ? error.cause.message : error.message;
    return new AppError("AUTHENTICATION_ERROR", `the provider's answer did not check out: ${detail}`);
  }
  return new AppError("SERVICE_UNAVAILABLE", "the single sign-on provider cannot be reached");
}
