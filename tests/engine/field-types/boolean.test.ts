import { booleanType } from "../../../engine/schema/field-types/boolean.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/boolean.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(booleanType, {
  schema: { type: "boolean" },
  column: "boolean",
  coerces: ["true", true],
  notAValue: "yes",
  allows: "eq",
  refuses: "like",
  input: "checkbox",
  cell: "yes-no",
  sqlDefault: [false, "false"],
  openApi: { type: ["boolean", "null"] },
});
