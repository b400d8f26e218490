import { dateType } from "../../../engine/schema/field-types/date.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/date.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(dateType, {
  schema: { type: "string", format: "date" },
  column: "date",
  coerces: ["2024-05-01", "2024-05-01"],
  notAValue: "2024-5-1",
  allows: "lt",
  refuses: "ilike",
  input: "text",
  cell: "text",
  openApi: { type: ["string", "null"], format: "date" },
});
