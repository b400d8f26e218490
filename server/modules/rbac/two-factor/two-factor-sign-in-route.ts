import { attemptSignIn } from "../sign-in-audit.js";
import type { FastifyInstance } from "fastify";
import { inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";
import { authRoute } from "../routes/limits.js";
import { CODE_INPUT } from "./recovery-codes.js";
import { AUTH_PATH } from "./paths.js";
import { signInSession } from "../devices/sign-in-session.js";

const body = inputSchema<{ token: string; code: string }>({
  properties: { token: { type: "string", minLength: 16, maxLength: 128 }, code: CODE_INPUT },
  required: ["token", "code"],
});

/**
 * The second step of a password sign-in with two-factor on: the token the first step answered and
 * a code from the app (or a recovery code). Answers the session exactly as the first step does
 * without two-factor: the body, the cookies, a guest's cart moved to the account, the device recorded (and mailed when new).
 */
export function registerTwoFactorSignInRoute(app: FastifyInstance, rbac: RbacServices) {
  const { twoFactor, sessions, config } = rbac;
  const summary =
    "Finish a password sign-in with a code from the authenticator app or a recovery code (the token lives 5 minutes; 5 wrong codes end it)";
  defineRoute(
    app,
    { ...authRoute(config), method: "POST", url: `${AUTH_PATH}/two-factor`, summary, body },
    async ({ body: { token, code } }, request, reply) => {
      const subjectId = await attemptSignIn(app.audit, rbac.db, "two-factor", () =>
        twoFactor.challenges.complete(token, code),
      );
      await rbac.guests.run(request.caller.kind === "subject" ? request.caller.subjectId : undefined, subjectId);
      const session = await signInSession(rbac, request, subjectId, "two-factor");
      sessions.setCookie(reply, session);
      return { data: session };
    },
  );
}

/** What the first step answers when the subject has two-factor on: no session yet, a token for the second step. */
export async function twoFactorStep(rbac: RbacServices, subjectId: string) {
  if (!(await rbac.twoFactor.factors.isOn(subjectId))) return undefined;
  return { data: { twoFactor: { required: true, token: await rbac.twoFactor.challenges.issue(subjectId) } } };
}
