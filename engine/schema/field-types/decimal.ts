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
  examples: {
    valid: () => "19.99",
    // A JSON number only when exact (docs/shop.md "Money is exact"): these are not.
    invalid: () => [
      // biome-ignore lint/correctness/noPrecisionLoss: an imprecise number is the point of this example
      12345678901234567,
      0.1 + 0.2,
      1e21,
      1e-7,
      "abc",
      "1.",
      ".5",
      "1e3",
      "1,5",
      " 1",
      "0x1F",
      "1".repeat(19),
      `1.${"1".repeat(13)}`,
      true,
      {},
      [],
      [1, 2],
    ],
    // As the wire carries them: sign, up to 18 integer and 12 fraction digits.
    arbitrary: (_field, { fc }) =>
      fc
        .tuple(
          fc.boolean(),
          fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
          fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }),
        )
        .map(
          ([negative, whole, fraction]) =>
            `${negative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`,
        ),
  },
};
