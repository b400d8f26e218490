import type { SessionTokens } from "./types.js";
import { jwtExpiresAt } from "./jwt.js";

/** The refresh token's key, as docs/api.md "Authentication inputs" names it (other clients of the same origin share it). */
export const REFRESH_KEY = "rbac.subject.refresh";
/**
 * When the session JWT expires (ms). The JWT itself lives only in the HttpOnly cookie
 * rbac.subject.jwt, so a script (or an XSS bug) never holds it; its expiry is all we keep.
 */
export const ACCESS_EXPIRES_KEY = "rbac.subject.jwt-expires-at";

/** The subset of Web Storage used, so tests can pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface StoredSession {
  refresh?: string;
  accessExpiresAt?: number;
}

export function readStoredSession(storage: KeyValueStorage): StoredSession {
  const refresh = storage.getItem(REFRESH_KEY) || undefined;
  const expires = Number(storage.getItem(ACCESS_EXPIRES_KEY));
  return { refresh, accessExpiresAt: Number.isFinite(expires) && expires > 0 ? expires : undefined };
}

export function storeTokens(storage: KeyValueStorage, tokens: SessionTokens) {
  storage.setItem(REFRESH_KEY, tokens.refresh);
  const expires = jwtExpiresAt(tokens.jwt);
  if (expires) storage.setItem(ACCESS_EXPIRES_KEY, String(expires));
  else storage.removeItem(ACCESS_EXPIRES_KEY);
}

export function clearTokens(storage: KeyValueStorage) {
  storage.removeItem(REFRESH_KEY);
  storage.removeItem(ACCESS_EXPIRES_KEY);
}
