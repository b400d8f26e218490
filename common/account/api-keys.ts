/**
 * The wire contract of personal API keys (docs/security.md "API keys"), read by the server that
 * answers it and the screens that show it (the account screen, the admin's person record).
 */

/** A route pattern as a permission says it, with its method. */
export interface RouteScope {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "*";
  route: string;
}
/** "read": GET and HEAD; "write": the other methods; or routes named like a permission's. */
export type KeyScope = "read" | "write" | RouteScope;

/** A key as GET {subjects}/{id}/api-keys lists it: never the key itself. */
export interface ListedApiKey {
  id: string;
  title: string;
  /** The key's first characters, to recognise it by. */
  prefix: string;
  scopes: KeyScope[];
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** POST's answer: the listed key and, this once, the key. */
export interface CreatedApiKey extends ListedApiKey {
  key: string;
}

export const apiKeysPath = (subjectId: string) => `/api/rbac/subjects/${subjectId}/api-keys`;

/** What a screen says of a key's scopes: the two plain accesses, or "chosen routes". */
export type KeyAccess = "read" | "read-write" | "routes";

export function keyAccess(scopes: readonly KeyScope[]): KeyAccess {
  if (scopes.some((s) => typeof s !== "string")) return "routes";
  return scopes.includes("write") ? "read-write" : "read";
}
