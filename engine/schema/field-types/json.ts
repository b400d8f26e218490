import type { FieldType } from "./field-type.js";
import { jsonColumn } from "./json-value.js";

/** Any object or array, kept as jsonb. */
export const jsonType: FieldType = {
  kind: "json",
  matches: (schema) => schema.type === "object" || schema.type === "array",
  column: jsonColumn.column,
  sqlDefault: jsonColumn.sqlDefault,
  coerce: jsonColumn.coerce,
  filters: jsonColumn.filters,
  write: { bind: jsonColumn.bind },
  admin: { input: "json", cell: "text", filterLabel: false },
};
