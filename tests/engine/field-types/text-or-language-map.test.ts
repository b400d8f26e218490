import { textOrLanguageMapType } from "../../../engine/schema/field-types/text-or-language-map.js";
import { describeFieldType } from "../../helpers/field-type-cases.js";

// engine/schema/field-types/text-or-language-map.ts: what a reader checks it by; every other case comes from the type's own examples.
describeFieldType(textOrLanguageMapType, {
  schema: { $ref: "../_defs/text-or-language-map" },
  column: "jsonb",
  coerces: ["Home", '"Home"'],
  notAValue: [1],
  allows: "ilike",
  refuses: "gt",
  input: "language-map",
  cell: "language-text",
  sqlDefault: ["Page", `'"Page"'::jsonb`],
  openApi: { type: ["string", "object", "null"], additionalProperties: { type: "string" } },
});
