import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useNow } from "../time/use-now.js";
import { ActivityFilters } from "./activity-filters.js";
import { auditFiltersOf, type ChosenFilters } from "./chosen-filters.js";
import { auditCsvUrl } from "./activity-api.js";
import { ActivityLine } from "./activity-line.js";
import { activityTexts } from "./activity-texts.js";
import { useAuditLog } from "./use-audit-log.js";
import { useEntryLabels } from "./use-entry-labels.js";

const PAGE = 25;

/**
 * /admin/activity (docs/admin.md "Activity"): the audit log in words, newest first — who changed
 * which record, how they were signed in and from where, the fields before and after — filtered by
 * person, kind of record, action and dates, Load more along the server's cursor, and Export CSV of
 * everything the filters match.
 */
export function ActivityPage() {
  const t = activityTexts();
  // A model's table links here with its model chosen (?model=blog/articles).
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<ChosenFilters>(() => ({ model: params.get("model") ?? undefined }));
  const filters = useMemo(() => auditFiltersOf(chosen), [chosen]);
  const log = useAuditLog(filters, PAGE);
  const labels = useEntryLabels(log.entries);
  const now = useNow();
  const filtered = Object.keys(filters).length > 0;
  return (
    <Stack gap="md" maw={960} data-testid="activity-page">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2}>{t.activity}</Title>
          <Text size="sm" c="dimmed">
            {t.help}
          </Text>
        </div>
        <Button component="a" variant="default" href={auditCsvUrl(filters)} download data-testid="activity-export">
          {t.exportCsv}
        </Button>
      </Group>
      <ActivityFilters value={chosen} onChange={setChosen} t={t} />
      {log.status === "loading" && (
        <Center p="xl">
          <Loader aria-label={t.loading} />
        </Center>
      )}
      {(log.status === "failed" || log.status === "forbidden") && (
        <Alert color="red" title={t.failed} data-testid="activity-error">
          <Text size="sm" mb="sm" style={{ overflowWrap: "anywhere" }}>
            {log.error}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={log.retry}>
            {t.retry}
          </Button>
        </Alert>
      )}
      {log.status === "ready" && log.entries.length === 0 && (
        <Text c="dimmed" data-testid="activity-empty">
          {filtered ? t.empty : t.emptyAll}
        </Text>
      )}
      {log.status === "ready" && (
        <Stack gap="xs" data-testid="activity-list">
          {log.entries.map((entry) => (
            <ActivityLine key={entry.id} entry={entry} labels={labels} now={now} t={t} />
          ))}
        </Stack>
      )}
      {log.status === "ready" && log.hasMore && (
        <Center>
          <Button variant="default" onClick={log.loadMore} loading={log.loadingMore} data-testid="activity-more">
            {t.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
