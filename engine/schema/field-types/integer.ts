import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";

const INT4 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** A whole number that fits PostgreSQL's `integer`. */
export const integerType: FieldType = {
  kind: "integer",
  matches: (schema) => schema.type === "integer",
  column: "integer",
  sqlDefault: String,
  coerce(value) {
    const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
    return Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : undefined;
  },
  filters: { methods: orderedMethods },
  write: {
    emptyIsNull: true,
    narrow: (schema) => ({ ...schema, minimum: Math.max(schema.minimum ?? INT4.min, INT4.min), maximum: Math.min(schema.maximum ?? INT4.max, INT4.max) }),
  },
  admin: { input: "number", cell: "text" },
};
