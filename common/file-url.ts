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

/**
 * The widths the server resizes images to (`?w=640`; server/modules/file-storage). A fixed list,
 * so every copy is made once and cached.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

const RESIZABLE = /^\/public\/files\/[^?#]+\.(jpg|png|webp|gif|avif|tif)$/;
const num = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);

/** A stored raster image's address at the smallest listed width of at least `atLeast` px (the original when it is narrower). */
export function resizedUrl(file: { [field: string]: unknown }, atLeast: number): string | undefined {
  const src = fileUrl(file.file);
  if (!src || !RESIZABLE.test(src)) return src;
  const width = IMAGE_WIDTHS.find((w) => w >= atLeast);
  const original = num(file.width);
  return width && (!original || width < original) ? `${src}?w=${width}` : src;
}

/**
 * `srcset` for a stored raster image whose width is known: each listed width below the
 * original's, then the original, so a phone downloads a small copy and a wide screen the full one.
 */
export function imageSrcSet(file: { [field: string]: unknown }): string | undefined {
  const src = fileUrl(file.file);
  const original = num(file.width);
  if (!src || !original || !RESIZABLE.test(src)) return undefined;
  const smaller = IMAGE_WIDTHS.filter((w) => w < original);
  if (smaller.length === 0) return undefined;
  return [...smaller.map((w) => `${src}?w=${w} ${w}w`), `${src} ${original}w`].join(", ");
}
