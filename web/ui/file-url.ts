/** Where uploads are served on the site's own host (server/modules/file-storage). */
export const PUBLIC_FILES_PREFIX = "/public/files";

/**
 * The address to load a file record's `file` from: absolute https URLs as they are; anything
 * else from this same host — a path as it is, an http URL by its path (no mixed content), a bare
 * name under the public files prefix.
 */
export function fileUrl(file: unknown): string | undefined {
  const value = typeof file === "string" ? file.trim() : "";
  if (!value) return undefined;
  if (value.startsWith("https://")) return value;
  if (value.startsWith("/")) return value;
  if (value.startsWith("http://")) {
    try {
      const url = new URL(value);
      return `${url.pathname}${url.search}`;
    } catch {
      return undefined;
    }
  }
  return `${PUBLIC_FILES_PREFIX}/${value.replace(/^\.?\/*/, "")}`;
}
