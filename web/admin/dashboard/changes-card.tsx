import { useMemo } from "react";
import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { screenOf } from "../../../common/admin/record-screens.js";
import { activityTexts } from "../activity/activity-texts.js";
import { entryRecord, recordKey } from "../activity/entry-record.js";
import { entrySentence } from "../activity/entry-words.js";
import { useAuditLog } from "../activity/use-audit-log.js";
import { useEntryLabels } from "../activity/use-entry-labels.js";
import { useModels } from "../data/models-context.js";
import { relativeTime } from "../time/relative-time.js";
import { momentText } from "../time/time-text.js";
import { useNow } from "../time/use-now.js";
import { CardLine, DashboardCard } from "./dashboard-card.js";
import { dashboardTexts } from "./dashboard-texts.js";

/** Entries read to find the last day's changes among sign-ins: the newest this many. */
const READ = 50;
const SHOWN = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries that change no record: a sign-in, a failed one, the first administrator's setup. */
const NOT_CHANGES = new Set(["sign-in", "sign-in-failed", "first-admin-setup"]);

const isChange = (entry: AuditEntry) => Boolean(entry.model) && !NOT_CHANGES.has(entry.action);

/**
 * The audit log's newest changes in the Activity screen's words (web/admin/activity/): who changed
 * what, "3 minutes ago"; each opens its record while it exists. The log is for administrators
 * (docs/audit.md): for anyone else the route answers 403 and the card is not shown.
 */
export function ChangesCard() {
  const t = dashboardTexts();
  const words = activityTexts();
  const filters = useMemo(() => ({}), []);
  const log = useAuditLog(filters, READ);
  const now = useNow();
  const { byId } = useModels();
  const changes = log.entries.filter(isChange);
  const shown = changes.slice(0, SHOWN);
  const labels = useEntryLabels(shown);
  const lastDay = changes.filter((entry) => now - new Date(entry.createdAt).getTime() < DAY_MS);
  // Every entry read is of the last day and the log has more: there are more than counted.
  const more = log.hasMore && lastDay.length > 0 && lastDay.length === changes.length;
  return (
    <DashboardCard
      testId="dashboard-changes"
      title={t.changes}
      to="/admin/activity"
      status={log.status}
      retry={log.retry}
      count={t.changesCount(lastDay.length, more)}
      isEmpty={shown.length === 0}
      empty={t.changesNone}
    >
      {shown.map((entry) => {
        const model = entry.model ? byId.get(entry.model) : undefined;
        const record = entryRecord(entry, labels, words.language, model);
        // Labelled by the server: the record is there to open (a deleted one has no label).
        const exists = Boolean(model && entry.recordId && labels.has(recordKey(model.id, entry.recordId)));
        const at = String(entry.createdAt);
        return (
          <CardLine
            key={entry.id}
            to={exists ? screenOf(model!.id, entry.recordId!) : "/admin/activity"}
            label={entrySentence(entry, words, record)}
            detail={
              <time dateTime={at} title={momentText(at, words.language)}>
                {relativeTime(at, words.language, now)}
              </time>
            }
          />
        );
      })}
    </DashboardCard>
  );
}
