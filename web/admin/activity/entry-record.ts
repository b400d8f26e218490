import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { recordKind } from "../../../common/admin/record-kinds.js";
import { plainLabel } from "../../../engine/admin/record-label.js";

/** The record a line names, as a person reads it: its kind ("Article") and its label ("Summer sale"). */
export interface EntryRecord {
  kind: string;
  label: string;
}

/** The key of an entry's record among the labels fetched for a page of entries. */
export const recordKey = (model: string, id: string) => `${model}#${id}`;

/**
 * The record as its entry knew it: each changed field's value after the change, or before it for a
 * delete (whose afters are null). A deleted record has no label on the server any more, and is
 * named from this.
 */
export function recordAsChanged(entry: AuditEntry): Record<string, unknown> {
  const row: Record<string, unknown> = { id: entry.recordId };
  for (const [field, pair] of Object.entries(entry.changes ?? {})) {
    if (!Array.isArray(pair)) continue;
    const [before, after] = pair as [unknown, unknown];
    row[field] = after ?? before;
  }
  return row;
}

/**
 * Kind and label of an entry's record: the kind in the admin's words (common/admin/record-kinds.ts),
 * else the model's title (the admin's `model`, in its language; else the entry's English one); the
 * label the server's labeller gave (`labels`), else one from the entry's own changes by the same
 * rule, else the kind and the id's first characters — never a bare id. `model`: its title and
 * naming field, when the admin knows the model.
 */
export function entryRecord(
  entry: AuditEntry,
  labels: ReadonlyMap<string, string>,
  language: string,
  model?: { title: string; labelField: string },
): EntryRecord | undefined {
  if (!entry.model) return undefined;
  const kind = recordKind(entry.model, language, model?.title ?? entry.modelTitle ?? entry.model);
  const known = entry.recordId ? labels.get(recordKey(entry.model, entry.recordId)) : undefined;
  const label = known ?? plainLabel({ title: kind, labelField: model?.labelField }, recordAsChanged(entry), language);
  return { kind, label };
}
