import type { FieldType } from "./field-type.js";
import { jsonColumn } from "./json-value.js";

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
  coerce: jsonColumn.coerce,
  filters: jsonColumn.filters,
  write: { bind: jsonColumn.bind },
  // A text column becoming this keeps each text as a JSON string: old rows read as before.
  conversions: { text: (column) => `to_jsonb(${column})` },
  admin: {
    input: "language-map",
    inputBeforeHints: () => "language-map",
    cell: "language-text",
    schemaTitle: false,
  },
};
