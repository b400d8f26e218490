import { DEFAULT_LANGUAGE, INDEXED_LANGUAGES } from "../languages.js";
import type { FieldType } from "./field-type.js";
import { jsonColumn } from "./json-value.js";
import { deepJsonArb, hugeTextArb, jsonValueArb, languageMapArb, nulTextArb } from "./field-examples.js";

/** Text per language (schemas/_defs/language-map.json): a JSON object edited and searched per language. */
export const languageMapType: FieldType = {
  kind: "language-map",
  matches: (schema) => schema.type === "object" && Boolean(schema["x-language-map"]),
  column: jsonColumn.column,
  sqlDefault: jsonColumn.sqlDefault,
  keywords: ["x-search"],
  coerce: jsonColumn.coerce,
  filters: jsonColumn.filters,
  write: { bind: jsonColumn.bind },
  // The filters compile `"title"->>'en'`: one trigram index per language, on that very expression.
  // The indexed languages are fixed, not the LANGUAGES setting: a setting must not need a migration.
  searchExpressions: (quotedName) =>
    INDEXED_LANGUAGES.map((language) => [`_${language}`, languageMapType.textIn!(quotedName, language)]),
  textIn: (quotedName, language) => `(${quotedName}->>'${language}')`,
  admin: {
    input: "language-map",
    inputBeforeHints: (field) => (field.input === "rich-text" ? "rich-text-language-map" : "language-map"),
    cell: "language-text",
    // Sorted and filtered by the default language's text.
    column: (name) => `${name}->>${DEFAULT_LANGUAGE}`,
    filterLabel: (label) => `${label} (${DEFAULT_LANGUAGE})`,
    naming: "translated",
    // The def's title ("Language map") is not the field's.
    schemaTitle: false,
  },
  examples: {
    valid: (_field, token) => ({ en: `English ${token}`, ru: `Русский ${token}` }),
    invalid: () => [
      "text",
      42,
      true,
      [],
      ["en"],
      { en: 1 },
      { en: null },
      { en: { nested: "x" } },
      { "EN!": "x" },
      { english: "x" },
      { "": "x" },
    ],
    arbitrary: (_field, tools) => languageMapArb(tools),
    // A NUL byte in a text, and an array where the map goes.
    invalidArbitrary: (_field, tools) =>
      tools.fc.oneof(
        nulTextArb(tools).map((text) => ({ en: text })),
        tools.fc.array(jsonValueArb(tools), { maxLength: 3 }),
      ),
    stress: (field, tools) =>
      tools.fc.oneof(
        hugeTextArb(tools, (json) => `{"en":${json}}`),
        deepJsonArb(field, tools),
      ),
  },
};
