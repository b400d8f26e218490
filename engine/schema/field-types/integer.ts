import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";
import { integerRange, numberWithin } from "./field-examples.js";

const INT4 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** A whole number that fits PostgreSQL's `integer`. */
export const integerType: FieldType = {
  kind: "integer",
  matches: (schema) => schema.type === "integer",
  column: "integer",
  sqlDefault: String,
  coerce(value) {
    const n =
      typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
    return Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : undefined;
  },
  filters: { methods: orderedMethods },
  write: {
    emptyIsNull: true,
    narrow: (schema) => ({
      ...schema,
      minimum: Math.max(schema.minimum ?? INT4.min, INT4.min),
      maximum: Math.min(schema.maximum ?? INT4.max, INT4.max),
    }),
  },
  admin: { input: "number", cell: "text" },
  examples: {
    valid: (field) => numberWithin(field.schema, 1, true),
    invalid(field) {
      const values: unknown[] = ["1", "abc", 1.5, true, {}, [], [1, 2], 2 ** 31, -(2 ** 31) - 1];
      if (typeof field.schema.minimum === "number") values.push(field.schema.minimum - 1);
      if (typeof field.schema.maximum === "number") values.push(field.schema.maximum + 1);
      return values;
    },
    arbitrary(field, { fc }) {
      const [min, max] = integerRange(field.schema);
      return fc.integer({ min, max });
    },
    // Past what the column holds, however the schema bounds it.
    invalidArbitrary: (_field, { fc }) =>
      fc.oneof(
        fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53) + 1, 1e20, -1e300),
        fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
      ),
  },
};
