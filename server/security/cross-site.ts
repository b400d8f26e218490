import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { runsBeforeAuthorization } from "./hook-order.js";
import { AppError } from "../../engine/errors.js";
import { routedPath } from "./routed-path.js";

// Cross-site request forgery: another site's page makes the visitor's browser send a request
// here, with this site's cookies attached. A request authenticated by a cookie (the session's or
// the secret key's) that changes something is refused unless the browser says it comes from this
// site: `Origin` (sent with every POST, PATCH, DELETE) or else `Sec-Fetch-Site`. A bearer token
// or the secret key in a header cannot be attached by another site (that would need a CORS
// preflight this server grants only to the origins CORS_ORIGINS names, see cors.ts), and requests with neither header (servers, scripts,
// payment providers' webhooks) are not a browser's forgery: both pass.

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const AUTHENTICATION = "/api/rbac/subjects/authentication/";
/** GET routes the original client calls as GET that change state: a new subject and session, dropping cached pages. */
const STATE_CHANGING_GETS = new Set([`${AUTHENTICATION}init`, "/api/revalidation/revalidate", "/api/revalidate"]);
const CREDENTIAL_COOKIES = /(?:^|;\s*)(?:rbac\.subject\.jwt|rbac\.secret-key)=/;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** Only a cookie carries the caller's credentials: no bearer token or secret key in a header. */
function cookieAuthenticated(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  if (!cookie || !CREDENTIAL_COOKIES.test(cookie)) return false;
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === "string" && /^Bearer\s+\S+$/i.test(authorization);
  return !bearer && !request.headers["x-rbac-secret-key"];
}

/**
 * Refuses forged requests before any route runs (403). Which requests are guarded is decided on
 * the route the router matched, never the raw URL: "/%61pi/…" is the route "/api/…" (see
 * routed-path.ts). A request no route matched changes nothing (the 404 handler answers it). Sign-in style routes (everything under
 * authentication/, which sets the session cookie) are refused from another site even without a
 * cookie, so no site can sign a visitor in to an account of its choosing. The origins of
 * CORS_ORIGINS (`trustedOrigins`: the original frontend on its own origin) count as this site,
 * exactly as written there; no other origin does.
 */
export function refuseCrossSiteRequests(
  app: FastifyInstance,
  publicUrl: string,
  trustedOrigins: readonly string[] = [],
) {
  const publicOrigin = originOf(publicUrl);
  const trusted = new Set(trustedOrigins);
  const fromThisSite = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (typeof origin === "string") {
      if (trusted.has(origin)) return true;
      const given = originOf(origin);
      return !!given && (given === publicOrigin || given === originOf(`${request.protocol}://${request.host}`));
    }
    const site = request.headers["sec-fetch-site"];
    return site === undefined || site === "same-origin" || site === "none";
  };

  // Attached, as its route is registered, to the routes it may guard (its url is known then): a
  // request to any other route (every API read) pays nothing, and none reads routeOptions, which
  // Fastify builds anew on each access. Marked to run before the authorization hook, as it did
  // when it was a global hook.
  const guard = (route: string, methods: readonly string[]) => {
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const guarded = UNSAFE.has(request.method)
        ? route.startsWith("/api/")
        : request.method === "GET" && STATE_CHANGING_GETS.has(route);
      if (!guarded || fromThisSite(request)) return done();
      if (cookieAuthenticated(request) || route.startsWith(AUTHENTICATION)) {
        return done(
          new AppError(
            "PERMISSION_ERROR",
            `a cross-site request may not ${request.method} ${routedPath(request)} with this site's cookies`,
          ),
        );
      }
      done();
    };
    return methods.some(
      (m) => (UNSAFE.has(m) && route.startsWith("/api/")) || (m === "GET" && STATE_CHANGING_GETS.has(route)),
    )
      ? runsBeforeAuthorization(check)
      : undefined;
  };
  app.addHook("onRoute", (route) => {
    const check = guard(route.url, [route.method].flat());
    if (check) route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
}
