import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";
import { numberArb, numberWithin } from "./field-examples.js";

/** A floating-point number (a width, a rating); money is a decimal instead. */
export const numberType: FieldType = {
  kind: "number",
  matches: (schema) => schema.type === "number",
  column: "double precision",
  sqlDefault: String,
  coerce(value) {
    const n =
      typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
    return Number.isFinite(n) ? n : undefined;
  },
  filters: { methods: orderedMethods },
  write: { emptyIsNull: true },
  admin: { input: "number", cell: "text" },
  examples: {
    valid: (field) => numberWithin(field.schema, 1.5, false),
    invalid: () => ["1.5", "abc", true, {}, [], [1, 2]],
    arbitrary: (field, tools) => numberArb(tools, field.schema),
  },
};
