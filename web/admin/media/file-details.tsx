import { Anchor, Button, Divider, Group, List, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { resizedUrl } from "../../../common/file-url.js";
import { altText } from "../../ui/file-view.js";
import { safeHref } from "../../ui/safe-href.js";
import { notifyError, notifySuccess } from "../notify.js";
import { AltTextForm } from "./alt-text-form.js";
import { FileFacts } from "./file-facts.js";
import { useFileUses } from "./file-uses.js";
import { deleteFile, type FileUse, type MediaFile } from "./media-api.js";
import type { MediaTexts } from "./media-texts.js";
import { FileThumb } from "./file-thumb.js";

function UsesList({ uses, t }: { uses: FileUse[] | undefined; t: MediaTexts }) {
  if (!uses) return <Loader size="xs" />;
  if (uses.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t.notUsed}
      </Text>
    );
  return (
    <List size="sm" spacing={4} data-testid="file-uses">
      {uses.map((use) => (
        <List.Item key={`${use.model}:${use.id}`} data-use={use.model}>
          <Text span c="dimmed" size="sm">
            {use.modelTitle}:{" "}
          </Text>
          <Anchor component={Link} to={`/admin/${use.model}?id=${use.id}`} size="sm">
            {use.label}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * One file's panel on the media screen: a preview, what was read from the file, its alt text per
 * language, where it is used, and Delete (the confirmation names the file and where it is used).
 */
export function FileDetails({
  file,
  t,
  onChanged,
  onDeleted,
}: {
  file: MediaFile;
  t: MediaTexts;
  onChanged(file: MediaFile): void;
  onDeleted(file: MediaFile): void;
}) {
  const uses = useFileUses(file.id, t.language);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const image = String(file.mimeType ?? "").startsWith("image/");
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteFile(file.id);
      notifySuccess(t.deleted(file.adminTitle));
      setConfirming(false);
      onDeleted(file);
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Stack gap="md" data-testid="file-details">
      {image ? (
        <img
          src={resizedUrl(file as unknown as Record<string, unknown>, 640)}
          alt={altText(file.alt, t.language) ?? ""}
          style={{
            width: "100%",
            maxHeight: 320,
            objectFit: "contain",
            background: "var(--mantine-color-gray-1)",
            borderRadius: 8,
          }}
        />
      ) : (
        <FileThumb file={file} size={96} language={t.language} />
      )}
      <div>
        <Title order={4} style={{ wordBreak: "break-word" }} data-testid="file-name">
          {file.adminTitle}
        </Title>
        <Anchor href={safeHref(file.file)} target="_blank" rel="noreferrer" size="sm">
          {t.open}
        </Anchor>
      </div>
      <FileFacts file={file} t={t} />
      <Divider />
      <AltTextForm key={file.id} file={file} t={t} onSaved={onChanged} />
      <Divider />
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t.whereUsed}
        </Text>
        <UsesList uses={uses} t={t} />
      </div>
      <Divider />
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="file-delete">
          {t.delete}
        </Button>
      </Group>
      {confirming ? (
        <Modal opened onClose={() => setConfirming(false)} title={t.deleteTitle} centered>
          <Stack gap="sm" data-testid="delete-confirm">
            <Text size="sm">{t.deleteText(file.adminTitle)}</Text>
            {uses && uses.length > 0 ? (
              <>
                <Text size="sm" c="red" fw={500}>
                  {t.deleteUsed(uses.length)}
                </Text>
                <UsesList uses={uses} t={t} />
              </>
            ) : null}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t.cancel}
              </Button>
              <Button color="red" onClick={remove} loading={deleting} data-testid="delete-confirm-button">
                {t.delete}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
