// oidc-provider ships no types: the part of its API the single sign-on tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface Context {
    oidc: {
      client: { clientId: string };
      session: { accountId: string };
      provider: { Grant: new (fields: { clientId: string; accountId: string }) => Grant };
    };
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[] | null>;
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    ttl?: Record<string, number>;
    findAccount(
      ctx: Context,
      id: string,
    ): Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
    loadExistingGrant?(ctx: Context): Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    proxy: boolean;
  }
}
