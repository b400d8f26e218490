import { Anchor, Badge } from "@mantine/core";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import { fileUrl, resizedUrl } from "../../../../../common/file-url.js";
import { altText } from "../../../../ui/file-view.js";
import type { Row } from "../../../../../common/site/page-data.js";
import { useShop } from "../helpers/use-shop.js";
import type { VariantProps } from "../../../variant-types.js";

/** "2.4 MB" from a byte count. */
export function fileSize(bytes: unknown): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes <= 0) return "";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

const str = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** One attached file: a thumbnail for images (else the extension), its name, size and a Download link. */
export function FileAttachment({ file }: { file: Row }) {
  const { t, site } = useShop();
  const src = fileUrl(file.file);
  if (!src) return null;
  const name =
    altText(file.alt, site.language) ?? str(file.adminTitle) ?? decodeURIComponent(src.split("/").pop() ?? "");
  const extension = (str(file.extension) ?? name.split(".").pop() ?? "").replace(/^\./, "").toUpperCase();
  const image = String(file.mimeType ?? "").includes("image");
  return (
    <Paper withBorder radius="md" p="xs" data-attachment={file.id}>
      <Group gap="sm" wrap="nowrap">
        {image ? (
          <img
            src={resizedUrl(file, 96)}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            style={{ objectFit: "cover", borderRadius: 8, flexShrink: 0 }}
          />
        ) : (
          <Badge size="lg" variant="light" color="gray" radius="sm" w={48} style={{ flexShrink: 0 }}>
            {extension.slice(0, 4) || "FILE"}
          </Badge>
        )}
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text fz="sm" fw={600} truncate>
            {name}
          </Text>
          {fileSize(file.size) ? (
            <Text fz="xs" c="dimmed">
              {fileSize(file.size)}
            </Text>
          ) : null}
        </Stack>
        <Anchor href={src} download fz="sm" fw={600}>
          {t("download")}
        </Anchor>
      </Group>
    </Paper>
  );
}

/** products-to-file-storage-module-files variant 'attachment-default': the linked file as an attachment. */
export function ProductFileAttachmentDefault({ record }: VariantProps) {
  const { site } = useShop();
  const file = site.get("file-storage/files", record.fileStorageModuleFileId);
  return file ? <FileAttachment file={file} /> : null;
}
