import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";

export const booleanType: FieldType = {
  kind: "boolean",
  matches: (schema) => schema.type === "boolean",
  column: "boolean",
  sqlDefault: String,
  coerce: (value) =>
    value === true || value === "true" ? true : value === false || value === "false" ? false : undefined,
  filters: { methods: orderedMethods },
  // The cell follows the checkbox input (a yes/no badge), not the type: a hinted input shows the text.
  admin: { input: "checkbox", cell: "text" },
  examples: {
    valid: () => true,
    invalid: () => ["true", "false", 1, 0, "yes", {}, [], [1, 2]],
    arbitrary: (_field, { fc }) => fc.boolean(),
  },
};
