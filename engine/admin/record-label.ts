import { DEFAULT_LANGUAGE } from "../schema/languages.js";

type Row = Record<string, unknown>;

/** What a person calls the record, in the order they would recognise it. */
const NAMING = ["title", "adminTitle", "name", "email", "slug", "uid", "url", "sku", "label", "string"];

/** A language map's text in `language`, else the default language's, else any it has. */
export function textIn(value: unknown, language: string): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const map = value as Record<string, unknown>;
  const pick = [map[language], map[DEFAULT_LANGUAGE], ...Object.values(map)].find(
    (v) => typeof v === "string" && v.trim(),
  );
  return typeof pick === "string" ? pick.trim() : undefined;
}

/**
 * A record's name as a person reads it, from its own fields: its title in `language`, its admin
 * title, a name, an email, a slug… — then the model's title and the id's first characters
 * ("Attribute 1a2b3c4d"), never a bare uuid nor a variant's "default". Records made before admin
 * titles were generated (adminTitle null) are named by the same rule. The admin's server-side
 * labeller (server/modules/admin/record-labels.ts) adds what needs other records: a price's
 * currency, an order's customer and total, a relation's two ends.
 */
export function plainLabel(
  model: { title: string; labelField?: string },
  row: Row | undefined,
  language: string = DEFAULT_LANGUAGE,
): string {
  if (!row) return "";
  // The naming field first, as the table's first column shows it (the row one clicked Delete on
  // reads the same in the dialog), then the title and the rest for rows that lack it.
  const fields = model.labelField && model.labelField !== "id" ? [model.labelField, ...NAMING] : NAMING;
  for (const name of fields) {
    const text = textIn(row[name], language);
    if (text) return text;
  }
  const id = typeof row.id === "string" ? row.id : "";
  return id ? `${model.title} ${id.slice(0, 8)}` : model.title;
}
