import type { FastifyInstance } from "fastify";
import { inputSchema, readInput } from "../../input.js";
import type { RbacServices } from "../rbac-services.js";
import { AUTH } from "./authentication-routes.js";
import { authRouteOptions } from "./limits.js";

const BASE = `${AUTH}/ethereum-virtual-machine`;

/** The provider name the original client sends beside a signed message. */
export const WALLET_PROVIDER_NAME = "ethereum-virtual-machine";

/** A signed wallet message, as sign-in and the identities route's wallet link read it. */
export const SIGNED_MESSAGE_PROPERTIES = {
  message: { type: "string", minLength: 8, maxLength: 4096, "x-message": "must be at least 8 characters" },
  signature: { type: "string", pattern: "^0x[0-9a-fA-F]+$", maxLength: 2048, "x-message": "must be a hex signature" },
  address: { type: "string", maxLength: 64 },
  provider: { type: "string", enum: [WALLET_PROVIDER_NAME], "x-message": "Invalid provider" },
};

const signed = inputSchema<{ message: string; signature: string; address?: string; provider?: string }>({
  properties: SIGNED_MESSAGE_PROPERTIES,
  required: ["message", "signature"],
});

/** Sign-In with Ethereum: a nonce to put in the message, then the signed message. */
export function registerWalletRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { wallets, sessions, config } = rbac;
  const domain = new URL(config.publicUrl).host;

  app.get(`${BASE}/nonce`, authRouteOptions(config, { summary: "A nonce for a Sign-In with Ethereum message" }), async () => ({ data: { ...(await wallets.issueNonce()), domain, uri: config.publicUrl } }));

  app.post(BASE, authRouteOptions(config, { summary: "Sign in with a signed Sign-In with Ethereum (EIP-4361) message (or, with EVM_TIMESTAMP_MESSAGES=true, a signed `Date.now()`)", body: signed.schema }), async (request, reply) => {
    const input = signed(await readInput(request));
    const session = await sessions.start(await wallets.signIn(input, domain));
    sessions.setCookie(reply, session.jwt);
    return { data: session };
  });
}
