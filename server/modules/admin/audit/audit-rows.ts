import type { FastifyInstance } from "fastify";
import { subjectEmails } from "../../rbac/index.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { AuditEntry } from "../../../../common/admin/audit-entry.js";

/** An entry as the routes answer it: its row, who as a person reads it (an email) and the model's title. */
export type AuditRow = AuditEntry;

/** The entries with their labels: one query for the page's subjects' emails, the titles from the registry. */
export async function labelled(
  app: FastifyInstance,
  db: ModelQueries,
  rows: Record<string, unknown>[],
): Promise<AuditRow[]> {
  const subjects = [...new Set(rows.map((r) => r.subjectId).filter((id): id is string => typeof id === "string"))];
  const emails = await subjectEmails(db, subjects);
  return rows.map((r) => {
    const model = typeof r.model === "string" ? r.model : null;
    const known = model ? app.registry.models.find((m) => m.id === model) : undefined;
    return {
      id: r.id as string,
      createdAt: r.createdAt as Date,
      subjectId: (r.subjectId as string | null) ?? null,
      who: typeof r.subjectId === "string" ? (emails.get(r.subjectId) ?? null) : null,
      via: r.via as string,
      apiKeyId: (r.apiKeyId as string | null) ?? null,
      address: (r.address as string | null) ?? null,
      userAgent: (r.userAgent as string | null) ?? null,
      model,
      modelTitle: known?.title ?? null,
      recordId: (r.recordId as string | null) ?? null,
      action: r.action as string,
      changes: (r.changes as Record<string, unknown> | null) ?? null,
    };
  });
}
