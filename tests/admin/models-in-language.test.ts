import { describe, expect, test } from "vitest";
import { adminModels } from "../../engine/admin/admin-model.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";
import { modelsInLanguage } from "../../web/admin/data/models-in-language.js";
import { groupModels } from "../../web/admin/layout/model-nav.js";

// The admin names models and fields once, where GET /api/admin/models arrives: every screen reads
// `title` and `label`. The real registry's models, as the route answers them.
const models = adminModels(loadRegistry(paths.schemas));
const products = (list: typeof models) => list.find((m) => m.id === "ecommerce/products")!;

describe("models in the admin's language", () => {
  test.each([
    { language: "ru", title: "Товар", label: "Краткое описание", created: "Создано" },
    { language: "en", title: "Product", label: "Short description", created: "Created at" },
    // A language the schemas do not name: English, as before.
    { language: "de", title: "Product", label: "Short description", created: "Created at" },
  ])("$language: titles and labels", ({ language, title, label, created }) => {
    const shown = products(modelsInLanguage(models, language));
    expect(shown.title).toBe(title);
    expect(shown.fields.find((f) => f.name === "shortDescription")!.label).toBe(label);
    expect(shown.fields.find((f) => f.name === "createdAt")!.label).toBe(created);
    // The answer itself is left as it came: both languages stay there.
    expect(products(models).title).toBe("Product");
  });

  test("the side list finds a model by its Russian title and sorts by it", () => {
    const shown = modelsInLanguage(models, "ru");
    const found = groupModels(shown, "товар").find(([module]) => module === "ecommerce")![1];
    expect(found.map((m) => m.title)).toContain("Товар");
    const titles = found.map((m) => m.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });
});
