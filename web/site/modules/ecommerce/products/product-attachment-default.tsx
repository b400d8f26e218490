import { Stack, Title } from "../../../render/primitives.js";
import type { VariantProps } from "../../../variant-types.js";
import { FileAttachment } from "./file-attachment-default.js";
import { useShop } from "../helpers/use-shop.js";

/** Product variant 'attachment-default': the product's files (products-to-file-storage-module-files) to download. */
export function ProductAttachmentDefault({ record }: VariantProps) {
  const { t, site } = useShop();
  const files = site.related("ecommerce/products-to-file-storage-module-files", record.id);
  if (!files.length) return null;
  return (
    <Stack gap="xs" data-product-attachments={record.id}>
      <Title order={4}>{t("attachments")}</Title>
      {files.map(({ relation, record: file }) => (
        <FileAttachment key={relation.id} file={file} />
      ))}
    </Stack>
  );
}
