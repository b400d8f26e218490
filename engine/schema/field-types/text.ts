import type { FieldType } from "./field-type.js";
import { textMethods } from "./filter-methods.js";

/** Plain text (also an email or a URI): the type of a string no narrower type claims. */
export const textType: FieldType = {
  kind: "string",
  matches: (schema) => schema.type === "string",
  formats: ["email", "uri"],
  column: "text",
  keywords: ["x-search", "slug", "admin-title"],
  coerce: (value) => (typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : undefined),
  filters: { methods: textMethods },
  write: { indexedText: true },
  admin: { input: "text", cell: "text", naming: "text" },
};
