import { attemptSignIn } from "../sign-in-audit.js";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { signInSession } from "../devices/sign-in-session.js";
import type { Passkeys } from "../passkeys/index.js";
import type { RbacServices } from "../rbac-services.js";
import { AUTH } from "./authentication-routes.js";
import { authRoute } from "./limits.js";
import { CREDENTIAL } from "./passkey-inputs.js";

/** The token a password sign-in with two-factor on answered (two-factor-sign-in-route.ts). */
const TOKEN = { type: "string", minLength: 16, maxLength: 128 };
const tokenBody = inputSchema<{ token: string }>({ properties: { token: TOKEN }, required: ["token"] });
const answerBody = inputSchema<{ token: string; credential: Parameters<Passkeys["signIn"]["verify"]>[0] }>({
  properties: { token: TOKEN, credential: CREDENTIAL },
  required: ["token", "credential"],
});

const wrongPasskey = () => new AppError("AUTHENTICATION_ERROR", "the passkey could not be verified");

/**
 * A passkey as the second step of a password sign-in, beside the authenticator app's code: options
 * for the token's subject (its own passkeys), then the signed answer with the token. The token's
 * expiry and failure count are the code step's (a refused passkey counts as a wrong code), and the
 * answer is the session, exactly as `POST …/two-factor` answers it.
 */
export function registerPasskeySecondFactorRoutes(app: FastifyInstance, rbac: RbacServices, passkeys: Passkeys) {
  const { twoFactor, sessions, config } = rbac;
  const route = { ...authRoute(config), method: "POST" } as const;

  defineRoute(
    app,
    {
      ...route,
      url: `${AUTH}/two-factor/passkey/options`,
      summary:
        "Options for navigator.credentials.get() naming the passkeys of the subject whose password sign-in is waiting for its second step",
      body: tokenBody,
    },
    async ({ body: { token } }) => ({
      data: await passkeys.signIn.optionsFor(await twoFactor.challenges.liveSubject(token)),
    }),
  );

  defineRoute(
    app,
    {
      ...route,
      url: `${AUTH}/two-factor/passkey`,
      summary:
        "Finish a password sign-in with one of the subject's passkeys (the browser's AuthenticationResponseJSON) instead of a code",
      body: answerBody,
    },
    async ({ body: { token, credential } }, request, reply) => {
      let refusal: unknown;
      const subjectId = await attemptSignIn(app.audit, rbac.db, "two-factor", () =>
        twoFactor.challenges.completeWith(
          token,
          async (subject, trx) => {
            try {
              await passkeys.signIn.verifyFor(subject, credential, trx);
              return true;
            } catch (error) {
              refusal = error;
              return false;
            }
          },
          () => (refusal instanceof AppError ? refusal : wrongPasskey()),
        ),
      );
      await rbac.guests.run(request.caller.kind === "subject" ? request.caller.subjectId : undefined, subjectId);
      const session = await signInSession(rbac, request, subjectId, "two-factor");
      sessions.setCookie(reply, session);
      return { data: session };
    },
  );
}
