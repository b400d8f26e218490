import type { FastifyInstance } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { inputSchema, type Checker } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";
import { RBAC } from "./limits.js";

const ROUTE = { type: "string", pattern: "^/", maxLength: 2048, "x-message": "must be a path starting with /" };
const METHOD = {
  type: "string",
  enum: ["GET", "POST", "PATCH", "PUT", "DELETE"],
  "x-message": "must be GET, POST, PATCH, PUT or DELETE",
};

/** Our form: `?route=/api/…&method=GET`, answered `{ data: true | false }`. */
const flatQuery = inputSchema<{ route: string; method: string }>({
  properties: { route: ROUTE, method: METHOD },
  required: ["route", "method"],
});

/** The original client's form: `?permission[route]=…&permission[method]=GET&permission[type]=HTTP`. */
const permissionQuery = inputSchema<{ permission: { route: string; method: string; type?: "HTTP" } }>({
  properties: {
    permission: {
      type: "object",
      additionalProperties: false,
      properties: {
        route: ROUTE,
        method: METHOD,
        type: { type: "string", enum: ["HTTP"], "x-message": "must be HTTP" },
      },
      required: ["route", "method"],
    },
  },
  required: ["permission"],
});

/** The July 2025 client's form: `?action[route]=…&action[method]=GET&action[type]=HTTP`, answered like `permission[…]`. */
const actionQuery = inputSchema<{ action: { route: string; method: string; type?: "HTTP" } }>({
  properties: { action: permissionQuery.schema.properties.permission },
  required: ["action"],
});

type EitherQuery =
  | { form: "flat"; route: string; method: string }
  | { form: "permission"; query: Record<string, unknown> };

/**
 * Which form the query is in, the flat one checked here. The original client's forms
 * (`permission[…]`, `action[…]`) are checked in the handler, after the secret key's pass (the key
 * is `ok: true` whatever its query says).
 */
const eitherQuery: Checker<EitherQuery> = Object.assign(
  (value: unknown): EitherQuery => {
    const query = { ...(value as Record<string, unknown>) };
    if (
      query.permission === undefined &&
      query.action === undefined &&
      (query.route !== undefined || query.method !== undefined)
    )
      return { form: "flat", ...flatQuery(query) };
    return { form: "permission", query };
  },
  {
    schema: {
      ...flatQuery.schema,
      properties: {
        ...flatQuery.schema.properties,
        permission: permissionQuery.schema.properties.permission,
        action: actionQuery.schema.properties.action,
      },
      required: [],
    },
  },
);

/**
 * GET is-authorized in its three forms. The original client's form answers `{ data: { ok: true } }`
 * or a 403 "Permission error" (its reader throws on any non-OK answer, and a 401 would read as
 * an expired session); the secret key is `ok: true` without looking at the query. Either way the
 * answer says yes or no and nothing more: not which rule matched, nor why.
 */
/** `base` is the Subject API's authentication path. */
export function registerIsAuthorizedRoute(app: FastifyInstance, rbac: RbacServices, base: string) {
  const { authorizer } = rbac;

  defineRoute(
    app,
    {
      method: "GET",
      url: `${base}/is-authorized`,
      ...RBAC,
      summary:
        "Whether the caller may call a method on a route: `?route=&method=` → `{ data: true | false }`; `?permission[route]=&permission[method]=` (or `action[…]`) → `{ data: { ok: true } }` or 403",
      query: eitherQuery,
    },
    async ({ query }, request) => {
      if (query.form === "flat") return { data: await authorizer.allows(request.caller, query.method, query.route) };
      if (request.caller.kind === "secret-key") return { data: { ok: true } };
      const { permission } =
        query.query.permission === undefined && query.query.action !== undefined
          ? { permission: actionQuery(query.query).action }
          : permissionQuery(query.query);
      if (!(await authorizer.allows(request.caller, permission.method, permission.route)))
        throw new AppError("PERMISSION_ERROR", "not authorized");
      return { data: { ok: true } };
    },
  );
}
