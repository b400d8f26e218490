import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError } from "../../../../engine/errors.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";
import { RECENT_SIGN_IN_MS, signedInRecently } from "../accounts/owner-proof.js";
import { signedInSubject } from "../routes/current-subject.js";
import { authRoute } from "../routes/limits.js";
import { registerTwoFactorSignInRoute } from "./two-factor-sign-in-route.js";
import { administersTwoFactor, registerTwoFactorResetRoute } from "./two-factor-reset-route.js";
import { CODE_INPUT } from "./recovery-codes.js";
import { otpauthUrl } from "./totp.js";
import { deviceOf } from "../devices/device.js";

const BASE = "/api/rbac/subjects/:id/two-factor";
const PASSWORD_INPUT = { type: "string", minLength: 1, maxLength: 256 };

const params = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const enrolBody = inputSchema<{ password?: string }>({ properties: { password: PASSWORD_INPUT } });
const confirmBody = inputSchema<{ code: string }>({ properties: { code: CODE_INPUT }, required: ["code"] });
const removeBody = inputSchema<{ password: string; code: string }>({
  properties: { password: PASSWORD_INPUT, code: CODE_INPUT },
  required: ["password", "code"],
});

/** Only the subject itself manages its factor: another id is a 403, as a `{self}` permission answers. */
function ownSubject(request: FastifyRequest, { params: { id } }: { params: { id: string } }) {
  if (signedInSubject(request) !== id)
    throw new AppError("PERMISSION_ERROR", "only the subject itself manages its two-factor sign-in");
}

/** Reading whether it is on: the subject itself, or whoever may reset it (an administrator, the secret key). */
function readsTwoFactor(rbac: RbacServices) {
  const administers = administersTwoFactor(rbac);
  return async (request: FastifyRequest, input: { params: { id: string } }) => {
    const { caller } = request;
    if (caller.kind === "subject" && caller.subjectId === input.params.id) return;
    await administers(request, input);
  };
}

/** The account's two-factor routes (docs/security.md "Two-factor sign-in") and the sign-in's second step. */
export function registerTwoFactorRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { twoFactor, sessions, config } = rbac;
  const own = { tag: "rbac", params, access: "signed-in", authorize: ownSubject } as const;

  defineRoute(
    app,
    {
      ...own,
      authorize: readsTwoFactor(rbac),
      method: "GET",
      url: BASE,
      summary:
        "The subject's two-factor sign-in: on or off, recovery codes left, required by a role (the subject itself, an administrator, the secret key)",
    },
    async ({ params: { id } }) => ({
      data: { ...(await twoFactor.factors.state(id)), required: await twoFactor.required(id) },
    }),
  );

  const enrol = `Set up an authenticator app (TOTP): a new secret and its otpauth URL, off until confirmed. Needs \`password\`, unless the session's sign-in began within the last ${RECENT_SIGN_IN_MS / 60_000} minutes`;
  defineRoute(
    app,
    {
      ...own,
      ...authRoute(config),
      method: "POST",
      url: `${BASE}/totp`,
      summary: enrol,
      body: enrolBody,
      bodyOptional: true,
    },
    async ({ params: { id }, body: { password } }, request) => {
      if (password !== undefined) await twoFactor.checkPassword(id, password);
      else if (!request.sessionFamilyId || !(await signedInRecently(rbac.db, request.sessionFamilyId)))
        throw validationError("password is required (or sign in again)", [
          { path: "/password", message: "is required" },
        ]);
      const email = await twoFactor.emailOf(id);
      const secret = await twoFactor.factors.begin(id);
      return { data: { secret, otpauthUrl: otpauthUrl(twoFactor.issuer, email, secret) } };
    },
  );

  const confirm =
    "Turn two-factor sign-in on with a code from the app: answers the 10 recovery codes, shown this once (an enrolment-only session also gets its full session, `jwt` and `refresh`)";
  defineRoute(
    app,
    { ...own, ...authRoute(config), method: "POST", url: `${BASE}/totp/confirm`, summary: confirm, body: confirmBody },
    async ({ params: { id }, body: { code } }, request, reply) => {
      const recoveryCodes = await twoFactor.factors.confirm(id, code);
      if (!request.enrolmentOnly) return { data: { recoveryCodes } };
      // The session that had to enrol is swapped for a full one; the narrow one ends.
      if (request.sessionFamilyId) await sessions.refreshTokens.revokeFamily(request.sessionFamilyId);
      const session = await sessions.start(id, deviceOf(request), "two-factor-enrolment");
      sessions.setCookie(reply, session);
      return { data: { recoveryCodes, ...session } };
    },
  );

  defineRoute(
    app,
    {
      ...own,
      ...authRoute(config),
      method: "DELETE",
      url: `${BASE}/totp`,
      summary: "Turn two-factor sign-in off: needs the password and a code (TOTP or recovery)",
      body: removeBody,
    },
    async ({ params: { id }, body: { password, code } }) => {
      await twoFactor.checkPassword(id, password);
      if (await twoFactor.required(id))
        throw new AppError("CONFLICT", "this account's role requires two-factor sign-in: it cannot be turned off");
      if (!(await twoFactor.factors.spend(id, code)))
        throw new AppError("AUTHENTICATION_ERROR", "the code is wrong, used already or expired");
      await twoFactor.factors.remove(id);
      return { data: { enabled: false, recoveryCodesLeft: 0 } };
    },
  );

  registerTwoFactorSignInRoute(app, rbac);
  registerTwoFactorResetRoute(app, rbac);
}
