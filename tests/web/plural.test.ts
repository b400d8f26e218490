import { describe, expect, it } from "vitest";
import { plural } from "../../web/ui/plural.js";

const RECORDS = { one: "запись", few: "записи", many: "записей", other: "записи" };
const PAGES = { one: "page", other: "pages" };

// Counts take their noun's form by the language's own rules (Intl.PluralRules), not a rule written per language.
describe("plural forms", () => {
  it.each([
    ["ru", 0, "записей", RECORDS],
    ["ru", 1, "запись", RECORDS],
    ["ru", 2, "записи", RECORDS],
    ["ru", 4, "записи", RECORDS],
    ["ru", 5, "записей", RECORDS],
    ["ru", 11, "записей", RECORDS],
    ["ru", 14, "записей", RECORDS],
    ["ru", 21, "запись", RECORDS],
    ["ru", 22, "записи", RECORDS],
    ["ru", 111, "записей", RECORDS],
    ["ru", 1.5, "записи", RECORDS],
    ["en", 0, "pages", PAGES],
    ["en", 1, "page", PAGES],
    ["en", 2, "pages", PAGES],
    // A language whose forms were not given a category falls back to `other`.
    ["ar", 2, "pages", PAGES],
  ] as const)("%s %d: %s", (language, count, expected, forms) => {
    expect(plural(language, count, forms)).toBe(expected);
  });
});
