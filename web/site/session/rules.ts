import type { StoredSession } from "./token-storage.js";

/**
 * The session's rules (docs/security.md) as pure decisions the store acts on (tested table-driven).
 *
 * The refresh token is opaque (32 random bytes): only the server knows when it expires, so "a
 * refresh token that is not expired" is decided by the server answering the refresh call; an
 * expired one is refused there and handled by `afterRefreshFailure`.
 */

/** A JWT this close to its exp counts as expired: a call made now could arrive after it. */
export const EXPIRY_MARGIN_MS = 10_000;

export function isAccessExpired(accessExpiresAt: number | undefined, now: number): boolean {
  return accessExpiresAt === undefined || now >= accessExpiresAt - EXPIRY_MARGIN_MS;
}

export type StartAction = "signed-out" | "refresh" | "load-subject";

/**
 * What to do before asking who is signed in. No refresh token: signed out, no call at all (an
 * anonymous visitor costs the server nothing). A refresh token with an expired or unknown JWT:
 * refresh first. Otherwise the cookie is still good: load the subject.
 */
export function startAction(stored: StoredSession, now: number): StartAction {
  if (!stored.refresh) return "signed-out";
  return isAccessExpired(stored.accessExpiresAt, now) ? "refresh" : "load-subject";
}

export type UnauthorizedAction = "refresh" | "signed-out";

/**
 * A call answered 401: the session JWT expired (or was revoked) early. Refresh once when a
 * refresh token exists; a 401 right after a refresh means the session is gone for good.
 */
export function afterUnauthorized(stored: StoredSession, alreadyRefreshed: boolean): UnauthorizedAction {
  return stored.refresh && !alreadyRefreshed ? "refresh" : "signed-out";
}

export type RefreshFailureAction = "clear-and-go-home" | "keep";

/**
 * A refused refresh (bad, spent, revoked or expired token: 4xx) clears both tokens and goes home.
 * A failure that says nothing about the token (network down, 5xx, 429 rate limit) keeps it, so a
 * blip does not sign the visitor out; the page shows signed-out until the next try.
 */
export function afterRefreshFailure(error: unknown): RefreshFailureAction {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number") return "keep";
  return status >= 400 && status < 500 && status !== 429 ? "clear-and-go-home" : "keep";
}

/** Whether an error is the server saying "not signed in". */
export function isUnauthorized(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 401;
}
