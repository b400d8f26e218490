import type { PublishingQueue, QueuedRecord } from "../../../common/admin/publishing-queue.js";
import { recordKind } from "../../../common/admin/record-kinds.js";
import { PAGE_MODEL, screenOf } from "../../../common/admin/record-screens.js";
import { textIn } from "../../../engine/admin/record-label.js";
import { momentText } from "../time/time-text.js";
import { useModels } from "../data/models-context.js";
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

/**
 * One of the publishing queue's lists as a card: its total in words, then each record by name,
 * linking to its screen, with its kind and `detail` (its state, or its times).
 */
function QueueCard<T extends QueuedRecord>(props: {
  queue: CardData<PublishingQueue>;
  list: { total: number; records: T[] } | undefined;
  testId: string;
  title: string;
  count(total: number): string;
  none: string;
  detail(record: T, t: DashboardTexts): string;
}) {
  const t = dashboardTexts();
  const { byId } = useModels();
  const { queue, list } = props;
  return (
    <DashboardCard
      testId={props.testId}
      title={props.title}
      to={screenFor(queue.data)}
      status={queue.status}
      retry={queue.retry}
      count={props.count(list?.total ?? 0)}
      isEmpty={!list?.total}
      empty={props.none}
    >
      {list?.records.map((record) => (
        <CardLine
          key={`${record.model}#${record.id}`}
          to={screenOf(record.model, record.id)}
          label={nameOf(record, t)}
          detail={`${recordKind(record.model, t.language, byId.get(record.model)?.title ?? record.model)} · ${props.detail(record, t)}`}
        />
      ))}
    </DashboardCard>
  );
}

/** Pages and products with changes visitors do not see yet, newest edit first. */
export function DraftsCard({ queue }: { queue: CardData<PublishingQueue> }) {
  const t = dashboardTexts();
  return (
    <QueueCard
      queue={queue}
      list={queue.data?.drafts}
      testId="dashboard-drafts"
      title={t.drafts}
      count={t.draftsCount}
      none={t.draftsNone}
      detail={(record) => t.states[record.state]}
    />
  );
}

/** Pages and products with a time to go on or off the site, soonest first, in the admin's date format. */
export function ScheduledCard({ queue }: { queue: CardData<PublishingQueue> }) {
  const t = dashboardTexts();
  return (
    <QueueCard
      queue={queue}
      list={queue.data?.scheduled}
      testId="dashboard-scheduled"
      title={t.scheduled}
      count={t.scheduledCount}
      none={t.scheduledNone}
      detail={(record) =>
        [
          record.publishAt && t.publishes(momentText(record.publishAt, t.language)),
          record.unpublishAt && t.unpublishes(momentText(record.unpublishAt, t.language)),
        ]
          .filter(Boolean)
          .join(" · ")
      }
    />
  );
}
