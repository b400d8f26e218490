import type { FieldType } from "./field-type.js";
import { orderedMethods } from "./filter-methods.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, "2024-05-01". */
export const dateType: FieldType = {
  kind: "date",
  matches: (schema) => schema.type === "string" && schema.format === "date",
  formats: ["date"],
  column: "date",
  coerce: (value) => (typeof value === "string" && DATE.test(value) && !Number.isNaN(new Date(value).getTime()) ? value : undefined),
  filters: { methods: orderedMethods },
  admin: { input: "text", cell: "text" },
};
