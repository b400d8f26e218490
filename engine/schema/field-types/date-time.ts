import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";

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
};
