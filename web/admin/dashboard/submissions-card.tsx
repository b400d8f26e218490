import { api } from "../../api/client.js";
import { fetchLabels } from "../data/record-labels.js";
import { relativeTime } from "../time/relative-time.js";
import { momentText } from "../time/time-text.js";
import { useNow } from "../time/use-now.js";
import { CardLine, DashboardCard } from "./dashboard-card.js";
import { dashboardTexts } from "./dashboard-texts.js";
import { useCardData } from "./use-card-data.js";

/** A submission's link to its form (schemas/crm/forms-to-requests.json), made when the visitor sends it. */
const LINKS = "/api/crm/forms-to-requests";
const SHOWN = 5;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface Submission {
  id: string;
  formId: string;
  createdAt: string;
}

/** The last 7 days' submissions: the newest few with their forms' names, and how many: three requests. */
async function newSubmissions(since: string, signal: AbortSignal) {
  const recent = {
    "filters[and][0][column]": "createdAt",
    "filters[and][0][method]": "gte",
    "filters[and][0][value]": since,
  };
  const newestFirst = { "orderBy[and][0][column]": "createdAt", "orderBy[and][0][method]": "desc" };
  const [rows, count] = await Promise.all([
    api<Submission[]>(LINKS, { query: { ...recent, ...newestFirst, limit: SHOWN }, signal }),
    api<number>(`${LINKS}/count`, { query: recent, signal }),
  ]);
  // A form's name is a label like any record's; without one the line still says "A form".
  const forms = await fetchLabels(
    "crm/forms",
    rows.map((row) => row.formId),
    signal,
  ).catch(() => new Map<string, { label: string }>());
  return { rows, count, forms };
}

/**
 * Forms sent on the site lately: how many in the last 7 days, the newest few by their form's name
 * and when, each opening that form's submissions (/admin/forms/{id}). Read through the generic
 * routes of the submissions' links to their forms: for a person who may not read them the server
 * answers 403 and the card is not shown.
 */
export function SubmissionsCard() {
  const t = dashboardTexts();
  const now = useNow();
  const submissions = useCardData((signal) => newSubmissions(new Date(Date.now() - WEEK_MS).toISOString(), signal));
  const data = submissions.data;
  return (
    <DashboardCard
      testId="dashboard-submissions"
      title={t.submissions}
      to="/admin/crm/forms"
      status={submissions.status}
      retry={submissions.retry}
      count={t.submissionsCount(data?.count ?? 0)}
      isEmpty={!data?.count}
      empty={t.submissionsNone}
    >
      {data?.rows.map((row) => (
        <CardLine
          key={row.id}
          to={`/admin/forms/${row.formId}`}
          label={data.forms.get(row.formId)?.label ?? t.unnamedForm}
          detail={
            <time dateTime={row.createdAt} title={momentText(row.createdAt, t.language)}>
              {relativeTime(row.createdAt, t.language, now)}
            </time>
          }
        />
      ))}
    </DashboardCard>
  );
}
