import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";
import type { ExampleTools } from "./field-examples.js";

/** Texts that are no moment: no zone, impossible days and hours, years PostgreSQL or JavaScript cannot hold, junk after. */
const MALFORMED = [
  "",
  "yesterday",
  "2024-01-01",
  "2024-13-01T00:00:00Z",
  "2024-02-30T00:00:00Z",
  "2024-01-01T25:00:00Z",
  "2024-01-01T00:00:00",
  "0000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "2024-01-01T00:00:00Z junk",
  "1e10",
  "2024-01-01T00:00:00\u0000Z",
];

/** Moments from the year 1000 to 9999, as ISO text. */
export const dateTimeArb = ({ fc }: ExampleTools) =>
  fc
    .date({ min: new Date("1000-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true })
    .map((d) => d.toISOString());

/** A moment (createdAt, a publication time), given and answered as ISO text. */
export const dateTimeType: FieldType = {
  kind: "datetime",
  matches: (schema) => schema.type === "string" && schema.format === "date-time",
  formats: ["date-time"],
  column: "timestamptz",
  keywords: ["now", "x-on-update"],
  coerce(value) {
    if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  },
  filters: { methods: orderedMethods },
  admin: { input: "date-time", cell: "date-time" },
  examples: {
    valid: () => "2024-05-06T07:08:09.123Z",
    invalid: () => [42, true, {}, [], [1, 2], ...MALFORMED],
    arbitrary: (_field, tools) => dateTimeArb(tools),
  },
};
