import type { CSSProperties, ReactNode } from "react";
import { DEFAULT_LANGUAGE } from "../../engine/schema/languages.js";
import { fileUrl, imageSrcSet } from "../../common/file-url.js";

/** A file-storage/files row (any row shape: the fields below are the ones read). */
export interface FileRecord {
  [field: string]: unknown;
  file?: unknown;
  mimeType?: unknown;
  alt?: unknown;
  width?: unknown;
  height?: unknown;
  className?: unknown;
  containerClassName?: unknown;
  adminTitle?: unknown;
}

const str = (value: unknown) => (typeof value === "string" && value ? value : undefined);
const num = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);

/**
 * A file's alt text in a language: its own, else the default language's, else any it has (a
 * half-translated file still says something); a plain string (a caller's own alt) as it is.
 */
export function altText(alt: unknown, language: string = DEFAULT_LANGUAGE): string | undefined {
  if (typeof alt === "string") return alt || undefined;
  if (!alt || typeof alt !== "object") return undefined;
  const map = alt as Record<string, unknown>;
  return str(map[language]) ?? str(map[DEFAULT_LANGUAGE]) ?? Object.values(map).map(str).find(Boolean);
}

export interface FileViewProps {
  file: FileRecord;
  style?: CSSProperties;
  fit?: "cover" | "contain";
  /** How wide the image is shown, for the browser to pick from the `srcset`. */
  sizes?: string;
  /** The page's language: the alt text is read in it. */
  language?: string;
  /**
   * "eager" for an image in the first screen (a product page's main photo, its largest paint):
   * fetched at once and with high priority; below the fold "lazy", fetched as it scrolls near.
   */
  loading?: "lazy" | "eager";
}

/**
 * A file-storage file shown by its kind: an image when the mime type says image (with a `srcset`
 * of the server's resized widths, so a phone downloads a small copy; `sizes` says how wide it is
 * shown; width and height, so the page does not jump as it loads), a video with controls when it
 * says video, otherwise a download link. Nothing without a file.
 */
export function FileView({ file, style, fit = "cover", sizes = "100vw", language, loading = "lazy" }: FileViewProps) {
  const src = fileUrl(file.file);
  if (!src) return null;
  const mime = str(file.mimeType) ?? "";
  const alt = altText(file.alt, language) ?? str(file.adminTitle) ?? "";
  const size = { width: num(file.width), height: num(file.height) };
  const media: CSSProperties = {
    display: "block",
    maxWidth: "100%",
    height: "auto",
    objectFit: fit,
    borderRadius: 12,
    ...style,
  };
  let body: ReactNode;
  const srcSet = mime.includes("image") ? imageSrcSet(file) : undefined;
  const priority = loading === "eager" ? { fetchPriority: "high" as const } : {};
  if (mime.includes("image"))
    body = (
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt}
        loading={loading}
        decoding="async"
        {...priority}
        {...size}
        className={str(file.className)}
        style={media}
      />
    );
  else if (mime.includes("video"))
    body = <video src={src} controls preload="metadata" {...size} className={str(file.className)} style={media} />;
  else
    body = (
      <a href={src} download className={str(file.className)}>
        {alt || src.split("/").pop()}
      </a>
    );
  return (
    <div className={str(file.containerClassName)} data-file-view={mime || "file"}>
      {body}
    </div>
  );
}
