import { Badge, Center } from "@mantine/core";
import { resizedUrl } from "../../../common/file-url.js";
import { altText } from "../../ui/file-view.js";

interface ThumbFile {
  file?: unknown;
  mimeType?: unknown;
  extension?: unknown;
  alt?: unknown;
  adminTitle?: unknown;
}

/**
 * A file's thumbnail: an image from the server's smallest resized width that covers `size` px
 * (twice, for sharp screens), else a tile with its extension.
 */
export function FileThumb({ file, size, language }: { file: ThumbFile; size: number; language: string }) {
  const box = { width: size, height: size, borderRadius: 6, flexShrink: 0 } as const;
  if (String(file.mimeType ?? "").startsWith("image/")) {
    const src = resizedUrl(file as Record<string, unknown>, size * 2);
    if (src)
      return (
        <img
          src={src}
          alt={altText(file.alt, language) ?? ""}
          loading="lazy"
          width={size}
          height={size}
          style={{ ...box, objectFit: "cover", background: "var(--mantine-color-gray-1)" }}
          data-testid="file-thumb"
        />
      );
  }
  return (
    <Center style={{ ...box, background: "var(--mantine-color-gray-1)" }} data-testid="file-thumb">
      <Badge variant="light" color="gray" radius="sm">
        {String(file.extension || "file")
          .slice(0, 5)
          .toUpperCase()}
      </Badge>
    </Center>
  );
}
