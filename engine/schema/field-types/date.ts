import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";
import { dateTimeArb } from "./date-time.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Texts that are no calendar day. */
const MALFORMED = [
  "",
  "2024-02-30",
  "2024-1-1",
  "01/02/2024",
  "0000-01-01",
  "2024-01-01T00:00:00Z",
  "10000-01-01",
  "today",
];

/** A calendar day, "2024-05-01". */
export const dateType: FieldType = {
  kind: "date",
  matches: (schema) => schema.type === "string" && schema.format === "date",
  formats: ["date"],
  column: "date",
  coerce: (value) =>
    typeof value === "string" && DATE.test(value) && !Number.isNaN(new Date(value).getTime()) ? value : undefined,
  filters: { methods: orderedMethods },
  admin: { input: "text", cell: "text" },
  examples: {
    valid: () => "2024-05-06",
    invalid: () => [42, true, {}, [], [1, 2], ...MALFORMED],
    arbitrary: (_field, tools) => dateTimeArb(tools).map((moment) => moment.slice(0, 10)),
  },
};
