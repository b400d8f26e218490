// The API key mutants of `npm run mutants` (scripts/lib/mutant-list.ts lists them with the rest):
// each takes away one check of what a personal API key may do; its tests must catch it.
import type { Mutant } from "./mutant.js";

const HOOK = "server/modules/rbac/authorization-hook.ts";
const KEYS = "server/modules/rbac/api-keys/api-keys.ts";
const REACH = "server/modules/rbac/api-keys/key-reach.ts";
const ACCESS_TEST = "tests/rbac/api-keys/key-access.test.ts";
const ROUTES_TEST = "tests/rbac/api-keys/key-routes.test.ts";

export const apiKeyMutants: Mutant[] = [
  {
    name: "api-key-reaches-account-routes",
    what: "a key reaches the sign-in, password, two-factor, session and API-key routes",
    changes: [
      { file: REACH, from: 'if (pattern[0] !== "api" || pattern[1] !== "rbac") return false;', to: "return false;" },
    ],
    tests: [ACCESS_TEST],
  },
  {
    name: "api-key-scopes-ignored",
    what: "a key does whatever its subject may, whatever its scopes",
    changes: [
      { file: HOOK, from: "if (!key.allows(request.method, splitPath(path), key.subjectId))", to: "if (false)" },
    ],
    tests: [ACCESS_TEST],
  },
  {
    name: "api-key-revocation-unannounced",
    what: "a revoked key stays in the instances' caches",
    changes: [{ file: KEYS, from: "this.changes.publish(API_KEYS);", to: "" }],
    tests: [ROUTES_TEST],
  },
  {
    name: "api-key-expiry-ignored",
    what: "an expired key still acts",
    changes: [
      {
        file: KEYS,
        from: "if (!found || found.revoked || (found.expiresAtMs !== undefined && found.expiresAtMs <= now)) return undefined;",
        to: "if (!found || found.revoked) return undefined;",
      },
    ],
    tests: [ACCESS_TEST],
  },
  {
    name: "api-key-no-limit",
    what: "a subject holds any number of live keys",
    changes: [{ file: KEYS, from: "if (Number(live) >= MAX_LIVE_KEYS)", to: "if (false)" }],
    tests: [ROUTES_TEST],
  },
];
