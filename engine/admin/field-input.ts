import { fieldTypeOf } from "../schema/field-types/index.js";
import type { AdminField } from "./admin-model.js";

/** Languages a language map is edited in, one input each (default first). */
export { LANGUAGES } from "../schema/languages.js";

/** The form input a field gets; "unknown" renders 'Unknown input type'. A field type may name its own. */
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
  | "postal-address"
  | "from-file"
  | "unknown"
  | (string & {});

const KNOWN_HINTS = new Set(["rich-text", "file", "date-time", "select", "textarea", "postal-address", "from-file"]);

/** Chosen from the x-input hint first, then the field's type (field-types/): one rule for every model. */
export function inputOf(field: AdminField): InputType {
  if (field.input !== undefined && !KNOWN_HINTS.has(field.input)) return "unknown";
  const type = fieldTypeOf(field.kind);
  const first = type.admin.inputBeforeHints?.(field);
  if (first) return first;
  if (field.input === "rich-text") return "rich-text";
  if (field.input === "postal-address") return "postal-address";
  if (field.input === "file") return "file";
  // Read from the uploaded bytes (width, height, size, type): shown beside the file, never typed.
  if (field.input === "from-file") return "from-file";
  if (field.input === "textarea") return "textarea";
  if (field.references || field.referencesModel) return "reference";
  if (field.enum) return "select";
  if (field.input === "date-time") return "date-time";
  return type.admin.input;
}
