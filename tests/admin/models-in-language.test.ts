import { describe, expect, test } from "vitest";
import { adminField, adminModels } from "../../engine/admin/admin-model.js";
import { loadRegistry } from "../../engine/schema/load.js";
import { paths } from "../../server/config.js";
import { modelsInLanguage } from "../../web/admin/data/models-in-language.js";
import { groupModels } from "../../web/admin/layout/model-nav.js";
import { cellOf } from "../../engine/admin/table-cell.js";
import { formSchema } from "../../engine/admin/form-schema.js";

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

  test.each([
    { language: "ru", type: { one_off: "Разовый", subscription: "Подписка" }, names: ["Разовый", "Подписка"] },
    { language: "en", type: { one_off: "One-off", subscription: "Subscription" }, names: ["One-off", "Subscription"] },
    { language: "de", type: { one_off: "One-off", subscription: "Subscription" }, names: ["One-off", "Subscription"] },
  ])(
    "$language: an enum's values by their names, in the table's cells and the form's select",
    ({ language, type, names }) => {
      const field = products(modelsInLanguage(models, language)).fields.find((f) => f.name === "type")!;
      expect(field.choices).toEqual(type);
      expect(cellOf(field)).toBe("choice");
      const form = formSchema(products(modelsInLanguage(models, language)));
      expect(form.uiSchema.type["ui:enumNames"]).toEqual(names);
      expect(form.schema.properties.type.enum).toEqual(["one_off", "subscription"]); // stored as the value
    },
  );

  test("a value without a title is shown as its words, in every language", () => {
    const real = loadRegistry(paths.schemas).get("ecommerce/products").fieldMap.get("type")!;
    const field = adminField({
      ...real,
      enum: ["one_off", "free-shipping"],
      enumTitles: { one_off: { ru: "Разовый" } },
    });
    expect(field.enumLabels).toEqual({
      en: { one_off: "One off", "free-shipping": "Free shipping" },
      ru: { one_off: "Разовый", "free-shipping": "Free shipping" },
    });
  });

  test("the side list finds a model by its Russian title and sorts by it", () => {
    const shown = modelsInLanguage(models, "ru");
    const found = groupModels(shown, "товар").find(([module]) => module === "ecommerce")![1];
    expect(found.map((m) => m.title)).toContain("Товар");
    const titles = found.map((m) => m.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });
});
