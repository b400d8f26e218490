import { languageMapType } from "../../../engine/schema/field-types/language-map.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/language-map.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(languageMapType, {
  schema: { $ref: "../_defs/language-map" },
  column: "jsonb",
  coerces: ['{"en":"a"}', '{"en":"a"}'],
  notAValue: "{no",
  allows: "ne",
  refuses: "ilike",
  input: "language-map",
  cell: "language-text",
  sqlDefault: [{}, "'{}'::jsonb"],
  openApi: { type: ["object", "null"], additionalProperties: { type: "string" } },
});
