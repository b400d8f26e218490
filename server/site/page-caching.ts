import type { FastifyRequest } from "fastify";
import { cookieOf } from "../plugins/cookies.js";
import { SESSION_COOKIE } from "../modules/rbac/sessions.js";
import type { CachedPage } from "./html-cache.js";

/**
 * What a signed-in visitor's answer says to caches: only the browser may use it, and not keep
 * it. The page's HTML holds nothing personal (the browser loads the visitor's own things after
 * hydration), but a shared cache must never hold an answer to a request that carried a session.
 */
export const PRIVATE_PAGE = "private, no-store";

/** A page rendered for this answer only (the error page, the plain 404): nobody keeps it. */
export const UNCACHED_PAGE = "no-store";

/** A session cookie or an Authorization header: the request speaks for a visitor. */
export const hasSession = (request: FastifyRequest) =>
  Boolean(request.headers.authorization || cookieOf(request, SESSION_COOKIE));

/**
 * The Cache-Control of a public page for a CDN: browsers revalidate every time (max-age=0, a 304
 * when the ETag still matches), a shared cache may serve it for `sharedMaxAgeSeconds` and then,
 * while it asks again, the stale copy, but never past the cached page's own end of life (SPEC's
 * server revalidation, 86400 s): the CDN's copy dies no later than the server's.
 */
export function publicPageCacheControl(
  page: CachedPage,
  now: number,
  maxAgeMs: number,
  sharedMaxAgeSeconds: number,
): string {
  const remaining = Math.max(0, Math.floor((page.storedAt + maxAgeMs - now) / 1000));
  const shared = Math.min(sharedMaxAgeSeconds, remaining);
  const stale = remaining - shared;
  return `public, max-age=0, s-maxage=${shared}${stale > 0 ? `, stale-while-revalidate=${stale}` : ""}`;
}

/** If-None-Match names this validator (weak comparison, as RFC 9110 asks for GET), or is `*`. */
export function matchesValidator(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return String(header)
    .split(",")
    .some((tag) => tag.trim() === "*" || bare(tag) === wanted);
}
