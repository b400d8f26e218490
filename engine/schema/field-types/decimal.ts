import { DECIMAL_MESSAGE, DECIMAL_PATTERN, decimalFromNumber, isDecimal } from "../../query/decimal.js";
import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";

/** An exact number (money): a decimal string in JavaScript and on the wire, `numeric` in PostgreSQL. */
export const decimalType: FieldType = {
  kind: "decimal",
  matches: (schema) => schema.type === "string" && schema.format === "decimal",
  formats: ["decimal"],
  column: "numeric",
  // A JSON number only when its shortest text is the exact decimal written (query/decimal.ts).
  coerce: (value) => (typeof value === "number" ? decimalFromNumber(value) : isDecimal(value) ? value : undefined),
  filters: { methods: orderedMethods },
  write: {
    emptyIsNull: true,
    // A JSON number is taken as the decimal written when that is exact; it or any other
    // non-text is refused with the string form named (docs/shop.md "Money is exact").
    normalise(value) {
      if (typeof value === "string") return { value };
      const text = typeof value === "number" ? decimalFromNumber(value) : undefined;
      return text === undefined ? { message: DECIMAL_MESSAGE } : { value: text };
    },
    ajvFormats: { decimal: { pattern: DECIMAL_PATTERN, message: DECIMAL_MESSAGE } },
  },
  admin: { input: "text", cell: "text" },
};
