import type { FastifyInstance, FastifyReply } from "fastify";

// CORS for the origins CORS_ORIGINS names (the original frontend serves its pages from another
// origin than the API and calls it with `credentials: "include"` and a bearer header). Those
// origins, and only they, get preflight answers and Access-Control-Allow-Origin with credentials;
// the cross-site write check (cross-site.ts) admits the same list. With the list empty (the
// default) nothing here is registered: no answer carries a CORS header, a preflight is the 404 it
// always was, and no other site's script can read an answer or send a bearer header.

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE";
/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = "600";

/** Adds Origin to Vary without dropping what another part set (compression's Accept-Encoding). */
function varyOnOrigin(reply: FastifyReply) {
  const vary = reply.getHeader("vary");
  const given = Array.isArray(vary) ? vary.join(", ") : vary === undefined ? "" : String(vary);
  if (!/(^|,\s*)origin(\s*,|$)/i.test(given)) reply.header("vary", given ? `${given}, Origin` : "Origin");
}

export function allowCrossOriginCallers(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  const allowedOrigin = (origin: unknown): origin is string => typeof origin === "string" && allowed.has(origin);

  app.addHook("onRequest", (request, reply, done) => {
    if (allowedOrigin(request.headers.origin)) {
      reply.header("access-control-allow-origin", request.headers.origin);
      reply.header("access-control-allow-credentials", "true");
    }
    done();
  });
  // An answer that differs by Origin must say so, or a cache could hand one origin's answer to another.
  app.addHook("onSend", (_request, reply, payload, done) => {
    varyOnOrigin(reply);
    done(null, payload);
  });

  // The preflight: the request headers it asks for are echoed (the origin is trusted, and the
  // original client sends its own: X-RBAC-SECRET-KEY, Cache-Control); any other origin's
  // preflight is the 404 it is without this setting, so its browser sends nothing.
  app.options("/*", async (request, reply) => {
    const method = request.headers["access-control-request-method"];
    if (!allowedOrigin(request.headers.origin) || typeof method !== "string") return reply.callNotFound();
    const headers = request.headers["access-control-request-headers"];
    reply.header("access-control-allow-methods", ALLOWED_METHODS);
    if (typeof headers === "string" && headers) reply.header("access-control-allow-headers", headers);
    reply.header("access-control-max-age", PREFLIGHT_MAX_AGE);
    return reply.status(204).send();
  });
}
