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

  // An enum's values show in tables and selects: each named in English and in every admin language
  // (x-enum-titles). A list the server names at start-up (x-enum-from: providers, languages) is its own names.
  test.each(ADMIN_LANGUAGES)("every enum value the schemas write has a title in en and %s", (language) => {
    const unnamed = registry.models.flatMap((m) =>
      m.fields
        .filter((f) => f.enum && !f.enumFrom)
        .flatMap((f) =>
          f
            .enum!.filter((v) => !f.enumTitles?.[v]?.en || !f.enumTitles[v]?.[language])
            .map((v) => `${m.id} ${f.name} ${v}`),
        ),
    );
    expect(unnamed).toEqual([]);
  });
});
