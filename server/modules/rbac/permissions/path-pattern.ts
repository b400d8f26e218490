import { splitUrl } from "../../../lib/url-path.js";

/**
 * A permission's route pattern, matched segment by segment against a request path (no query):
 * - a literal segment matches itself;
 * - `*` matches exactly one segment;
 * - `**` (last) matches any number of segments, none included;
 * - `{self}` matches only the caller's own subject id: how "a subject uses its own routes" is said.
 *
 * A wildcard never stands for the `export` or `import` of a model's generic routes
 * (`/api/{module}/{entity}/export`): whole-table transfers are granted by naming them
 * (`/api/blog/articles/export`) or by the all-routes pattern `/**` (the
 * admin's). So a role that may read every article by `/api/blog/articles/**` cannot dump the
 * table, nor one that may write its records replace it.
 */
export type PathMatcher = (segments: string[], selfId: string | undefined) => boolean;

export function compilePathPattern(pattern: string): PathMatcher {
  const parts = splitPath(pattern);
  const rest = parts.at(-1) === "**";
  const fixed = rest ? parts.slice(0, -1) : parts;
  const everything = rest && fixed.length === 0;
  return (segments, selfId) => {
    if (rest ? segments.length < fixed.length : segments.length !== fixed.length) return false;
    if (!everything && isTransfer(segments) && fixed[TRANSFER_SEGMENT] !== segments[TRANSFER_SEGMENT]) return false;
    for (let i = 0; i < fixed.length; i++) {
      const part = fixed[i]!;
      const segment = segments[i]!;
      if (part === "*") continue;
      if (part === "{self}") {
        if (!selfId || segment !== selfId) return false;
      } else if (part !== segment) return false;
    }
    return true;
  };
}

/** The index of `export` / `import` in `/api/{module}/{entity}/export`. */
const TRANSFER_SEGMENT = 3;
const isTransfer = (segments: string[]) =>
  segments.length === TRANSFER_SEGMENT + 1 &&
  segments[0] === "api" &&
  (segments[3] === "export" || segments[3] === "import");

/**
 * "/api/blog/articles/" → ["api", "blog", "articles"]; the query string is not part of a route.
 * Segments are percent-decoded, as the router reads them, so "/api/%62log" is "/api/blog" here too.
 */
export function splitPath(path: string): string[] {
  return splitUrl(path);
}
