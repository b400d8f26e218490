import type { AdminField } from "./admin-model.js";

/** Languages a language map is edited in, one input each (default first). */
export { LANGUAGES } from "../schema/languages.js";

/** The form input a field gets; "unknown" renders 'Unknown input type'. */
export type InputType =
  | "language-map"
  | "rich-text-language-map"
  | "rich-text"
  | "file"
  | "date-time"
  | "reference"
  | "select"
  | "checkbox"
  | "number"
  | "textarea"
  | "text"
  | "json"
  | "unknown";

const KNOWN_HINTS = new Set(["rich-text", "file", "date-time", "select", "textarea"]);

/** Chosen from the x-input hint first, then the field's kind: one rule for every model. */
export function inputOf(field: AdminField): InputType {
  if (field.input !== undefined && !KNOWN_HINTS.has(field.input)) return "unknown";
  if (field.kind === "language-map") return field.input === "rich-text" ? "rich-text-language-map" : "language-map";
  if (field.input === "rich-text") return "rich-text";
  if (field.input === "file") return "file";
  if (field.input === "textarea") return "textarea";
  if (field.references || field.referencesModel) return "reference";
  if (field.enum) return "select";
  if (field.input === "date-time" || field.kind === "datetime") return "date-time";
  switch (field.kind) {
    case "boolean":
      return "checkbox";
    case "integer":
    case "number":
      return "number";
    case "json":
      return "json";
    case "decimal":
    case "string":
    case "uuid":
    case "date":
      return "text";
    default:
      return "unknown";
  }
}
