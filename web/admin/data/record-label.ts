import type { AdminModel } from "../../../engine/admin/admin-model.js";

type Row = Record<string, unknown>;

/** A record's name in selects and tables: its naming field (English text of a language map), else its id. */
export function recordLabel(model: AdminModel | undefined, row: Row | undefined): string {
  if (!row) return "";
  const value = model ? row[model.labelField] : undefined;
  if (value && typeof value === "object") {
    const map = value as Record<string, string>;
    return map.en || Object.values(map).find(Boolean) || String(row.id);
  }
  return value === undefined || value === null || value === "" ? String(row.id ?? "") : String(value);
}
