import type { FastifyInstance } from "fastify";
import type { JsonSchema } from "../../engine/schema/model.js";

/** What a hand-written module route says about itself for the OpenAPI document. */
export interface RouteDocs {
  summary: string;
  tag: string;
  /** The same JSON Schema the route checks its body or query with. */
  body?: JsonSchema;
  query?: JsonSchema;
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
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method: method.toLowerCase(), url: route.url, docs, rateLimited });
  });
  return () => {
    const paths: JsonSchema = {};
    for (const { method, url, docs, rateLimited } of routes) {
      const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const query = Object.entries<JsonSchema>(docs.query?.properties ?? {}).map(([name, schema]) => ({
        name, in: "query", required: (docs.query?.required ?? []).includes(name), schema: withoutExtensions(schema),
      }));
      paths[url.replace(/:(\w+)/g, "{$1}")] ??= {};
      paths[url.replace(/:(\w+)/g, "{$1}")][method] = {
        tags: [docs.tag],
        summary: docs.summary,
        operationId: docs.operationId ?? operationIdOf(method, url),
        parameters: [...params.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })), ...query],
        ...(docs.body ? { requestBody: { required: true, content: { "application/json": { schema: withoutExtensions(docs.body) } } } } : {}),
        responses: {
          [String(docs.status ?? 200)]: { description: "`{ data }`" },
          ...(docs.body || docs.query || params.length > 0 ? { "400": { description: "Validation error: a bad body, query or id", content: errorBody } } : {}),
          ...(rateLimited ? { "429": { description: "Rate limit error: too many calls from this address in a minute", content: errorBody } } : {}),
          "4XX": { description: "Authentication, Permission, Not Found, Conflict or Payload Too Large error (API.md)", content: errorBody },
          default: { description: "Internal error", content: errorBody },
        },
      };
    }
    return paths;
  };
}

/** JSON Schema without our `x-` keywords, as OpenAPI tools expect. */
function withoutExtensions(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withoutExtensions);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith("x-")).map(([k, v]) => [k, withoutExtensions(v)]));
}
