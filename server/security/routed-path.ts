import type { FastifyRequest } from "fastify";
import { splitUrl } from "../site/host/url-templates.js";
import { pathOfSegments } from "./same-site-path.js";

// One route has many spellings: the router decodes "%61" to "a" and reads "/%61pi/…" as
// "/api/…", "/api/%72bac/…" as "/api/rbac/…". A security decision that read the raw URL
// (request.url) would see a path that is not the route's and let "/%61pi/…" past a check on
// "/api/". So every decision that depends on the path reads it here: the route the router
// matched, with the parameters it read.

/**
 * The segments of the route this request matched, each as the router read it ("/api/rbac/subjects/:id"
 * with params `{ id }` → ["api", "rbac", "subjects", "<id>"]); a wildcard's value is split into
 * its segments. Undefined when no route matched (the 404 handler answers).
 */
export function routedSegments(request: FastifyRequest): string[] | undefined {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return undefined;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const segments: string[] = [];
  for (const part of pattern.split("/")) {
    if (part === "") continue;
    if (part.startsWith(":")) segments.push(params[part.slice(1)] ?? "");
    else if (part === "*") segments.push(...splitUrl(params["*"] ?? ""));
    else segments.push(part);
  }
  return segments;
}

/**
 * The path a security decision reads: the matched route's (see routedSegments), each segment
 * encoded again so a parameter holding "/" stays one segment; when no route matched, the raw
 * path percent-decoded segment by segment. Never the query.
 */
export function routedPath(request: FastifyRequest): string {
  return pathOfSegments(routedSegments(request) ?? splitUrl(request.url));
}
