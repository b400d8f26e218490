import type { AdminField } from "./admin-model.js";

/**
 * The model a reference points at for these values: its own `references`, or its template filled
 * in from them ("{externalModule}/widgets" → "crm/widgets"); undefined while a named field is empty.
 */
export function referencedModel(field: AdminField, values: Record<string, unknown>): string | undefined {
  if (field.references) return field.references;
  if (!field.referencesModel) return undefined;
  let missing = false;
  const id = field.referencesModel.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== "string" || !value) missing = true;
    return String(value ?? "");
  });
  return missing ? undefined : id;
}
