import { attemptSignIn } from "../sign-in-audit.js";
import type { FastifyInstance } from "fastify";
import { inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";
import { AUTH } from "./authentication-routes.js";
import { authRoute } from "./limits.js";
import { signInSession } from "../devices/sign-in-session.js";

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

  defineRoute(
    app,
    {
      method: "GET",
      url: `${BASE}/nonce`,
      ...authRoute(config),
      summary: "A nonce for a Sign-In with Ethereum message",
    },
    async () => ({ data: { ...(await wallets.issueNonce()), domain, uri: config.publicUrl } }),
  );

  const signIn = {
    method: "POST",
    url: BASE,
    ...authRoute(config),
    summary:
      "Sign in with a signed Sign-In with Ethereum (EIP-4361) message (or, with EVM_TIMESTAMP_MESSAGES=true, a signed `Date.now()`); a guest session's cart moves to the account",
    body: signed,
    bareBody: true,
  } as const;
  defineRoute(app, signIn, async ({ body: input }, request, reply) => {
    const subjectId = await attemptSignIn(app.audit, rbac.db, "wallet", () => wallets.signIn(input, domain));
    // As with email sign-in: the guest's cart joins the account's (guest-handover.ts).
    await rbac.guests.run(request.caller.kind === "subject" ? request.caller.subjectId : undefined, subjectId);
    const session = await signInSession(rbac, request, subjectId, "wallet");
    sessions.setCookie(reply, session);
    return { data: session };
  });
}
