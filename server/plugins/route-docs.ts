import type { FastifyInstance } from "fastify";
import type { JsonSchema } from "../../engine/schema/model.js";

/**
 * What a hand-written route says about itself for the OpenAPI document: made by defineRoute
 * (server/modules/route.ts) from the same checkers the route checks its input with.
 */
export interface RouteDocs {
  summary: string;
  tag: string;
  /** The JSON Schemas the route checks its path parameters, query and body with. */
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /** The body may be left out altogether. */
  bodyOptional?: boolean;
  /** The body is shown with its fields bare rather than in `{ data }`. */
  bareBody?: boolean;
  /** A body read as bytes by the route itself: its description. */
  rawBody?: string;
  status?: number;
  /** Defaults to the method and path in camel case: `postRbacSubjectsAuthenticationLogout`. */
  operationId?: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

interface DocumentedRoute {
  method: string;
  url: string;
  docs: RouteDocs;
  /** Whether the route has a per-address rate limit (429 beyond it). */
  rateLimited: boolean;
}

const errorBody = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** `post` `/api/rbac/subjects/:id/change-password` → `postRbacSubjectsByIdChangePassword`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(":") ? ["by", segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

/**
 * Collects the routes registered with `config.docs` (call before they are registered) and turns
 * them into OpenAPI paths, so module routes are documented from their own input schemas.
 */
export function collectRouteDocs(app: FastifyInstance): () => JsonSchema {
  const routes: DocumentedRoute[] = [];
  app.addHook("onRoute", (route) => {
    const docs = route.config?.docs;
    if (!docs) return;
    const rateLimited = !!route.config?.rateLimit;
    for (const method of [route.method].flat())
      if (method !== "HEAD") routes.push({ method: method.toLowerCase(), url: route.url, docs, rateLimited });
  });
  return () => {
    const paths: JsonSchema = {};
    for (const { method, url, docs, rateLimited } of routes) {
      const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const parameter = (place: "path" | "query", schema: JsonSchema | undefined) => (name: string) => ({
        name,
        in: place,
        required: place === "path" || (schema?.required ?? []).includes(name),
        schema: withoutExtensions(schema?.properties?.[name] ?? { type: "string" }),
      });
      const query = Object.keys(docs.query?.properties ?? {}).map(parameter("query", docs.query));
      paths[url.replace(/:(\w+)/g, "{$1}")] ??= {};
      paths[url.replace(/:(\w+)/g, "{$1}")][method] = {
        tags: [docs.tag],
        summary: docs.summary,
        operationId: docs.operationId ?? operationIdOf(method, url),
        parameters: [...params.map(parameter("path", docs.params)), ...query],
        ...requestBodyOf(docs),
        responses: {
          [String(docs.status ?? 200)]: { description: "`{ data }`" },
          ...(docs.body || docs.query || params.length > 0
            ? { "400": { description: "Validation error: a bad body, query or id", content: errorBody } }
            : {}),
          ...(rateLimited
            ? {
                "429": {
                  description: "Rate limit error: too many calls from this address in a minute",
                  content: errorBody,
                },
              }
            : {}),
          "4XX": {
            description: "Authentication, Permission, Not Found, Conflict or Payload Too Large error (the error body)",
            content: errorBody,
          },
          default: { description: "Internal error", content: errorBody },
        },
      };
    }
    return paths;
  };
}

const FORMS = "any of three forms: JSON `{ data }`, urlencoded `data=<json>` or a multipart part `data` holding JSON";

/** The body as the three body forms (docs/api.md) carry it: JSON `{ data }` (or the bare fields the original client sends), urlencoded or multipart `data`. */
function requestBodyOf(docs: RouteDocs): JsonSchema {
  if (docs.rawBody)
    return { requestBody: { required: true, description: docs.rawBody, content: { "*/*": { schema: {} } } } };
  if (!docs.body) return {};
  const input = withoutExtensions(docs.body);
  const encoded = { schema: { type: "object", properties: { data: { type: "string", description: "JSON" } } } };
  return {
    requestBody: {
      required: !docs.bodyOptional,
      description: docs.bareBody
        ? `The fields bare, as shown (the original client's form), or in ${FORMS}.`
        : `In ${FORMS}; a body with no \`data\` field is read as the \`data\` itself (the original client's bare fields).`,
      content: {
        "application/json": {
          schema: docs.bareBody ? input : { type: "object", properties: { data: input }, required: ["data"] },
        },
        "application/x-www-form-urlencoded": encoded,
        "multipart/form-data": encoded,
      },
    },
  };
}

/** JSON Schema without our `x-` keywords, as OpenAPI tools expect. */
function withoutExtensions(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withoutExtensions);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => !k.startsWith("x-"))
      .map(([k, v]) => [k, withoutExtensions(v)]),
  );
}
