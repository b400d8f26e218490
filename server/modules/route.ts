import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { JsonSchema } from "../../engine/schema/model.js";
import type { RouteDocs } from "../plugins/route-docs.js";
import { readInputAndFields, type Checker } from "./input.js";

/**
 * Who may call a route with the permissions as they come: everyone (a visitor too), any signed-in
 * subject, or (the default) admins and the secret key only. The rbac module grants it at start-up
 * (server/modules/rbac/permissions/route-access.ts): no default-permissions entry, no migration.
 */
export type RouteAccess = "public" | "signed-in" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's declared access (RouteSpec.access), read by the rbac module as routes are registered. */
    access?: RouteAccess;
  }
}

/**
 * One declaration per hand-written route: its params, query and body are said once, as the
 * checkers of input.ts, and that one declaration both checks the request and documents the route
 * in the OpenAPI document (plugins/route-docs.ts), so the two cannot drift apart.
 *
 * Why not Fastify's own `schema` option: bodies come in three forms (docs/api.md: JSON `{ data }`,
 * urlencoded `data=<json>`, a multipart part `data`) and the original client's bare fields, and
 * only the one body reader (readInput) turns them into the input; a multipart body is not even
 * parsed before the handler runs. Fastify's validation would see the body before that reader and
 * answer in its own words, where the error body of docs/api.md "Errors", "Invalid provider" and "No data" must stay.
 */
export interface RouteSpec<P, Q, B> {
  method: Extract<HTTPMethods, "GET" | "POST" | "PATCH" | "PUT" | "DELETE">;
  url: string;
  /** The OpenAPI tag: the module's name. */
  tag: string;
  summary: string;
  /** Path parameters; without a checker each `:name` is documented as a plain string and passed as it came. */
  params?: Checker<P>;
  query?: Checker<Q>;
  /** The input read from the body (readInput: any of the three body forms or bare fields), checked by this. */
  body?: Checker<B>;
  /** No body at all reads as `{}` (logout, DELETE with an optional proof) rather than "No data". */
  bodyOptional?: boolean;
  /** The document shows the body's fields bare (`{ login, password }`, the original client's form) rather than in `{ data }`; both are accepted either way. */
  bareBody?: boolean;
  /** A body the route reads itself, as bytes (a payment provider's notification): documented by this description, not checked here. */
  rawBody?: string;
  /** The success status (201 for a create); 200 by default. */
  status?: number;
  bodyLimit?: number;
  /** A per-address limit (@fastify/rate-limit): `max` requests per `timeWindow` ms. */
  rateLimit?: { max: number; timeWindow: number };
  operationId?: string;
  /** Who may call it by default; "admin" when absent. An admin may still grant it to any role. */
  access?: RouteAccess;
  /**
   * Runs before any input is checked: whether this route is served here at all (the dummy
   * provider switched off is a 404 whatever the request says).
   */
  available?: (request: FastifyRequest) => void;
  /**
   * Runs after params and query are checked and before the body is read: a caller who may not
   * call answers 401 or 403, never a bad body's 400 (a subject posting as another).
   */
  authorize?: (request: FastifyRequest, input: { params: P; query: Q }) => unknown;
}

/** What the handler gets: the checked input, and the body's fields beside `data` (the form request's `formId`). */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  fields: Record<string, unknown>;
}

export type RouteHandler<P, Q, B> = (
  input: RouteInput<P, Q, B>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

/**
 * Registers the route: checks params, then query, then `authorize`, then reads and checks the
 * body, each failure a Validation error (docs/api.md "Errors"); then runs the handler with the checked values.
 */
export function defineRoute<P = Record<string, string>, Q = Record<string, unknown>, B = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
  handler: RouteHandler<P, Q, B>,
): void {
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    config: {
      docs: docsOf(spec),
      ...(spec.access ? { access: spec.access } : {}),
      ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
    },
    handler: async (request, reply) => {
      spec.available?.(request);
      const params = spec.params ? spec.params(request.params) : (request.params as P);
      const query = spec.query ? spec.query(request.query) : (request.query as Q);
      await spec.authorize?.(request, { params, query });
      let body = undefined as B;
      let fields: Record<string, unknown> = {};
      if (spec.body) {
        const read = await readInputAndFields(request, { optional: spec.bodyOptional });
        body = spec.body(read.input);
        fields = read.fields;
      }
      return handler({ params, query, body, fields }, request, reply);
    },
  });
}

function docsOf<P, Q, B>(spec: RouteSpec<P, Q, B>): RouteDocs {
  const schema = (checker: Checker<unknown> | undefined): JsonSchema | undefined => checker?.schema;
  return {
    tag: spec.tag,
    summary: spec.summary,
    params: schema(spec.params as Checker<unknown> | undefined),
    query: schema(spec.query as Checker<unknown> | undefined),
    body: schema(spec.body as Checker<unknown> | undefined),
    bodyOptional: spec.bodyOptional,
    bareBody: spec.bareBody,
    rawBody: spec.rawBody,
    status: spec.status,
    operationId: spec.operationId,
  };
}
