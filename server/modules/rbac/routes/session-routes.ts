import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { signedInDevices } from "../devices/signed-in-devices.js";
import type { RbacServices } from "../rbac-services.js";
import { RBAC } from "./limits.js";

const SESSIONS = "/api/rbac/subjects/:id/sessions";
const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const sessionParams = inputSchema<{ id: string; sessionId: string }>({
  properties: { id: UUID, sessionId: { ...UUID, "x-message": "sessionId must be a sign-in id" } },
  required: ["id", "sessionId"],
});

/**
 * The signed-in devices of a subject (docs/security.md "Signed-in devices"): its live sign-ins,
 * one ended, or all but the caller's. Open to any signed-in subject by the route's access, and
 * then kept here to the caller's own {id}; an admin (who may edit subjects) or the secret key may
 * act on anyone's. A revocation is announced on the change feed, so every instance refuses that
 * sign-in's refresh token and session token from then on (revoked-sessions.ts).
 */
export function registerSessionRoutes(app: FastifyInstance, rbac: RbacServices) {
  async function ownOrAdmin(request: FastifyRequest, { params }: { params: { id: string } }) {
    const { caller } = request;
    if (caller.kind === "subject" && caller.subjectId === params.id) return;
    if (caller.kind === "anonymous") throw new AppError("AUTHENTICATION_ERROR", "sign in first");
    if (await rbac.authorizer.allows(caller, "PATCH", `/api/rbac/subjects/${params.id}`)) return;
    throw new AppError("PERMISSION_ERROR", "a subject manages only its own sign-ins");
  }
  const access = { ...RBAC, access: "signed-in" as const, authorize: ownOrAdmin };

  defineRoute(
    app,
    {
      method: "GET",
      url: SESSIONS,
      ...access,
      summary:
        "The subject's signed-in devices: `id`, `signedInAt`, `lastUsedAt` (the last renewal of the session), `address`, `userAgent`, `browser`, `os`, `device` in words, `current`",
      params: subjectParams,
    },
    async ({ params: { id } }, request) => ({ data: await signedInDevices(rbac.db, id, request.sessionFamilyId) }),
  );

  defineRoute(
    app,
    {
      method: "DELETE",
      url: `${SESSIONS}/:sessionId`,
      ...access,
      summary: "Sign one device out: its refresh token and session token are refused at once",
      params: sessionParams,
    },
    async ({ params: { id, sessionId } }) => {
      const ended = await rbac.sessions.refreshTokens.revokeOfSubject(id, { only: sessionId });
      if (ended === 0) throw new AppError("NOT_FOUND", `Session ${sessionId} of subject ${id} was not found`);
      return { data: { id: sessionId, revoked: true } };
    },
  );

  defineRoute(
    app,
    {
      method: "DELETE",
      url: SESSIONS,
      ...access,
      summary: "Sign out everywhere else: every sign-in of the subject but the caller's own ends (`revoked`: how many)",
      params: subjectParams,
    },
    async ({ params: { id } }, request) => {
      const own = request.caller.kind === "subject" && request.caller.subjectId === id;
      const except = own ? request.sessionFamilyId : undefined;
      return { data: { revoked: await rbac.sessions.refreshTokens.revokeOfSubject(id, { except }) } };
    },
  );
}
