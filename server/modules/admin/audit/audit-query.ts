import { AUDIT_MODEL } from "../../../../engine/audit/audit-trail.js";
import { condition, type Condition, type Order } from "../../../../engine/query/list-query.js";
import type { Model } from "../../../../engine/schema/model.js";
import { inputSchema, UUID } from "../../input.js";

/** The filters both audit routes take (docs/audit.md "Reading the log"). */
export interface AuditFilters {
  /** The subject who made the change (subjectId). */
  who?: string;
  model?: string;
  /** The record's id. */
  record?: string;
  action?: string;
  /** From this moment on (inclusive), an ISO date-time. */
  from?: string;
  /** Up to this moment (inclusive). */
  to?: string;
}

const TEXT = { type: "string", minLength: 1, maxLength: 200 };
const MOMENT = { type: "string", format: "date-time", "x-message": "must be an ISO date-time (2030-01-31T09:00:00Z)" };
const FILTERS = { who: UUID, model: TEXT, record: TEXT, action: TEXT, from: MOMENT, to: MOMENT };

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 500;

export const listQuery = inputSchema<AuditFilters & { limit?: string; after?: string }>({
  properties: {
    ...FILTERS,
    limit: {
      type: "string",
      pattern: "^([1-9][0-9]?|[1-4][0-9]{2}|500)$",
      "x-message": `must be a whole number from 1 to ${AUDIT_PAGE_MAX}`,
    },
    after: { type: "string", minLength: 1, maxLength: 4096 },
  },
});

export const csvQuery = inputSchema<AuditFilters>({ properties: FILTERS });

/** The list's conditions for the filters given: each an equality, the time a range. */
export function auditConditions(model: Model, filters: AuditFilters): Condition[] {
  const column = (name: string) => {
    const field = model.fieldMap.get(name)!;
    return { field, kind: field.kind };
  };
  const conditions: Condition[] = [];
  const equal: [keyof AuditFilters, string][] = [
    ["who", "subjectId"],
    ["model", "model"],
    ["record", "recordId"],
    ["action", "action"],
  ];
  for (const [filter, name] of equal)
    if (filters[filter] !== undefined) conditions.push(condition(column(name), "eq", filters[filter]));
  if (filters.from !== undefined) conditions.push(condition(column("createdAt"), "gte", filters.from));
  if (filters.to !== undefined) conditions.push(condition(column("createdAt"), "lte", filters.to));
  return conditions;
}

/** Newest first; the id breaks ties (the list's full order, which its cursors follow). */
export function newestFirst(model: Model): Order[] {
  const createdAt = model.fieldMap.get("createdAt")!;
  return [{ field: createdAt, kind: createdAt.kind, direction: "desc" }];
}

export { AUDIT_MODEL };
