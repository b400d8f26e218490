import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";

/** A floating-point number (a width, a rating); money is a decimal instead. */
export const numberType: FieldType = {
  kind: "number",
  matches: (schema) => schema.type === "number",
  column: "double precision",
  sqlDefault: String,
  coerce(value) {
    const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
    return Number.isFinite(n) ? n : undefined;
  },
  filters: { methods: orderedMethods },
  write: { emptyIsNull: true },
  admin: { input: "number", cell: "text" },
};
