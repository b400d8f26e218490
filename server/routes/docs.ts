import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { openApiDocument } from "../../engine/codegen/openapi.js";
import type { JsonSchema } from "../../engine/schema/model.js";
import { schemaAccessPermissions } from "../modules/rbac/permissions/schema-access.js";
import { markSecurity, securitySchemes } from "./openapi-security.js";

const require = createRequire(import.meta.url);
const swaggerDir = join(require.resolve("swagger-ui-dist/package.json"), "..");
const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
};

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body></html>`;

/** The reference's start, a file of its own: the Content-Security-Policy runs no inline script. */
const start = `SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#reference", deepLinking: true, persistAuthorization: true });\n`;

/** Tags of module routes that no schema module has. */
const routeOnlyTags: Record<string, string> = {
  revalidation: "Dropping the site's cached page renders after content changes.",
  health: "Whether this instance and its database answer (for load balancers).",
  admin: "What the back office at /admin is generated from.",
};

/**
 * The whole document: the generic routes from the registry, the documented module routes, the
 * security schemes and who may call each operation by default, and the server it is served from.
 */
export function buildOpenApiDocument(
  app: FastifyInstance,
  moduleRoutes: () => JsonSchema,
  publicUrl: string,
): JsonSchema {
  const generated = openApiDocument(app.registry);
  // A module route at a generic path (a webhook's create, which answers its secret) replaces that
  // method's entry only; the path's other generic methods stay documented.
  const paths: JsonSchema = { ...generated.paths };
  for (const [path, item] of Object.entries<JsonSchema>(moduleRoutes())) paths[path] = { ...paths[path], ...item };
  // Besides the seeded defaults: what the schemas' x-access and the routes' declared access grant.
  markSecurity(paths, [...schemaAccessPermissions(app.registry), ...app.rbac.routeGrants]);
  const known = new Set<string>(generated.tags.map((t: { name: string }) => t.name));
  const used = [
    ...new Set(
      Object.values<JsonSchema>(paths).flatMap((item) =>
        Object.values<JsonSchema>(item).flatMap((op) => op.tags ?? []),
      ),
    ),
  ];
  const extraTags = used
    .filter((name) => !known.has(name))
    .map((name) => ({ name, description: routeOnlyTags[name] ?? `The ${name} module's routes.` }));
  // Paths are relative to the server that answers this document; PUBLIC_URL is listed too when it
  // names a real address (a localhost default would only mislead a reader elsewhere).
  const servers = [{ url: "/", description: "The server that serves this document" }];
  if (!/^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(publicUrl))
    servers.push({ url: publicUrl, description: "The site's public address (PUBLIC_URL)" });
  return {
    ...generated,
    info: {
      ...generated.info,
      description: `${generated.info.description} Module routes (the Subject API) are listed under their module.`,
    },
    servers,
    components: { ...generated.components, securitySchemes },
    tags: [...generated.tags, ...extraTags].sort((a, b) => a.name.localeCompare(b.name)),
    paths,
  };
}

/** `/api/openapi.json` from the registry and the documented module routes, and an interactive reference at `/api/docs` (served locally, no CDN). */
export function registerDocsRoutes(app: FastifyInstance, moduleRoutes: () => JsonSchema, publicUrl: string) {
  // Built at the first request, once every route (module and generic) is registered.
  let document: string | undefined;
  const build = () => JSON.stringify(buildOpenApiDocument(app, moduleRoutes, publicUrl));
  app.get("/api/openapi.json", (_, reply) => reply.type("application/json").send((document ??= build())));
  app.get("/api/docs", (_, reply) => reply.type("text/html; charset=utf-8").send(page));
  app.get("/api/docs/reference.js", (_, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(start),
  );
  for (const [file, type] of Object.entries(assets)) {
    const content = readFileSync(join(swaggerDir, file));
    app.get(`/api/docs/${file}`, (_, reply) =>
      reply.type(type).header("cache-control", "public, max-age=86400").send(content),
    );
  }
}
