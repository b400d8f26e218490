import type { FastifyInstance } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { inputSchema, readInput } from "../../input.js";
import { sameSitePathOr } from "../../../security/same-site-path.js";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { createSubject, identitiesOf, rolesOf } from "../accounts/subjects.js";
import type { RbacServices } from "../rbac-services.js";
import { signedInSubject } from "./current-subject.js";
import { registerIsAuthorizedRoute } from "./is-authorized-route.js";
import { authRouteOptions, documented } from "./limits.js";

export const AUTH = "/api/rbac/subjects/authentication";

const refreshBody = inputSchema<{ refresh: string }>({ properties: { refresh: { type: "string", minLength: 1, maxLength: 512 } }, required: ["refresh"] });
const logoutBody = inputSchema<{ refresh?: string; redirectTo?: string }>({
  properties: { refresh: { type: "string", maxLength: 512 }, redirectTo: { type: "string", maxLength: 2048 } },
});

/** init, me, is-authorized, logout and refresh (SPEC.md section 7, Subject API). */
export function registerAuthenticationRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { sessions, config } = rbac;

  // A visitor's first session: a subject with no identity yet, which sign-up can then complete.
  app.get(`${AUTH}/init`, authRouteOptions(config, { summary: "Start a session for a new subject with no identity yet" }), async (_request, reply) => {
    const subject = await runTransaction(app.database, app.repositories, (repository, trx) => createSubject(repository, trx));
    const session = await sessions.start(subject.id as string);
    sessions.setCookie(reply, session.jwt);
    return { data: session };
  });

  app.get(`${AUTH}/me`, documented({ summary: "The signed-in subject with its identities and roles" }), async (request) => {
    const subjectId = signedInSubject(request);
    // Only a missing subject signs the visitor out: a database that cannot be reached is a 503,
    // not a 401 the client would read as an expired session.
    const subject = await app.repositories.get("rbac/subjects")!.get(subjectId).catch((error) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") throw new AppError("AUTHENTICATION_ERROR", "the subject of this session no longer exists");
      throw error;
    });
    const identities = await identitiesOf(app.database.db, app.repositories.get("rbac/identities")!, subjectId);
    return { data: { ...subject, identities, roles: await rolesOf(app.database.db, subjectId) } };
  });

  registerIsAuthorizedRoute(app, rbac, AUTH);

  app.post(`${AUTH}/logout`, { bodyLimit: 16 * 1024, ...documented({ summary: "Revoke the session and clear the cookie", body: logoutBody.schema }) }, async (request, reply) => {
    // Any of the three body forms, a bare `{ refresh, redirectTo }` (the original client), or no body at all.
    const body = logoutBody(await readInput(request, { optional: true }));
    if (request.sessionFamilyId) await sessions.refreshTokens.revokeFamily(request.sessionFamilyId);
    if (body.refresh) {
      const family = await sessions.familyOf(body.refresh);
      if (family) await sessions.refreshTokens.revokeFamily(family);
    }
    sessions.clearCookie(reply);
    return { data: { redirectTo: sameSitePathOr(body.redirectTo, "/") } };
  });

  app.post(`${AUTH}/refresh`, authRouteOptions(config, { summary: "Spend a refresh token for a new session", body: refreshBody.schema }), async (request, reply) => {
    const { refresh } = refreshBody(await readInput(request));
    const session = await sessions.refresh(refresh);
    sessions.setCookie(reply, session.jwt);
    return { data: session };
  });
}
