import { Badge, Card, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { byteSize, type MediaFile } from "./media-api.js";
import { FileThumb } from "./file-thumb.js";
import type { MediaTexts } from "./media-texts.js";

/** One tile of the media grid: thumbnail, name, type, size and dimensions, and whether it is used; opens the file's panel. */
export function MediaCard({
  file,
  t,
  selected,
  onOpen,
}: {
  file: MediaFile;
  t: MediaTexts;
  selected: boolean;
  onOpen(): void;
}) {
  const facts = [
    file.extension?.toUpperCase(),
    byteSize(file.size, t.language),
    file.width && file.height ? `${file.width}×${file.height}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={file.adminTitle}
      data-testid="media-card"
      data-file-id={file.id}
      style={{ display: "block", width: "100%" }}
    >
      <Card
        withBorder
        radius="md"
        padding="xs"
        style={{ outline: selected ? "2px solid var(--mantine-color-indigo-5)" : undefined }}
      >
        <Card.Section>
          <div
            style={{
              aspectRatio: "1 / 1",
              display: "grid",
              placeItems: "center",
              overflow: "hidden",
              background: "var(--mantine-color-gray-1)",
            }}
          >
            <FileThumb file={file} size={160} language={t.language} />
          </div>
        </Card.Section>
        <Stack gap={2} mt="xs">
          <Text size="sm" fw={600} truncate title={file.adminTitle}>
            {file.adminTitle}
          </Text>
          <Text size="xs" c="dimmed" data-testid="media-card-facts">
            {facts}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light" color={file.usedBy ? "indigo" : "gray"}>
              {t.usedTimes(file.usedBy)}
            </Badge>
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
