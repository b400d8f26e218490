import { Badge, Group, Text } from "@mantine/core";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import dayjs from "dayjs";
import type { AdminField } from "../../../engine/admin/admin-model.js";
import { cellOf } from "../../../engine/admin/table-cell.js";
import { AddressLines } from "../form/widgets/postal-address-field.js";
import type { RecordLabel } from "../data/record-labels.js";
import { FileThumb } from "../media/file-thumb.js";

/** A value as a table cell: short text, a yes/no badge, a formatted time, a related record's name, a file's thumbnail. */
export function CellValue({ field, value, referenceLabel }: { field: AdminField; value: unknown; referenceLabel?: RecordLabel }) {
  if (value === null || value === undefined || value === "") return <Text c="dimmed">—</Text>;
  // The cell the field's type describes (engine/admin/table-cell.ts); one this file does not draw is text.
  const cell = cellOf(field);
  if (cell === "yes-no") return <Badge variant="light" color={value ? "green" : "gray"}>{value ? "yes" : "no"}</Badge>;
  if (cell === "date-time") return <Text size="sm">{dayjs(String(value)).format("DD/MM/YYYY HH:mm")}</Text>;
  // A referenced record by its label (the server's labeller); a file (or a link to one) with its thumbnail.
  if (cell === "reference") {
    if (!referenceLabel) return <Text size="sm" c="dimmed">…</Text>;
    return referenceLabel.file ? (
      <Group gap="xs" wrap="nowrap">
        <FileThumb file={referenceLabel.file} size={32} language={DEFAULT_LANGUAGE} />
        <Text size="sm" lineClamp={1} maw={240}>{referenceLabel.label}</Text>
      </Group>
    ) : (
      <Text size="sm" lineClamp={1} maw={280} title={referenceLabel.label}>{referenceLabel.label}</Text>
    );
  }
  if (cell === "postal-address") return <AddressLines value={value} size="sm" />;
  // A stored file: its thumbnail (an image's smallest copy; else its extension), not its path.
  if (cell === "file" && typeof value === "string") {
    const extension = /\.([a-z0-9]{1,5})$/i.exec(value)?.[1] ?? "";
    const image = /^(jpe?g|png|webp|gif|avif|svg)$/i.test(extension);
    return <FileThumb file={{ file: value, mimeType: image ? "image/" : "", extension }} size={40} language={DEFAULT_LANGUAGE} />;
  }
  const text = typeof value === "object" ? (cell === "language-text" ? languageText(value as Record<string, string>) : JSON.stringify(value)) : String(value);
  if (!text) return <Text c="dimmed">—</Text>;
  return (
    <Text size="sm" lineClamp={1} maw={280} title={text}>
      {text}
    </Text>
  );
}

/** A language map in a cell: the default language's text, else any language it has, else nothing. */
const languageText = (map: Record<string, string>) => map[DEFAULT_LANGUAGE] || Object.values(map).find(Boolean) || "";
