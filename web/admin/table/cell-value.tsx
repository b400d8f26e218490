import { Badge, Group, Text } from "@mantine/core";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import type { ReactNode } from "react";
import type { AdminField } from "../../../engine/admin/admin-model.js";
import { cellOf } from "../../../engine/admin/table-cell.js";
import { AddressLines } from "../form/widgets/postal-address-field.js";
import type { RecordLabel } from "../data/record-labels.js";
import { FileThumb } from "../media/file-thumb.js";
import { momentText } from "../time/time-text.js";
import { wordsTexts } from "../words-texts.js";

type CellProps = { field: AdminField; value: unknown; referenceLabel?: RecordLabel };

/** A value as a table cell: short text, a yes/no badge, a formatted time, a related record's name, a file's thumbnail. */
export function CellValue({ field, value, referenceLabel }: CellProps) {
  if (value === null || value === undefined || value === "") return <Text c="dimmed">—</Text>;
  // The cell the field's type describes (engine/admin/table-cell.ts); one without a drawing here is text.
  const cell = cellOf(field);
  const Drawn = Object.hasOwn(CELLS, cell) ? CELLS[cell] : undefined;
  return Drawn ? (
    <Drawn field={field} value={value} referenceLabel={referenceLabel} />
  ) : (
    <TextCell text={plainText(value)} />
  );
}

/** Each cell name (a field type's `admin.cell`, or the input that decides first) drawn other than as text. */
const CELLS: Record<string, (props: CellProps) => ReactNode> = {
  "yes-no": ({ value }) => (
    <Badge variant="light" color={value ? "green" : "gray"}>
      {value ? wordsTexts().yes : wordsTexts().no}
    </Badge>
  ),
  // An enum's value by its name in the admin's language ("Разовый", not "one_off").
  choice: ({ field, value }) => <TextCell text={field.choices?.[String(value)] ?? String(value)} />,
  "date-time": ({ value }) => <Text size="sm">{momentText(String(value), wordsTexts().language)}</Text>,
  // A referenced record by its label (the server's labeller); a file (or a link to one) with its thumbnail.
  reference: ({ referenceLabel }) => {
    if (!referenceLabel)
      return (
        <Text size="sm" c="dimmed">
          …
        </Text>
      );
    return referenceLabel.file ? (
      <Group gap="xs" wrap="nowrap">
        <FileThumb file={referenceLabel.file} size={32} language={DEFAULT_LANGUAGE} />
        <Text size="sm" lineClamp={1} maw={240}>
          {referenceLabel.label}
        </Text>
      </Group>
    ) : (
      <Text size="sm" lineClamp={1} maw={280} title={referenceLabel.label}>
        {referenceLabel.label}
      </Text>
    );
  },
  "postal-address": ({ value }) => <AddressLines value={value} size="sm" />,
  "language-text": ({ value }) => (
    <TextCell text={typeof value === "object" ? languageText(value as Record<string, string>) : String(value)} />
  ),
  // A stored file: its thumbnail (an image's smallest copy; else its extension), not its path.
  file: ({ value }) => {
    if (typeof value !== "string") return <TextCell text={plainText(value)} />;
    const extension = /\.([a-z0-9]{1,5})$/i.exec(value)?.[1] ?? "";
    const image = /^(jpe?g|png|webp|gif|avif|svg)$/i.test(extension);
    return (
      <FileThumb
        file={{ file: value, mimeType: image ? "image/" : "", extension }}
        size={40}
        language={DEFAULT_LANGUAGE}
      />
    );
  },
};

/** Any other value as text: an object as its JSON. */
const plainText = (value: unknown) => (typeof value === "object" ? JSON.stringify(value) : String(value));

/** One line of text, or a dash when there is none. */
function TextCell({ text }: { text: string }) {
  if (!text) return <Text c="dimmed">—</Text>;
  return (
    <Text size="sm" lineClamp={1} maw={280} title={text}>
      {text}
    </Text>
  );
}

/** A language map in a cell: the admin's language's text, else the default language's, else any it has. */
const languageText = (map: Record<string, string>) =>
  map[wordsTexts().language] || map[DEFAULT_LANGUAGE] || Object.values(map).find(Boolean) || "";
