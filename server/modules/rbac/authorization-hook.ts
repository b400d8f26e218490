import "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../../engine/errors.js";
import type { Authorizer, Caller } from "./permissions/authorizer.js";
import { sameSecret, secretKeyOf } from "./secret-key.js";
import type { SessionTokens } from "./session-tokens.js";
import { SESSION_COOKIE } from "./sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller;
    /** The refresh-token family of the caller's session, when signed in. */
    sessionFamilyId?: string;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? (request.cookies?.[SESSION_COOKIE] || undefined);
}

/** Who sent the request. A wrong secret key is refused outright; a bad or expired JWT counts as signed out. */
async function resolveCaller(request: FastifyRequest, secret: string | undefined, tokens: SessionTokens): Promise<Caller> {
  const key = secretKeyOf(request);
  if (key) {
    if (secret && sameSecret(key, secret)) return { kind: "secret-key" };
    throw new AppError("PERMISSION_ERROR", "the secret key is not valid");
  }
  const token = bearerOf(request);
  const claims = token ? await tokens.verify(token) : undefined;
  if (!claims) return { kind: "anonymous" };
  request.sessionFamilyId = claims.familyId;
  return { kind: "subject", subjectId: claims.subjectId };
}

/**
 * The one authorization hook: every route under /api (generic and module alike) is allowed only
 * when a permission of the caller's roles matches its method and path. Routes outside /api
 * (public pages, the admin's files) are not API and are not checked here.
 */
export function authorizationHook(authorizer: Authorizer, tokens: SessionTokens, secret: string | undefined) {
  return async function authorize(request: FastifyRequest) {
    request.caller = { kind: "anonymous" };
    const route = request.routeOptions.url;
    if (!route?.startsWith("/api/") && route !== "/api") return;
    request.caller = await resolveCaller(request, secret, tokens);
    const path = request.url;
    if (await authorizer.allows(request.caller, request.method, path)) return;
    const what = `${request.method} ${path.split("?")[0]}`;
    if (request.caller.kind === "anonymous") throw new AppError("AUTHENTICATION_ERROR", `sign in to call ${what}`);
    throw new AppError("PERMISSION_ERROR", `${what} is not allowed for this subject`);
  };
}
