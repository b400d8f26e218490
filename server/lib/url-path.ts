// Request paths split into segments, shared by rbac's permission patterns, host's page url
// templates and the site's language prefixes. In server/lib (not a module, not server/site) so
// each of those may import it without importing one another; request paths are the server's
// business, not the engine's (which knows schemas and queries, no HTTP).

/** A percent-decoded segment; a malformed escape ("%E0%A4%A") stays as it came. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** "/blog/articles/hello/?x=1" → ["blog", "articles", "hello"] (percent-decoded); "/" → []. */
export function splitUrl(url: string): string[] {
  const end = url.search(/[?#]/);
  return (end === -1 ? url : url.slice(0, end))
    .split("/")
    .filter((s) => s.length > 0)
    .map(safeDecode);
}

/**
 * The segments of a path that is decoded already (splitLanguage's): as they are. Decoding again
 * would read a "%25" of the address twice ("/a%2500b" → "a%00b" → a NUL), and a "?" or "#" that
 * came as "%3F" or "%23" is part of a segment here, not the start of a query.
 */
export const decodedSegments = (path: string): string[] => path.split("/").filter((s) => s.length > 0);

/** normalizeUrl's spelling of a path that is decoded already. */
export const normalizeDecoded = (path: string): string => `/${decodedSegments(path).join("/")}`;

/** One spelling per path: a leading slash, no trailing or doubled slashes, no query. */
export function normalizeUrl(url: string): string {
  return `/${splitUrl(url).join("/")}`;
}
