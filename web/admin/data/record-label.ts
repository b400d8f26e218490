import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import type { AdminModel } from "../../../engine/admin/admin-model.js";

type Row = Record<string, unknown>;

/** A record's name in selects and tables: its naming field (the default language's text of a language map), else its id. */
export function recordLabel(model: AdminModel | undefined, row: Row | undefined): string {
  if (!row) return "";
  const value = model ? row[model.labelField] : undefined;
  if (value && typeof value === "object") {
    const map = value as Record<string, string>;
    return map[DEFAULT_LANGUAGE] || Object.values(map).find(Boolean) || String(row.id);
  }
  return value === undefined || value === null || value === "" ? String(row.id ?? "") : String(value);
}
