import { Box, Button, Divider, Group, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { relativeTime } from "../time/relative-time.js";
import { momentText } from "../time/time-text.js";
import { useNow } from "../time/use-now.js";
import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { activityTexts, type ActivityTexts } from "./activity-texts.js";
import { ChangeList } from "./change-list.js";
import { changeRows, type ChangeRow } from "./change-rows.js";
import { historyLine } from "./entry-words.js";
import { useAuditLog } from "./use-audit-log.js";

const PAGE = 5;

interface Props {
  model: AdminModel;
  recordId: string;
  /** Changes after each save of the form: the history is read again, the save on top. */
  refresh: unknown;
}

/**
 * A record's History under its form: its audit entries newest first ("Changed by
 * anna@example.com · 3 minutes ago" and the fields changed), Show more for older ones. The log is
 * for administrators: for anyone else the route answers 403, and the section shows nothing.
 */
export function RecordHistory({ model, recordId, refresh }: Props) {
  const t = activityTexts();
  const filters = useMemo(() => ({ model: model.id, record: recordId }), [model.id, recordId]);
  const log = useAuditLog(filters, PAGE, refresh);
  const now = useNow();
  if (log.status === "forbidden") return null;
  const fieldOf = (field: string) => model.fields.find((f) => f.name === field);
  return (
    <Stack gap="xs" data-testid="record-history">
      <Divider label={t.history} labelPosition="left" />
      {log.status === "failed" && (
        <Text size="sm" c="red" data-testid="record-history-error">
          {t.failed}
        </Text>
      )}
      {log.status === "ready" && log.entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {t.historyNone}
        </Text>
      )}
      {log.entries.map((entry) => (
        <HistoryEntry key={entry.id} entry={entry} rows={changeRows(entry, t, fieldOf)} now={now} t={t} />
      ))}
      {log.hasMore && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={log.loadMore}
            loading={log.loadingMore}
            data-testid="record-history-more"
          >
            {t.showMore}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One entry: who and when, the fields' titles, and their values before → after behind a toggle. */
function HistoryEntry({
  entry,
  rows,
  now,
  t,
}: {
  entry: AuditEntry;
  rows: ChangeRow[];
  now: number;
  t: ActivityTexts;
}) {
  const [open, setOpen] = useState(false);
  const at = String(entry.createdAt);
  return (
    <div data-testid="record-history-line" data-action={entry.action}>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {historyLine(entry, t)}
        <Text span c="dimmed" size="xs" title={momentText(at, t.language)}>
          {` · ${relativeTime(at, t.language, now)}`}
        </Text>
      </Text>
      {rows.length > 0 && (
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="record-history-fields">
            {rows.map((row) => row.label).join(", ")}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            data-testid="record-history-toggle"
          >
            {open ? t.hideChanges : t.showChanges(rows.length)}
          </Button>
        </Group>
      )}
      {open && (
        <Box pl="sm" mt={4} style={{ borderLeft: "2px solid var(--mantine-color-gray-3)" }}>
          <ChangeList rows={rows} t={t} />
        </Box>
      )}
    </div>
  );
}
