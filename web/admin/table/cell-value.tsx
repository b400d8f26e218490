import { Badge, Text } from "@mantine/core";
import dayjs from "dayjs";
import type { AdminField } from "../../../engine/admin/admin-model.js";
import { inputOf } from "../../../engine/admin/field-input.js";

/** A value as a table cell: short text, a yes/no badge, a formatted time, a related record's name. */
export function CellValue({ field, value, referenceLabel }: { field: AdminField; value: unknown; referenceLabel?: string }) {
  if (value === null || value === undefined || value === "") return <Text c="dimmed">—</Text>;
  const input = inputOf(field);
  if (input === "checkbox") return <Badge variant="light" color={value ? "green" : "gray"}>{value ? "yes" : "no"}</Badge>;
  if (input === "date-time" || field.kind === "datetime") return <Text size="sm">{dayjs(String(value)).format("DD/MM/YYYY HH:mm")}</Text>;
  if (input === "reference") return <Text size="sm">{referenceLabel ?? String(value)}</Text>;
  const text = typeof value === "object" ? (field.kind === "language-map" ? languageText(value as Record<string, string>) : JSON.stringify(value)) : String(value);
  if (!text) return <Text c="dimmed">—</Text>;
  return (
    <Text size="sm" lineClamp={1} maw={280} title={text}>
      {text}
    </Text>
  );
}

/** A language map in a cell: English, else any language it has, else nothing. */
const languageText = (map: Record<string, string>) => map.en || Object.values(map).find(Boolean) || "";
