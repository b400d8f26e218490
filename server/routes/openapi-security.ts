import { defaultRoles, IMPLICIT_ROLES } from "../modules/rbac/permissions/default-permissions.js";
import { compilePathPattern, splitPath } from "../modules/rbac/permissions/path-pattern.js";
import { SESSION_COOKIE } from "../modules/rbac/sessions.js";

// What the OpenAPI document says about authentication: the ways a caller proves who it is, and
// for each operation who may call it under the default permissions (seeded into an empty
// database; an administrator may change them later, the document describes the defaults).

/** The credentials every /api route reads (server/modules/rbac/authorization-hook.ts, secret-key.ts). */
export const securitySchemes = {
  bearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "The session token (a JWT of 15 minutes) that sign-in, sign-up and refresh answer with; revoked at once by logout, a password change or reset.",
  },
  session: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description:
      "The same token in the HttpOnly cookie sign-in sets. A write it authenticates must come from this site (Origin / Sec-Fetch-Site), else 403.",
  },
  secretKey: {
    type: "apiKey",
    in: "header",
    name: "X-RBAC-SECRET-KEY",
    description:
      "The server's RBAC_SECRET_KEY, for server-to-server calls: every permission. A wrong key is a 403 even on public routes.",
  },
  secretKeyCookie: {
    type: "apiKey",
    in: "cookie",
    name: "rbac.secret-key",
    description:
      "The secret key as a cookie (the original client's form); cross-site writes with it are refused like the session cookie's.",
  },
} as const;

/** Who may call an operation under the default permissions. */
export type DefaultAccess = "anyone" | "signed-in" | "permission";

const signedInSchemes = Object.keys(securitySchemes).map((name) => ({ [name]: [] as string[] }));

/**
 * The operation's `security`: any of the schemes, and for public operations also none (`{}`, the
 * OpenAPI form of "anonymous callers too"; a credential may still widen the answer, e.g. the
 * members-only content a signed-in member reads through the same list route).
 */
export function securityOf(access: DefaultAccess) {
  return access === "anyone" ? [{}, ...signedInSchemes] : signedInSchemes;
}

// One path segment standing for every path parameter, and for the caller's own id, so that a
// `{self}` permission (a subject's own routes) matches `/api/rbac/subjects/{id}/…`.
const SAMPLE = "00000000-0000-4000-8000-000000000000";

const rulesOf = (uid: string) =>
  (defaultRoles.find((role) => role.uid === uid)?.permissions ?? []).map(([method, path]) => ({
    method,
    matches: compilePathPattern(path),
  }));
const anonymousRules = rulesOf(IMPLICIT_ROLES.everyone);
const signedInRules = rulesOf(IMPLICIT_ROLES.signedIn);

/** A grant besides the seeded roles' (a schema's `x-access`, a route's declared `access`), to the role `role`. */
export interface ExtraGrant {
  role: string;
  method: string;
  path: string;
}

/** Who may call `method` on the OpenAPI path template (`/api/blog/articles/{id}`) by default. */
export function defaultAccess(method: string, template: string, extra: ExtraGrant[] = []): DefaultAccess {
  const segments = splitPath(template.replace(/\{[^}/]+\}/g, SAMPLE));
  const verb = method.toUpperCase();
  const extraRules = (uid: string) =>
    extra.filter((g) => g.role === uid).map((g) => ({ method: g.method, matches: compilePathPattern(g.path) }));
  const allows = (rules: typeof anonymousRules, selfId?: string) =>
    rules.some((r) => (r.method === "*" || r.method === verb) && r.matches(segments, selfId));
  if (allows([...anonymousRules, ...extraRules(IMPLICIT_ROLES.everyone)])) return "anyone";
  if (allows([...signedInRules, ...extraRules(IMPLICIT_ROLES.signedIn)], SAMPLE)) return "signed-in";
  return "permission";
}

const accessNote: Record<DefaultAccess, string> = {
  anyone: "Default permissions: anyone, signed in or not.",
  "signed-in": "Default permissions: any signed-in subject, on its own records.",
  permission: "Default permissions: administrators (or a role given this route).",
};

const METHODS = new Set(["get", "put", "post", "patch", "delete"]);

/** Marks every operation of `paths` with its `security`, `x-default-access` and a line saying who may call it. */
export function markSecurity(paths: Record<string, Record<string, Record<string, unknown>>>, extra: ExtraGrant[] = []) {
  for (const [template, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const access = defaultAccess(method, template, extra);
      operation.security = securityOf(access);
      operation["x-default-access"] = access;
      operation.description = [operation.description, accessNote[access]].filter(Boolean).join("\n\n");
    }
  }
}
