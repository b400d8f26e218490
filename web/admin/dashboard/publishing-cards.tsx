import type { PublishingQueue, QueuedRecord } from "../../../common/admin/publishing-queue.js";
import { recordKind } from "../../../common/admin/record-kinds.js";
import { PAGE_MODEL, screenOf } from "../../../common/admin/record-screens.js";
import { textIn } from "../../../engine/admin/record-label.js";
import { momentText } from "../time/time-text.js";
import { CardLine, DashboardCard } from "./dashboard-card.js";
import { dashboardTexts, type DashboardTexts } from "./dashboard-texts.js";
import type { CardData } from "./use-card-data.js";

/** GET /api/admin/publishing (server/drafts/publishing-queue-route.ts): drafts and schedules in one answer. */
export const PUBLISHING = "/api/admin/publishing";

/** A page or product as its screen names it: its title in the admin's language, else its admin title. */
const nameOf = (record: QueuedRecord, t: DashboardTexts) =>
  textIn(record.title, t.language) || record.adminTitle || t.untitled;

/** The pages list when the person may edit pages (the composer's states), else the products. */
const screenFor = (queue: PublishingQueue | undefined) =>
  !queue || queue.models.includes(PAGE_MODEL) ? "/admin/pages" : "/admin/products";

/** Pages and products with changes visitors do not see yet, newest edit first. */
export function DraftsCard({ queue }: { queue: CardData<PublishingQueue> }) {
  const t = dashboardTexts();
  const drafts = queue.data?.drafts;
  return (
    <DashboardCard
      testId="dashboard-drafts"
      title={t.drafts}
      to={screenFor(queue.data)}
      status={queue.status}
      retry={queue.retry}
      count={t.draftsCount(drafts?.total ?? 0)}
      isEmpty={!drafts?.total}
      empty={t.draftsNone}
    >
      {drafts?.records.map((record) => (
        <CardLine
          key={`${record.model}#${record.id}`}
          to={screenOf(record.model, record.id)}
          label={nameOf(record, t)}
          detail={`${recordKind(record.model, t.language, record.model)} · ${t.states[record.state]}`}
        />
      ))}
    </DashboardCard>
  );
}

/** Pages and products with a time to go on or off the site, soonest first, in the admin's date format. */
export function ScheduledCard({ queue }: { queue: CardData<PublishingQueue> }) {
  const t = dashboardTexts();
  const scheduled = queue.data?.scheduled;
  return (
    <DashboardCard
      testId="dashboard-scheduled"
      title={t.scheduled}
      to={screenFor(queue.data)}
      status={queue.status}
      retry={queue.retry}
      count={t.scheduledCount(scheduled?.total ?? 0)}
      isEmpty={!scheduled?.total}
      empty={t.scheduledNone}
    >
      {scheduled?.records.map((record) => {
        const times = [
          record.publishAt && t.publishes(momentText(record.publishAt, t.language)),
          record.unpublishAt && t.unpublishes(momentText(record.unpublishAt, t.language)),
        ].filter(Boolean);
        return (
          <CardLine
            key={`${record.model}#${record.id}`}
            to={screenOf(record.model, record.id)}
            label={nameOf(record, t)}
            detail={`${recordKind(record.model, t.language, record.model)} · ${times.join(" · ")}`}
          />
        );
      })}
    </DashboardCard>
  );
}
