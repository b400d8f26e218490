import type { FieldType } from "./field-type.js";
import { jsonColumn } from "./json-value.js";
import { deepJsonArb, jsonValueArb, nulTextArb, schemaValueArb } from "./field-examples.js";

/** Any object or array, kept as jsonb. */
export const jsonType: FieldType = {
  kind: "json",
  matches: (schema) => schema.type === "object" || schema.type === "array",
  column: jsonColumn.column,
  sqlDefault: jsonColumn.sqlDefault,
  coerce: jsonColumn.coerce,
  filters: jsonColumn.filters,
  write: { bind: jsonColumn.bind },
  admin: { input: "json", cell: "text", filterLabel: false },
  examples: {
    valid: (field) => (field.schema.type === "array" ? [] : {}),
    invalid(field) {
      const s = field.schema;
      if (s.type === "array") return ["text", 42, true, { a: 1 }];
      const firstKey = Object.keys(s.properties ?? {}).slice(0, 1);
      return [
        "text",
        42,
        true,
        [],
        [{ a: 1 }],
        ...(s.additionalProperties === false ? [{ notAProperty: 1 }] : []),
        ...firstKey.map((k) => ({ [k]: { wrong: [] } })),
      ];
    },
    arbitrary: (field, tools) => schemaValueArb(tools, field.schema),
    // A NUL byte in a text inside it (where any key may be), and an array where an object goes.
    invalidArbitrary(field, tools) {
      const wrong = [
        ...(field.schema.additionalProperties !== false
          ? [nulTextArb(tools).map((text): unknown => ({ en: text }))]
          : []),
        ...(field.schema.type === "object" ? [tools.fc.array(jsonValueArb(tools), { maxLength: 3 })] : []),
      ];
      return wrong.length ? tools.fc.oneof(...wrong) : tools.fc.constant("text");
    },
    stress: deepJsonArb,
  },
};
