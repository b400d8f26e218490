import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import type { RecordRef } from "./live-connection.js";
import { liveTexts } from "./live-texts.js";
import { useLiveRecord } from "./use-live-record.js";

interface Props {
  model: string;
  id: string | undefined;
  /** Records this screen also edits (the composer's chosen block): their saves by others are told too. */
  watch?: RecordRef[];
  /** Shows the other version; without it the notice only tells. */
  onReload?(): void;
  /**
   * Which saves by others are told here: of the record and the watched ones (true), only of the
   * watched ones ("watched"), or none (false, the default: a screen whose own calls besides its
   * saves — publish, restore, a block duplicated — move the record's state would take them for
   * someone else's; own-saves.ts knows only the saves).
   */
  announceChanges?: boolean | "watched";
}

/**
 * Who else has this record open (other admins' tabs, live), and a notice when someone else saved
 * it (or a watched record) meanwhile. Nothing shows while the editor is alone and nothing changed.
 */
export function LivePresence({ model, id, watch, onReload, announceChanges = false }: Props) {
  const t = liveTexts();
  const live = useLiveRecord(id ? { model, id } : undefined, watch);
  const names = live.people.map((p) => (p.subjectId === live.self ? t.you : (p.email ?? t.someone)));
  const recordChanged =
    live.changed && id !== undefined && live.changed.record.model === model && live.changed.record.id === id;
  const changed =
    announceChanges === true || (announceChanges === "watched" && !recordChanged) ? live.changed : undefined;
  if (names.length === 0 && !changed) return null;
  return (
    <Stack gap={6} data-testid="live-presence">
      {names.length > 0 ? (
        <Group gap={6} aria-live="polite">
          <Text size="xs" c="dimmed">
            {t.alsoHere}
          </Text>
          {names.map((name, i) => (
            <Badge key={`${name}-${i}`} size="sm" variant="light" color="grape" tt="none" data-testid="live-person">
              {name}
            </Badge>
          ))}
        </Group>
      ) : null}
      {changed ? (
        <Alert
          color="yellow"
          p="xs"
          title={
            <Text size="sm" fw={700} c="dark">
              {t.changedTitle}
            </Text>
          }
          withCloseButton
          closeButtonLabel={t.close}
          onClose={live.dismiss}
          data-testid="live-changed"
        >
          <Group gap="xs" justify="space-between">
            <Text size="xs">{t.changedText}</Text>
            {onReload ? (
              <Button
                size="compact-xs"
                variant="light"
                color="yellow"
                onClick={() => {
                  live.dismiss();
                  onReload();
                }}
              >
                {t.changedReload}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
