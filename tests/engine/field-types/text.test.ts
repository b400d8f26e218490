import { textType } from "../../../engine/schema/field-types/text.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/text.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(textType, {
  schema: { type: "string", maxLength: 20 },
  column: "text",
  coerces: [42, "42"],
  notAValue: { a: 1 },
  allows: "ilike",
  input: "text",
  cell: "text",
  sqlDefault: ["it's", "'it''s'"],
  openApi: { type: ["string", "null"], maxLength: 20 },
});
