import { Button, FileButton, Group, Loader, Paper, Text } from "@mantine/core";
import { useState, type DragEvent, type ReactNode } from "react";
import { notifyError, notifySuccess } from "../notify.js";
import { uploadFile, type MediaFile } from "./media-api.js";
import { mediaTexts } from "./media-texts.js";

/**
 * Upload by drag and drop, or by a 'Choose files' button for keyboard users: each file becomes a
 * file record (one upload at a time, in the order given), then `onUploaded` gets the new records.
 * Used by the media screen and the file picker (and the product editor's photos).
 */
export function UploadDrop({
  onUploaded,
  multiple = true,
  children,
}: {
  onUploaded(files: MediaFile[]): void;
  multiple?: boolean;
  children?: ReactNode;
}) {
  const t = mediaTexts();
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(0);
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(files.length);
    const done: MediaFile[] = [];
    try {
      for (const file of files) done.push(await uploadFile(file));
      notifySuccess(t.uploaded(done.length));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(0);
      if (done.length) onUploaded(done);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    void upload(multiple ? files : files.slice(0, 1));
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="upload-drop"
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: "dashed",
        borderWidth: 2,
        borderColor: over ? "var(--mantine-color-indigo-5)" : undefined,
        background: over ? "var(--mantine-color-indigo-0)" : undefined,
      }}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {busy ? <Loader size="sm" /> : null}
          <Text size="sm" c="dimmed">
            {busy ? t.uploading(busy) : t.dropHere}
          </Text>
        </Group>
        <Group gap="sm">
          {children}
          <FileButton
            multiple={multiple}
            onChange={(picked: File[] | File | null) => void upload(picked ? [picked].flat() : [])}
          >
            {(props) => (
              <Button variant="default" size="xs" {...props} disabled={busy > 0} data-testid="upload-choose">
                {t.chooseFiles}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
    </Paper>
  );
}
