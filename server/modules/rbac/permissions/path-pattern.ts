import { splitUrl } from "../../../lib/url-path.js";

/**
 * A permission's route pattern, matched segment by segment against a request path (no query):
 * - a literal segment matches itself;
 * - `*` matches exactly one segment;
 * - `**` (last) matches any number of segments, none included;
 * - `{self}` matches only the caller's own subject id: how "a subject uses its own routes" is said.
 */
export type PathMatcher = (segments: string[], selfId: string | undefined) => boolean;

export function compilePathPattern(pattern: string): PathMatcher {
  const parts = splitPath(pattern);
  const rest = parts.at(-1) === "**";
  const fixed = rest ? parts.slice(0, -1) : parts;
  return (segments, selfId) => {
    if (rest ? segments.length < fixed.length : segments.length !== fixed.length) return false;
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

/**
 * "/api/blog/articles/" → ["api", "blog", "articles"]; the query string is not part of a route.
 * Segments are percent-decoded, as the router reads them, so "/api/%62log" is "/api/blog" here too.
 */
export function splitPath(path: string): string[] {
  return splitUrl(path);
}
