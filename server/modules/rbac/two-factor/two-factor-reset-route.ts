import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";

const params = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });

/**
 * Who may reset another subject's two-factor sign-in: whoever may edit that subject (an
 * administrator) or the secret key; never the subject itself, which turns it off with its
 * password and a code (a stolen session must not drop the second factor without one).
 */
export function administersTwoFactor(rbac: RbacServices) {
  return async (request: FastifyRequest, { params: { id } }: { params: { id: string } }) => {
    const { caller } = request;
    if (caller.kind === "anonymous") throw new AppError("AUTHENTICATION_ERROR", "sign in first");
    if (caller.kind === "subject" && caller.subjectId === id)
      throw new AppError(
        "PERMISSION_ERROR",
        "turn your own two-factor sign-in off from your account, with your password and a code",
      );
    if (!(await rbac.authorizer.allows(caller, "PATCH", `/api/rbac/subjects/${id}`)))
      throw new AppError("PERMISSION_ERROR", "only an administrator resets another subject's two-factor sign-in");
  };
}

/**
 * An administrator's way out of a lost phone with no recovery code left (docs/security.md
 * "Two-factor sign-in"): the subject's secret and recovery codes go, its password alone signs in
 * again (or, for a role that requires it, the next sign-in enrols anew), and it is mailed a notice.
 */
export function registerTwoFactorResetRoute(app: FastifyInstance, rbac: RbacServices) {
  const { twoFactor } = rbac;
  defineRoute(
    app,
    {
      tag: "rbac",
      method: "DELETE",
      url: "/api/rbac/subjects/:id/two-factor",
      params,
      access: "signed-in",
      authorize: administersTwoFactor(rbac),
      summary:
        "Reset a subject's two-factor sign-in (an administrator or the secret key, not the subject itself): its authenticator app and recovery codes stop working, and it is mailed a notice; 409 when it is not on",
    },
    async ({ params: { id } }) => {
      const state = await twoFactor.factors.state(id);
      if (!state.enabled || !(await twoFactor.factors.remove(id)))
        throw new AppError("CONFLICT", "two-factor sign-in is not on for this subject");
      rbac.notices.twoFactorReset(id);
      return { data: { enabled: false, recoveryCodesLeft: 0, required: await twoFactor.required(id) } };
    },
  );
}
