import { ActionIcon, Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { api } from "../../api/client.js";
import { notifyError } from "../notify.js";
import { FilePicker } from "../media/file-picker.js";
import { FileThumb } from "../media/file-thumb.js";
import type { MediaFile } from "../media/media-api.js";
import { UploadDrop } from "../media/upload-drop.js";
import type { EditorPhoto } from "./product-api.js";
import type { ProductsTexts } from "./products-texts.js";

const asPhoto = (
  file: Pick<MediaFile, "id" | "adminTitle" | "file" | "mimeType" | "extension" | "width" | "height" | "alt">,
): EditorPhoto => ({
  fileId: file.id,
  adminTitle: file.adminTitle,
  file: file.file,
  mimeType: file.mimeType,
  extension: file.extension,
  width: file.width,
  height: file.height,
  alt: file.alt ?? {},
});

/** Moves the item at `from` to `to` (the others keep their order). */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The product's photos: uploaded in place by drag and drop (the media screen's drop zone) or
 * picked from the media library; shown as thumbnails in order (the first is the main image),
 * reordered by dragging a card or by its arrows, each with its alt text per language.
 */
export function PhotoList({
  photos,
  onChange,
  t,
}: {
  photos: EditorPhoto[];
  onChange(photos: EditorPhoto[]): void;
  t: ProductsTexts;
}) {
  const [dragged, setDragged] = useState<number | undefined>();
  const add = (added: EditorPhoto[]) =>
    onChange([...photos, ...added.filter((a) => !photos.some((p) => p.fileId === a.fileId))]);
  const pick = async (id: string | undefined) => {
    if (!id) return;
    try {
      add([asPhoto(await api<MediaFile>(`/api/file-storage/files/${id}`))]);
    } catch (error) {
      notifyError(error);
    }
  };
  const setAlt = (index: number, language: string, value: string) =>
    onChange(photos.map((p, i) => (i === index ? { ...p, alt: { ...p.alt, [language]: value } } : p)));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.photosHelp}
      </Text>
      <UploadDrop onUploaded={(files) => add(files.map(asPhoto))} />
      <FilePicker value={undefined} onChange={(id) => void pick(id)} label={t.addFromMedia} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="product-photos">
        {photos.map((photo, index) => (
          <Paper
            key={photo.fileId}
            withBorder
            p="sm"
            radius="md"
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={(event) => {
              if (dragged === undefined) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
            }}
            onDrop={(event) => {
              if (dragged === undefined) return;
              event.preventDefault();
              onChange(moved(photos, dragged, index));
              setDragged(undefined);
            }}
            onDragEnd={() => setDragged(undefined)}
            style={{ cursor: "grab", opacity: dragged === index ? 0.5 : 1 }}
            data-testid="product-photo"
            data-file-id={photo.fileId}
          >
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <FileThumb file={photo} size={96} language={t.language} />
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate title={photo.adminTitle}>
                    {photo.adminTitle}
                  </Text>
                  {index === 0 ? (
                    <Badge size="xs" variant="light" data-testid="photo-main">
                      {t.main}
                    </Badge>
                  ) : null}
                </Group>
                <Group gap={4}>
                  <Tooltip label={t.moveUp}>
                    <ActionIcon
                      variant="default"
                      size="sm"
                      aria-label={t.moveUp}
                      disabled={index === 0}
                      onClick={() => onChange(moved(photos, index, index - 1))}
                      data-testid="photo-up"
                    >
                      ↑
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t.moveDown}>
                    <ActionIcon
                      variant="default"
                      size="sm"
                      aria-label={t.moveDown}
                      disabled={index === photos.length - 1}
                      onClick={() => onChange(moved(photos, index, index + 1))}
                      data-testid="photo-down"
                    >
                      ↓
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t.remove}>
                    <ActionIcon
                      variant="default"
                      color="red"
                      size="sm"
                      aria-label={t.remove}
                      onClick={() => onChange(photos.filter((_, i) => i !== index))}
                      data-testid="photo-remove"
                    >
                      ×
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Stack>
            </Group>
            <Stack gap={4} mt="xs">
              {LANGUAGES.map((language) => (
                <TextInput
                  key={language}
                  size="xs"
                  label={`${t.alt} (${t.altIn(language)})`}
                  lang={language}
                  value={photo.alt[language] ?? ""}
                  onChange={(event) => setAlt(index, language, event.currentTarget.value)}
                  data-testid={`photo-alt-${language}`}
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
