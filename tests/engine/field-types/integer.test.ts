import { integerType } from "../../../engine/schema/field-types/integer.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/integer.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(integerType, {
  schema: { type: "integer" },
  column: "integer",
  coerces: ["42", 42],
  notAValue: "4.5",
  allows: "lte",
  refuses: "notLike",
  input: "number",
  cell: "text",
  sqlDefault: [3, "3"],
  openApi: { type: ["integer", "null"] },
});
