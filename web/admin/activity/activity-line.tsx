import { Anchor, Box, Button, Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { screenOf } from "../../../common/admin/record-screens.js";
import { useModels } from "../data/models-context.js";
import { relativeTime } from "../time/relative-time.js";
import { momentText } from "../time/time-text.js";
import type { ActivityTexts } from "./activity-texts.js";
import { ChangeList } from "./change-list.js";
import { changeRows } from "./change-rows.js";
import { entryRecord, recordKey } from "./entry-record.js";
import { entrySentence, viaText } from "./entry-words.js";

interface Props {
  entry: AuditEntry;
  /** The page's record labels (use-entry-labels.ts). */
  labels: ReadonlyMap<string, string>;
  now: number;
  t: ActivityTexts;
}

/**
 * One entry as a card: the sentence, when (relative; the date and time on hover), how and from
 * where, Open for a record that still exists, and its changed fields behind a toggle.
 */
export function ActivityLine({ entry, labels, now, t }: Props) {
  const [open, setOpen] = useState(false);
  const { byId } = useModels();
  const model = entry.model ? byId.get(entry.model) : undefined;
  const record = entryRecord(entry, labels, t.language, model);
  const rows = changeRows(entry, t, (field) => model?.fields.find((f) => f.name === field));
  const at = String(entry.createdAt);
  // Labelled by the server: the record is there to open (a deleted one has no label).
  const exists = Boolean(model && entry.recordId && labels.has(recordKey(model.id, entry.recordId)));
  return (
    <Paper withBorder p="sm" radius="md" data-testid="activity-line" data-action={entry.action}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Text
          size="sm"
          fw={500}
          style={{ flex: "1 1 16rem", overflowWrap: "anywhere" }}
          data-testid="activity-sentence"
        >
          {entrySentence(entry, t, record)}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={at} title={momentText(at, t.language)}>
          {relativeTime(at, t.language, now)}
        </Text>
      </Group>
      <Text
        size="xs"
        c="dimmed"
        title={entry.userAgent ?? undefined}
        style={{ overflowWrap: "anywhere" }}
        data-testid="activity-via"
      >
        {viaText(entry, t)}
      </Text>
      {(rows.length > 0 || exists) && (
        <Group gap="xs" mt={4}>
          {rows.length > 0 && (
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              data-testid="activity-toggle"
            >
              {open ? t.hideChanges : t.showChanges(rows.length)}
            </Button>
          )}
          {exists && (
            <Anchor component={Link} to={screenOf(model!.id, entry.recordId!)} size="xs" data-testid="activity-open">
              {t.open}
            </Anchor>
          )}
        </Group>
      )}
      {open && (
        <Box pl="sm" mt={4} style={{ borderLeft: "2px solid var(--mantine-color-gray-3)" }}>
          <ChangeList rows={rows} t={t} />
        </Box>
      )}
    </Paper>
  );
}
