import { dateTimeType } from "../../../engine/schema/field-types/date-time.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/date-time.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(dateTimeType, {
  schema: { type: "string", format: "date-time" },
  column: "timestamptz",
  coerces: ["2024-05-01T10:00:00+02:00", "2024-05-01T08:00:00.000Z"],
  notAValue: "yesterday",
  allows: "gte",
  refuses: "like",
  input: "date-time",
  cell: "date-time",
  openApi: { type: ["string", "null"], format: "date-time" },
});
