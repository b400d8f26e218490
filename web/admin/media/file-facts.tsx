import { Table, Text } from "@mantine/core";
import type { MediaFile } from "./media-api.js";
import { byteSize } from "./media-api.js";
import type { MediaTexts } from "./media-texts.js";
import { momentText } from "../time/time-text.js";

/** What was read from the file's bytes on upload (type, size, width × height) and when: shown, never typed. */
export function FileFacts({ file, t }: { file: MediaFile; t: MediaTexts }) {
  const rows: [string, string][] = [
    [t.type, [file.mimeType, file.extension ? `.${file.extension}` : ""].filter(Boolean).join(" · ")],
    [t.size, byteSize(file.size, t.language)],
    [t.dimensions, file.width && file.height ? `${file.width} × ${file.height} px` : "—"],
    [t.uploadedAt, momentText(file.createdAt, t.language)],
  ];
  return (
    <div>
      <Table withRowBorders={false} verticalSpacing={2} data-testid="file-facts">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" fw={500} c="dimmed" fz="sm">
                {label}
              </Table.Th>
              <Table.Td fz="sm" data-fact={label}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        {t.readFromFile}
      </Text>
    </div>
  );
}
