import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { Language } from "../../../common/site/page-data.js";
import { text } from "../../../common/i18n/text.js";

/** A form's input as a column of its submissions: the submitted field's name (the input's slug) and its label. */
export interface FormColumn {
  slug: string;
  label: string;
}

/** The form's inputs in their order, labelled in `language` (its label, else its title, admin title or slug). */
export async function formColumns(db: ModelQueries, formId: string, language: Language): Promise<FormColumn[]> {
  const inputs = await db
    .selectFrom("crm/forms-to-inputs as fi")
    .innerJoin("crm/inputs as i", "i.id", "fi.inputId")
    .select(["i.slug", "i.label", "i.title", "i.adminTitle"])
    .where("fi.formId", "=", formId)
    .orderBy("fi.orderIndex")
    .orderBy("fi.createdAt")
    .execute();
  return inputs.map((i) => ({
    slug: i.slug,
    label: text(i.label, language) || text(i.title, language) || i.adminTitle || i.slug,
  }));
}

/** A submitted value as a person reads it: texts as they are, lists joined, anything else as JSON; nothing is empty. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * The columns a set of submissions shows: the form's inputs, then any submitted field no input
 * names (an input removed since, a field the visitor's client added), under its own name.
 */
export function columnsFor(inputs: FormColumn[], payloads: Record<string, unknown>[]): FormColumn[] {
  const known = new Set(inputs.map((i) => i.slug));
  const extra = [...new Set(payloads.flatMap((p) => Object.keys(p)))].filter((key) => !known.has(key));
  return [...inputs, ...extra.map((slug) => ({ slug, label: slug }))];
}
