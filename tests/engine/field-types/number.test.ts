import { numberType } from "../../../engine/schema/field-types/number.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/number.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(numberType, {
  schema: { type: "number" },
  column: "double precision",
  coerces: ["4.5", 4.5],
  notAValue: "abc",
  allows: "ne",
  refuses: "notIlike",
  input: "number",
  cell: "text",
  sqlDefault: [1.5, "1.5"],
  openApi: { type: ["number", "null"] },
});
