import type { AdminModel } from "../../../engine/admin/admin-model.js";

type Row = Record<string, unknown>;

/** A field a screen edits, as the conflict dialog names it. */
export interface ConflictField {
  name: string;
  label: string;
  /** A language map ({ en, ru }): compared, and shown, one language at a time. */
  languages?: readonly string[];
}

/** One line of the conflict dialog: a field (in one language) where their version and mine differ. */
export interface ConflictRow {
  key: string;
  label: string;
  language?: string;
  theirs: string;
  mine: string;
}

/** A value as the dialog shows it: text as it is, nothing as empty, anything else as JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

const mapOf = (value: unknown): Row =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Row) : {};

/**
 * Where the record as someone else saved it (`theirs`, the 412's `data`) and the editor's unsaved
 * version (`mine`) differ, field by field and, for a language map, language by language. Fields
 * `mine` does not hold are not the screen's to compare.
 */
export function conflictRows(fields: ConflictField[], mine: Row, theirs: Row): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const field of fields) {
    if (!(field.name in mine)) continue;
    if (field.languages) {
      const a = mapOf(theirs[field.name]);
      const b = mapOf(mine[field.name]);
      const languages = [...new Set([...field.languages, ...Object.keys(a), ...Object.keys(b)])];
      for (const language of languages) {
        const [t, m] = [shownValue(a[language]), shownValue(b[language])];
        if (t !== m) rows.push({ key: `${field.name}.${language}`, label: field.label, language, theirs: t, mine: m });
      }
      continue;
    }
    const [t, m] = [shownValue(theirs[field.name]), shownValue(mine[field.name])];
    if (t !== m) rows.push({ key: field.name, label: field.label, theirs: t, mine: m });
  }
  return rows;
}

/** The fields of a model's generated form, as the conflict dialog compares them (not the read-only ones, nor `omit`). */
export function conflictFieldsOf(model: AdminModel, omit: string[] = []): ConflictField[] {
  return model.fields
    .filter((f) => !f.readOnly && !omit.includes(f.name))
    .map((f) => ({
      name: f.name,
      label: f.label,
      ...(f.kind === "language-map" ? { languages: f.languages ?? [] } : {}),
    }));
}
