import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../engine/errors.js";
import { cookieOf } from "../../plugins/cookies.js";
import { routedPath } from "../../security/routed-path.js";
import type { ApiKeys } from "./api-keys/api-keys.js";
import { isApiKey } from "./api-keys/key-material.js";
import { keyNeverReaches } from "./api-keys/key-reach.js";
import type { Authorizer, Caller } from "./permissions/authorizer.js";
import { splitPath } from "./permissions/path-pattern.js";
import type { OwnRows } from "./permissions/own-rows.js";
import { sameSecret, secretKeyOf } from "./secret-key.js";
import type { RevokedSessions } from "./revoked-sessions.js";
import type { SessionTokens } from "./session-tokens.js";
import { SESSION_COOKIE } from "./sessions.js";
import { enrolmentOnlyAllows } from "./two-factor/enrolment-only.js";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller;
    /** The refresh-token family of the caller's session, when signed in. */
    sessionFamilyId?: string;
    /** When the caller's session token expires (ms since the epoch), when signed in with one. */
    sessionExpiresAtMs?: number;
    /** The session may only enrol in two-factor sign-in (two-factor/enrolment-only.ts). */
    enrolmentOnly?: boolean;
    /** The API key the caller signed the request with (api-keys/), when it did. */
    apiKeyId?: string;
  }
}

function headerBearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

function bearerOf(request: FastifyRequest): string | undefined {
  return headerBearerOf(request) ?? cookieOf(request, SESSION_COOKIE);
}

/**
 * The signed-in subject of a request without a secret key; a bad or expired JWT, or one whose
 * sign-in was revoked (logout, password change or reset), counts as signed out.
 */
async function resolveSubject(
  request: FastifyRequest,
  tokens: SessionTokens,
  revoked: RevokedSessions,
): Promise<Caller> {
  const token = bearerOf(request);
  const claims = token ? await tokens.verify(token) : undefined;
  if (!claims || (await revoked.isRevoked(claims.familyId))) return { kind: "anonymous" };
  request.sessionFamilyId = claims.familyId;
  request.sessionExpiresAtMs = claims.expiresAtMs;
  if (claims.enrolmentOnly) request.enrolmentOnly = true;
  return { kind: "subject", subjectId: claims.subjectId };
}

/**
 * The caller of a request outside /api, which the hook below does not run on (a subject's own
 * file at /public/files): the secret key, a signed-in subject, or anonymous. A wrong secret key
 * counts as anonymous here: such a route refuses by answering as to anyone else.
 */
export async function callerOfRequest(
  request: FastifyRequest,
  tokens: SessionTokens,
  revoked: RevokedSessions,
  secret: string | undefined,
): Promise<Caller> {
  const key = secretKeyOf(request);
  if (key) return secret && sameSecret(key, secret) ? SECRET_KEY : ANONYMOUS;
  const caller = await resolveSubject(request, tokens, revoked);
  // A session still to enrol in two-factor sign-in is a visitor outside its enrolment routes.
  return request.enrolmentOnly ? ANONYMOUS : caller;
}

/**
 * The one authorization hook: every route under /api (generic and module alike) is allowed only
 * when a permission of the caller's roles matches its method and path. It is attached to each
 * /api route as it is registered (see rbac-module.ts); routes outside /api (public pages, the
 * admin's files) are not API and do not carry it.
 */
export function authorizationHook(
  authorizer: Authorizer,
  ownRows: OwnRows,
  tokens: SessionTokens,
  revoked: RevokedSessions,
  secret: string | undefined,
  apiKeys: ApiKeys,
) {
  const refuse = (request: FastifyRequest) => {
    const what = `${request.method} ${routedPath(request)}`;
    if (request.caller.kind === "anonymous") return new AppError("AUTHENTICATION_ERROR", `sign in to call ${what}`);
    return new AppError("PERMISSION_ERROR", `${what} is not allowed for this subject`);
  };
  const decide = async (request: FastifyRequest) => {
    const bearer = headerBearerOf(request);
    if (bearer && isApiKey(bearer)) await admitKey(request, bearer);
    else request.caller = await resolveSubject(request, tokens, revoked);
    if (request.enrolmentOnly && request.caller.kind === "subject")
      return decideEnrolmentOnly(request, request.caller.subjectId);
    // The path as the router read it ("/%61pi/…" is "/api/…"), so a permission's pattern matches
    // the route that will run, however the URL spells it.
    if (await authorizer.allows(request.caller, request.method, routedPath(request))) return;
    // The owned-records rule (permissions/own-rows.ts): the read routes keep to the caller's rows.
    const owned = request.caller.kind === "subject" ? ownRows.modelRead(request) : undefined;
    if (!owned) throw refuse(request);
    request.ownRowsOf = owned;
  };
  // An API key acts as its subject, within its scopes and never on the account's sign-in routes
  // (docs/security.md "API keys"); what its subject may do is checked after, as for a session.
  const admitKey = async (request: FastifyRequest, bearer: string) => {
    const key = await apiKeys.authenticate(bearer);
    if (!key) throw new AppError("AUTHENTICATION_ERROR", "the API key is not valid, has expired or was revoked");
    request.caller = { kind: "subject", subjectId: key.subjectId };
    request.apiKeyId = key.id;
    const path = routedPath(request);
    const what = `${request.method} ${path}`;
    if (keyNeverReaches(request.method, splitPath(request.routeOptions.url ?? path)))
      throw new AppError("PERMISSION_ERROR", `an API key cannot call ${what}: sign in with the account instead`);
    if (!key.allows(request.method, splitPath(path), key.subjectId))
      throw new AppError("PERMISSION_ERROR", `this API key's scopes do not allow ${what}`);
  };
  // Outside its enrolment routes, an enrolment-only session is a visitor: what a visitor may do passes as one, the rest is a 403 saying why.
  const decideEnrolmentOnly = async (request: FastifyRequest, subjectId: string) => {
    const path = routedPath(request);
    if (enrolmentOnlyAllows(subjectId, request.method, path)) return;
    request.caller = ANONYMOUS;
    if (await authorizer.allows(ANONYMOUS, request.method, path)) return;
    throw new AppError(
      "PERMISSION_ERROR",
      "turn on two-factor sign-in first: this account's role requires it (POST /api/rbac/subjects/{id}/two-factor/totp)",
    );
  };
  // Callback style with a synchronous answer for the secret key (server-to-server traffic, the
  // bulk of it): no promise per request where none is needed.
  return function authorize(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    request.caller = ANONYMOUS;
    // A wrong secret key is refused outright, even on public routes.
    const key = secretKeyOf(request);
    if (key) {
      if (secret && sameSecret(key, secret)) {
        request.caller = SECRET_KEY;
        return done();
      }
      return done(new AppError("PERMISSION_ERROR", "the secret key is not valid"));
    }
    decide(request).then(() => done(), done);
  };
}

const ANONYMOUS: Caller = Object.freeze({ kind: "anonymous" });
const SECRET_KEY: Caller = Object.freeze({ kind: "secret-key" });
