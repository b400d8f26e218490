import type { FastifyInstance } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { sameSitePathOr } from "../../../security/same-site-path.js";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { createSubject, identitiesOf, rolesOf } from "../accounts/subjects.js";
import { cookieOf } from "../../../plugins/cookies.js";
import { REFRESH_COOKIE } from "../sessions.js";
import type { RbacServices } from "../rbac-services.js";
import { signedInSubject } from "./current-subject.js";
import { registerIsAuthorizedRoute } from "./is-authorized-route.js";
import { RBAC, authRoute } from "./limits.js";
import { LANGUAGE_INPUT, checkLanguage } from "../../language-input.js";
import { deviceOf } from "../devices/device.js";

export const AUTH = "/api/rbac/subjects/authentication";

// A guest's session may say the site language the visitor uses: its order mail comes in it.
const initQuery = inputSchema<{ language?: string }>({ properties: { language: LANGUAGE_INPUT } });
const refreshBody = inputSchema<{ refresh?: string }>({
  properties: { refresh: { type: "string", minLength: 1, maxLength: 512 } },
});
const logoutBody = inputSchema<{ refresh?: string; redirectTo?: string }>({
  properties: { refresh: { type: "string", maxLength: 512 }, redirectTo: { type: "string", maxLength: 2048 } },
});

/** init, me, is-authorized, logout and refresh: the Subject API's authentication (docs/security.md). */
export function registerAuthenticationRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { sessions, config } = rbac;

  // A visitor's first session: a subject with no identity yet, which sign-up can then complete.
  const init = {
    method: "GET",
    url: `${AUTH}/init`,
    ...authRoute(config),
    summary: "Start a session for a new subject with no identity yet (a guest; `language`: the one its mail comes in)",
    query: initQuery,
  } as const;
  defineRoute(app, init, async ({ query }, request, reply) => {
    const language = checkLanguage(query.language);
    const subject = await runTransaction(app.database, app.repositories, async (repository, trx) => {
      const made = await createSubject(repository, trx);
      return language ? repository("rbac/subjects").update(made.id, { language }) : made;
    });
    const session = await sessions.start(subject.id, deviceOf(request), "guest");
    sessions.setCookie(reply, session);
    return { data: session };
  });

  defineRoute(
    app,
    { method: "GET", url: `${AUTH}/me`, ...RBAC, summary: "The signed-in subject with its identities and roles" },
    async (_input, request) => {
      const subjectId = signedInSubject(request);
      // Only a missing subject signs the visitor out: a database that cannot be reached is a 503,
      // not a 401 the client would read as an expired session.
      const subject = await app.repositories
        .get("rbac/subjects")!
        .get(subjectId)
        .catch((error) => {
          if (error instanceof AppError && error.code === "NOT_FOUND")
            throw new AppError("AUTHENTICATION_ERROR", "the subject of this session no longer exists");
          throw error;
        });
      const identities = await identitiesOf(rbac.db, app.repositories.get("rbac/identities")!, subjectId);
      // Beside `data`: when this session token expires, so a client renews it before (the admin does).
      const expiresAt = request.sessionExpiresAtMs && new Date(request.sessionExpiresAtMs).toISOString();
      // An enrolment-only session (TWO_FACTOR_REQUIRED_ROLES) says so, so a screen shows the enrolment step first.
      const enrolment = request.enrolmentOnly ? { twoFactorEnrolment: true } : {};
      return {
        data: { ...subject, identities, roles: await rolesOf(rbac.db, subjectId) },
        ...(expiresAt ? { session: { expiresAt, ...enrolment } } : {}),
      };
    },
  );

  registerIsAuthorizedRoute(app, rbac, AUTH);

  // Any of the three body forms, a bare `{ refresh, redirectTo }` (the original client), or no body at all.
  const logout = {
    method: "POST",
    url: `${AUTH}/logout`,
    ...RBAC,
    bodyLimit: 16 * 1024,
    summary: "Revoke the session and clear the cookie",
    body: logoutBody,
    bodyOptional: true,
    bareBody: true,
  } as const;
  defineRoute(app, logout, async ({ body }, request, reply) => {
    if (request.sessionFamilyId) await sessions.refreshTokens.revokeFamily(request.sessionFamilyId);
    for (const refresh of new Set([body.refresh, cookieOf(request, REFRESH_COOKIE)])) {
      const family = refresh && (await sessions.familyOf(refresh));
      if (family) await sessions.refreshTokens.revokeFamily(family);
    }
    sessions.clearCookie(reply);
    return { data: { redirectTo: sameSitePathOr(body.redirectTo, "/") } };
  });

  const refreshRoute = {
    method: "POST",
    url: `${AUTH}/refresh`,
    ...authRoute(config),
    summary: "Spend a refresh token (the body's, else the refresh cookie's) for a new session",
    body: refreshBody,
    bodyOptional: true,
    bareBody: true,
  } as const;
  defineRoute(app, refreshRoute, async ({ body }, request, reply) => {
    const refresh = body.refresh ?? cookieOf(request, REFRESH_COOKIE);
    if (!refresh) throw new AppError("AUTHENTICATION_ERROR", "no refresh token: sign in again");
    // The renewal is the session's last use (the list of signed-in devices, docs/security.md).
    const session = await sessions.refresh(refresh, deviceOf(request));
    sessions.setCookie(reply, session);
    return { data: session };
  });
}
