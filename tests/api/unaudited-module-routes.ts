/**
 * Module write routes whose successful call leaves no audit entry (docs/audit.md), each with why:
 * module-body-forms.test.ts checks that every other module write route's call adds one.
 */
export const UNAUDITED_MODULE_ROUTES: ReadonlyMap<string, string> = new Map([
  ["POST /api/rbac/subjects/:id/ecommerce-module/orders/quote", "a price quote: computed, nothing written"],
  [
    "POST /api/rbac/subjects/:id/ecommerce-module/products/:productId/quote",
    "a price quote: computed, nothing written",
  ],
  ["POST /api/rbac/subjects/:id/passkeys/options", "a passkey ceremony's challenge, kept minutes (not audited)"],
  [
    "POST /api/rbac/subjects/authentication/passkey/options",
    "a passkey ceremony's challenge, kept minutes (not audited)",
  ],
  [
    "POST /api/rbac/subjects/authentication/two-factor/passkey/options",
    "a passkey ceremony's challenge, kept minutes (not audited)",
  ],
  [
    "POST /api/rbac/subjects/authentication/refresh",
    "a session's token rotated: sign-ins are recorded, not their tokens",
  ],
  ["POST /api/rbac/subjects/authentication/logout", "a sign-out revokes the session's tokens, which are not audited"],
]);
