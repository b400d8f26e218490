import { validationError } from "../../../../engine/errors.js";
import { compilePathPattern, splitPath } from "../permissions/path-pattern.js";

import type { KeyScope, RouteScope } from "../../../../common/account/api-keys.js";

export type { KeyScope };

export const MAX_SCOPES = 20;

/** The body's `scopes`, checked by the route's schema (shape) and by checkRouteScopes (patterns). */
export const SCOPES_INPUT = {
  type: "array",
  minItems: 1,
  maxItems: MAX_SCOPES,
  uniqueItems: true,
  items: {
    anyOf: [
      { type: "string", enum: ["read", "write"] },
      {
        type: "object",
        additionalProperties: false,
        required: ["method", "route"],
        properties: {
          method: { type: "string", enum: ["GET", "POST", "PATCH", "PUT", "DELETE", "*"] },
          route: { type: "string", pattern: "^/api/", maxLength: 500 },
        },
      },
    ],
  },
  "x-message": 'must be "read", "write" or { method, route } with a route under /api/',
};

/** `**` may only end a pattern (path-pattern.ts reads it nowhere else): anything else is a 400 naming the scope. */
export function checkRouteScopes(scopes: readonly KeyScope[]) {
  scopes.forEach((scope, i) => {
    if (typeof scope === "string") return;
    const parts = splitPath(scope.route);
    if (parts.slice(0, -1).includes("**") || parts.length < 2)
      throw validationError(`/scopes/${i}/route is not a route pattern`, [
        { path: `/scopes/${i}/route`, message: "must be a route pattern such as /api/blog/articles/**" },
      ]);
  });
}

export type ScopeCheck = (method: string, segments: string[], subjectId: string) => boolean;

/** Whether a key's scopes let it call this method on this route (its subject's permissions are checked besides). */
export function compileScopes(scopes: readonly unknown[]): ScopeCheck {
  const read = scopes.includes("read");
  const write = scopes.includes("write");
  const routes = scopes
    .filter((s): s is RouteScope => typeof s === "object" && s !== null && typeof (s as RouteScope).route === "string")
    .map((s) => ({ method: s.method, matches: compilePathPattern(s.route) }));
  return (method, segments, subjectId) => {
    const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    if (verb === "GET" ? read : write) return true;
    return routes.some((r) => (r.method === "*" || r.method === verb) && r.matches(segments, subjectId));
  };
}
