import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { positionOf } from "../../../../engine/query/keyset-after.js";
import { modelQueries, type ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { csvLine } from "../../../crud/transfer/csv.js";
import { isAdministrator } from "../../rbac/index.js";
import { defineRoute } from "../../route.js";
import {
  AUDIT_MODEL,
  AUDIT_PAGE_DEFAULT,
  auditConditions,
  csvQuery,
  listQuery,
  newestFirst,
  type AuditFilters,
} from "./audit-query.js";
import { labelled, type AuditRow } from "./audit-rows.js";

/** A CSV export reads the log this many entries at a time. */
const CSV_PAGE = 1000;

const CSV_COLUMNS: (keyof AuditRow)[] = [
  "createdAt",
  "who",
  "subjectId",
  "via",
  "apiKeyId",
  "address",
  "userAgent",
  "model",
  "modelTitle",
  "recordId",
  "action",
  "changes",
];

/**
 * GET /api/admin/audit and /api/admin/audit.csv (docs/audit.md): the log newest first, filtered by
 * who, model, record, action and time. Administrators only (the admin role itself, or the secret
 * key): the handler checks it, so a permission granted to another role does not open the log.
 */
export function registerAuditRoutes(app: FastifyInstance) {
  const repository = app.repositories.get(AUDIT_MODEL);
  if (!repository) return;
  const model = repository.model;
  const db = modelQueries(app.database.db, app.registry);
  const orderBy = newestFirst(model);

  const adminsOnly = async (request: FastifyRequest) => {
    const caller = request.caller;
    if (caller?.kind === "secret-key") return;
    if (caller?.kind === "subject" && (await isAdministrator(db, caller.subjectId))) return;
    throw new AppError(
      caller?.kind === "subject" ? "PERMISSION_ERROR" : "AUTHENTICATION_ERROR",
      "the audit log is for administrators only",
    );
  };

  defineRoute(
    app,
    {
      tag: "admin",
      method: "GET",
      url: "/api/admin/audit",
      query: listQuery,
      authorize: adminsOnly,
      summary:
        "The audit log, newest first: who (their email), how (via), from where, what (model and its title, record, action) and the changes, field: [before, after]; filters who, model, record, action, from, to; `next` pages on (`after`)",
    },
    async ({ query }) => {
      const limit = Number(query.limit ?? AUDIT_PAGE_DEFAULT);
      const after = query.after === undefined ? undefined : await app.listCursors.read(model, orderBy, query.after);
      const rows = await repository.list({ filters: auditConditions(model, query), orderBy, limit, offset: 0, after });
      const next = await app.listCursors.next(model, orderBy, limit, rows);
      const data = await labelled(app, db, rows);
      return next === undefined ? { data } : { data, next };
    },
  );

  defineRoute(
    app,
    {
      tag: "admin",
      method: "GET",
      url: "/api/admin/audit.csv",
      query: csvQuery,
      authorize: adminsOnly,
      summary: "The audit log as CSV, newest first, with the filters of GET /api/admin/audit (changes as JSON)",
    },
    async ({ query }, _request, reply) => {
      reply.header("content-disposition", 'attachment; filename="audit-log.csv"');
      reply.header("cache-control", "no-store");
      reply.type("text/csv; charset=utf-8");
      return reply.send(Readable.from(csvText(app, db, repository, query)));
    },
  );
}

/** The CSV, a page of entries at a time along the list's own order, so memory does not grow with the log. */
async function* csvText(
  app: FastifyInstance,
  db: ModelQueries,
  repository: Repository,
  filters: AuditFilters,
): AsyncGenerator<string> {
  const model = repository.model;
  const orderBy = newestFirst(model);
  const conditions = auditConditions(model, filters);
  yield csvLine(CSV_COLUMNS);
  let after: unknown[] | undefined;
  for (;;) {
    const page = await repository.list({ filters: conditions, orderBy, limit: CSV_PAGE, offset: 0, after });
    for (const row of await labelled(app, db, page)) yield csvLine(CSV_COLUMNS.map((column) => cellOf(row[column])));
    if (page.length < CSV_PAGE) return;
    after = positionOf(model, orderBy, page.at(-1)!);
  }
}

function cellOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return typeof value === "string" ? value : JSON.stringify(value);
}
