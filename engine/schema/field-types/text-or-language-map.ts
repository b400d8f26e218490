import { INDEXED_LANGUAGES } from "../languages.js";
import type { FieldType } from "./field-type.js";
import { likeMethods } from "./filter-methods.js";
import { jsonColumn } from "./json-value.js";
import { languageMapArb, textArb } from "./field-examples.js";

/**
 * A text for every language or a language map (schemas/_defs/text-or-language-map.json): a page's
 * title and description, which older clients write and read as a plain string. A jsonb column
 * holding either, so a string written stays a string when read. The admin edits it per language
 * like a language map (a string shows in every language's input, engine/admin/form-schema.ts).
 */
export const textOrLanguageMapType: FieldType = {
  kind: "text-or-language-map",
  matches: (schema) => Boolean(schema["x-text-or-language-map"]),
  column: jsonColumn.column,
  sqlDefault: jsonColumn.sqlDefault,
  keywords: ["x-search"],
  // A filter's value: JSON text of a string or map as it is, any other text as that text itself
  // (an old client's `title eq Home` finds the page titled "Home").
  coerce(value: unknown): unknown {
    if (typeof value !== "string")
      return value !== null && typeof value === "object" && !Array.isArray(value)
        ? jsonColumn.coerce(value)
        : undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === "string" || (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)))
        return value;
    } catch {
      /* not JSON: the text itself */
    }
    return JSON.stringify(value);
  },
  // Equal as JSON like any JSON column; `ilike` on the whole column matches a plain string's
  // text (the admin's search, an old client's pattern), a map's texts by key (`title->>ru`).
  filters: { ...jsonColumn.filters, methods: [...jsonColumn.filters.methods, ...likeMethods], likeAsJsonString: true },
  write: { bind: jsonColumn.bind },
  // Searched (x-search) as the text in each language: a plain string is every language's text.
  // One trigram index per indexed language on that expression, which the site search's typo
  // fallback compares titles by (server/search/).
  searchExpressions: (quotedName) =>
    INDEXED_LANGUAGES.map((language) => [`_${language}`, textOrLanguageMapType.textIn!(quotedName, language)]),
  textIn: (quotedName, language) =>
    `(CASE WHEN jsonb_typeof(${quotedName}) = 'string' THEN ${quotedName} #>> '{}' ELSE ${quotedName}->>'${language}' END)`,
  // A text column becoming this keeps each text as a JSON string: old rows read as before.
  conversions: { text: (column) => `to_jsonb(${column})` },
  admin: {
    input: "language-map",
    inputBeforeHints: () => "language-map",
    cell: "language-text",
    naming: "translated",
    schemaTitle: false,
  },
  examples: {
    valid: (_field, token) => ({ en: `English ${token}`, ru: `Русский ${token}` }),
    // A text is one of its forms: only what is neither a text nor a map of texts is wrong.
    invalid: () => [
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
    arbitrary: (_field, tools) => tools.fc.oneof(textArb(tools), languageMapArb(tools)),
  },
};
