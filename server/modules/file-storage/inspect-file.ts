import { validationError } from "../../../engine/errors.js";

/** What the bytes of a file are, whatever its name or the client's header says. */
export interface Inspected {
  mimeType: string;
  /** Lower-case, no dot; "" when the type is unknown. */
  extension: string;
  width?: number;
  height?: number;
}

/** Plain text formats file-type cannot tell apart: the uploaded name may choose among these only. */
const TEXT_TYPES: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  md: "text/markdown",
  json: "application/json",
};

/** Formats sharp decodes for width and height (and, for raster ones, resizes). */
export const RASTER_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "image/tiff"]);

const decoder = new TextDecoder("utf-8", { fatal: true });

function asText(bytes: Buffer): string | undefined {
  try {
    const text = decoder.decode(bytes.subarray(0, 64 * 1024));
    // Control characters other than tab, newlines and form feed mean binary.
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? undefined : text;
  } catch {
    return undefined; // not UTF-8 (or cut in the middle of a character at 64 KiB: rare, and then binary is the safe answer)
  }
}

const isSvg = (text: string) =>
  /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
    text.replace(/^\uFEFF/, ""),
  );

/**
 * The type of a file from its bytes (magic numbers by `file-type`; SVG and plain text by their
 * content), and an image's width and height read by sharp (turned as its EXIF orientation says).
 * An image whose bytes sharp cannot read is refused: it would show as a broken picture.
 */
export async function inspectFile(bytes: Buffer, clientName?: string, field = "file"): Promise<Inspected> {
  // Loaded at the first upload, not at every start.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import("file-type"), import("sharp")]);
  const detected = await fileTypeFromBuffer(bytes);
  const text = !detected || detected.ext === "xml" ? asText(bytes) : undefined;
  let inspected: Inspected;
  if (text !== undefined && isSvg(text)) inspected = { mimeType: "image/svg+xml", extension: "svg" };
  else if (detected) inspected = { mimeType: detected.mime, extension: detected.ext };
  else {
    const named = /\.([A-Za-z0-9]{1,10})$/.exec(clientName ?? "")?.[1]?.toLowerCase();
    if (text !== undefined)
      inspected =
        named && TEXT_TYPES[named]
          ? { mimeType: TEXT_TYPES[named]!, extension: named }
          : { mimeType: "text/plain", extension: "txt" };
    else inspected = { mimeType: "application/octet-stream", extension: "" };
  }
  if (RASTER_TYPES.has(inspected.mimeType) || inspected.mimeType === "image/svg+xml") {
    try {
      const meta = await sharp(bytes, { limitInputPixels: 268_402_689 }).metadata();
      const oriented = meta.autoOrient ?? meta;
      inspected.width = oriented.width;
      inspected.height = oriented.height;
    } catch {
      throw validationError(`/${field} is not a readable ${inspected.extension.toUpperCase()} image`, [
        { path: `/${field}`, message: "is not a readable image" },
      ]);
    }
  }
  return inspected;
}
