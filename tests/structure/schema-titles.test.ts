import { describe, expect, test } from "vitest";
import { adminModels } from "../../engine/admin/admin-model.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";

/**
 * The admin speaks English and Russian (web/admin/admin-language.ts), its model and field names
 * included: they come from the schemas' `title` and `x-title` (schemas/README.md). A schema added
 * without its Russian names would show English in a Russian admin, so this names what it lacks.
 */
const ADMIN_LANGUAGES = ["ru"];

describe("schema titles in the admin's languages", () => {
  const registry = loadRegistry(paths.schemas);

  test.each(ADMIN_LANGUAGES)("every model has an x-title.%s", (language) => {
    const untitled = registry.models.filter((m) => !m.titles[language]).map((m) => m.id);
    expect(untitled).toEqual([]);
  });

  test.each(ADMIN_LANGUAGES)("every field the admin shows has a label in %s", (language) => {
    const unlabelled = adminModels(registry).flatMap((m) =>
      m.fields.filter((f) => !f.labels[language]).map((f) => `${m.id} ${f.name}`),
    );
    expect(unlabelled).toEqual([]);
  });
});
