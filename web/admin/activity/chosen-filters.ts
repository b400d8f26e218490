import type { Person } from "./people-search.js";
import type { AuditFilters } from "./activity-api.js";

/** The screen's filters as chosen: the person by email, days as the date inputs give them (yyyy-mm-dd). */
export interface ChosenFilters {
  person?: Person;
  model?: string;
  action?: string;
  fromDay?: string;
  toDay?: string;
}

/** The route's filters for the chosen ones: a day runs from its first to its last moment in the browser's time zone. */
export function auditFiltersOf(chosen: ChosenFilters): AuditFilters {
  const filters: AuditFilters = {};
  if (chosen.person) filters.who = chosen.person.subjectId;
  if (chosen.model) filters.model = chosen.model;
  if (chosen.action) filters.action = chosen.action;
  if (chosen.fromDay) filters.from = new Date(`${chosen.fromDay}T00:00:00`).toISOString();
  if (chosen.toDay) filters.to = new Date(`${chosen.toDay}T23:59:59.999`).toISOString();
  return filters;
}
