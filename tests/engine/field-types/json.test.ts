import { jsonType } from "../../../engine/schema/field-types/json.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/json.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(jsonType, {
  schema: { type: "object" },
  column: "jsonb",
  coerces: [{ a: 1 }, '{"a":1}'],
  notAValue: "{no",
  allows: "eq",
  refuses: "gt",
  input: "json",
  cell: "text",
  sqlDefault: [{ a: "it's" }, `'{"a":"it''s"}'::jsonb`],
  openApi: { type: ["object", "null"] },
});
