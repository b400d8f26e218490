/**
 * The routes an API key never reaches, whatever its scopes and its subject's permissions
 * (docs/security.md "API keys"): signing in and out, the account's sign-in methods (identities,
 * passwords, two-factor, passkeys), its signed-in devices and its API keys. So a leaked key
 * cannot mint more keys, change the password or add a sign-in method: those need the person.
 * Matched on the route the router chose (its pattern), so no spelling of the URL gets around it.
 */
const SUBJECT_ACCOUNT_ROUTES = new Set([
  "identities",
  "change-password",
  "two-factor",
  "passkeys",
  "sessions",
  "api-keys",
]);
/** rbac's generic routes over sign-in records (an identity holds the password). */
const ACCOUNT_MODELS = new Set(["identity", "identities", "subjects-to-identities", "api-keys", "refresh-tokens"]);

/** `pattern`: the route's pattern split in segments ("api", "rbac", "subjects", ":id", "api-keys"). */
export function keyNeverReaches(method: string, pattern: readonly string[]): boolean {
  if (pattern[0] !== "api" || pattern[1] !== "rbac") return false;
  if (ACCOUNT_MODELS.has(pattern[2] ?? "")) return true;
  if (pattern[2] !== "subjects") return false;
  // Who the key's subject is may be read; every other authentication route is a sign-in's.
  if (pattern[3] === "authentication") return !(method === "GET" && pattern[4] === "me" && pattern.length === 5);
  return SUBJECT_ACCOUNT_ROUTES.has(pattern[4] ?? "");
}
