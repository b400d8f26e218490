import type { AdminField, AdminModel } from "../../../engine/admin/admin-model.js";

/**
 * The models as the admin shows them in `language`: each model's `title` and each field's `label`
 * become that language's (the schemas' x-title, GET /api/admin/models' `titles` and `labels`),
 * English where the schema has none, and so do an enum's values (`choices`, from `enumLabels`). Done once where the answer arrives
 * (models-context.tsx), so every table, form, picker and heading follows without knowing.
 */
export function modelsInLanguage(models: AdminModel[], language: string): AdminModel[] {
  const field = (f: AdminField): AdminField => ({
    ...f,
    label: f.labels?.[language] ?? f.label,
    ...(f.enumLabels ? { choices: f.enumLabels[language] ?? f.choices } : {}),
  });
  return models.map((m) => ({ ...m, title: m.titles?.[language] ?? m.title, fields: m.fields.map(field) }));
}
