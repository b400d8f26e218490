import type { CSSProperties } from "react";
import { fileUrl, imageSrcSet } from "./file-url.js";

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
 * A file-storage file shown by its kind: an image when the mime type says image (with a `srcset`
 * of the server's resized widths, so a phone downloads a small copy; `sizes` says how wide it is
 * shown), a video with controls when it says video, otherwise a download link. Nothing without a file.
 */
export function FileView({ file, style, fit = "cover", sizes = "100vw" }: { file: FileRecord; style?: CSSProperties; fit?: "cover" | "contain"; sizes?: string }) {
  const src = fileUrl(file.file);
  if (!src) return null;
  const mime = str(file.mimeType) ?? "";
  const alt = str(file.alt) ?? str(file.adminTitle) ?? "";
  const size = { width: num(file.width), height: num(file.height) };
  const media: CSSProperties = { display: "block", maxWidth: "100%", height: "auto", objectFit: fit, borderRadius: 12, ...style };
  let body;
  const srcSet = mime.includes("image") ? imageSrcSet(file) : undefined;
  if (mime.includes("image")) body = <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt} loading="lazy" decoding="async" {...size} className={str(file.className)} style={media} />;
  else if (mime.includes("video")) body = <video src={src} controls preload="metadata" {...size} className={str(file.className)} style={media} />;
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
