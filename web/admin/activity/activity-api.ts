import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { api, withQuery } from "../../api/client.js";

/** The log's filters (docs/audit.md "Reading the log"): `who` is a subject's id, `from`/`to` ISO date-times. */
export interface AuditFilters {
  who?: string;
  model?: string;
  record?: string;
  action?: string;
  from?: string;
  to?: string;
}

export interface AuditPage {
  data: AuditEntry[];
  /** The cursor of the page after this one, when there may be one. */
  next?: string;
}

const ROUTE = "/api/admin/audit";

/** One page of the log, newest first; `after` is the page before's `next`. */
export const fetchAuditPage = (filters: AuditFilters, limit: number, after?: string, signal?: AbortSignal) =>
  api<AuditPage>(ROUTE, { query: { ...filters, limit, after }, envelope: true, signal });

/**
 * The CSV of every entry under the filters: a plain link the browser downloads, sent with the
 * session's cookie as the tables' exports are (web/admin/table/transfer-buttons.tsx).
 */
export const auditCsvUrl = (filters: AuditFilters) => withQuery(`${ROUTE}.csv`, { ...filters });
