import { SchemaError } from "./schema-error.js";
import type { ColumnType, Field, FieldKind, JsonSchema } from "./model.js";

const kinds: Record<string, [FieldKind, ColumnType]> = {
  "string:uuid": ["uuid", "uuid"],
  "string:date-time": ["datetime", "timestamptz"],
  "string:date": ["date", "date"],
  "string:decimal": ["decimal", "numeric"],
  string: ["string", "text"],
  integer: ["integer", "integer"],
  number: ["number", "double precision"],
  boolean: ["boolean", "boolean"],
  object: ["json", "jsonb"],
  array: ["json", "jsonb"],
};

/**
 * Value lists the server names at start-up for `x-enum-from` fields ("payment-providers": the
 * provider definitions' names). A list not given (npm run generate, which makes the snapshot and
 * the types) leaves the field plain text: the values live in code, never in a CHECK or a type.
 */
export type EnumLists = Record<string, readonly string[]>;

/** One field from its flattened property schema; checks the x- keywords make sense together. */
export function buildField(file: string, name: string, fileSchema: JsonSchema, required: boolean, enums: EnumLists = {}): Field {
  const path = `/properties/${name}`;
  const fail = (key: string, detail: string) => new SchemaError(file, `${path}/${key}`, detail);
  const enumFrom: string | undefined = fileSchema["x-enum-from"];
  if (enumFrom && fileSchema.type !== "string") throw fail("x-enum-from", "needs type string");
  if (enumFrom && fileSchema.enum) throw fail("x-enum-from", "cannot go with enum: the values come from the named list");
  // The named list's values validate, document and fill the admin's select like a written enum.
  const list = enumFrom ? enums[enumFrom] : undefined;
  const schema: JsonSchema = list ? { ...fileSchema, enum: [...list] } : fileSchema;
  const type = schema.type as string;
  const known = kinds[`${type}:${schema.format}`] ?? kinds[type];
  if (!known) throw fail("type", `has no column mapping for type ${JSON.stringify(type)}`);
  let [kind, column] = known;
  if (schema["x-language-map"]) kind = "language-map";

  const generated = schema["x-default"];
  if (generated === "uuid" && type !== "string") throw fail("x-default", "uuid needs type string");
  if (generated === "now" && kind !== "datetime") throw fail("x-default", "now needs format date-time");
  if ((generated === "slug" || generated === "admin-title") && kind !== "string") {
    throw fail("x-default", `${generated} needs a plain string`);
  }
  if (schema["x-on-update"] && kind !== "datetime") throw fail("x-on-update", "now needs format date-time");
  if (schema["x-references"] && kind !== "uuid") throw fail("x-references", "needs format uuid");
  if (schema["x-search"] && kind !== "string" && kind !== "language-map") throw fail("x-search", "needs a plain string or a language map");
  if (schema["x-references-model"] && kind !== "uuid") throw fail("x-references-model", "needs format uuid");
  if (schema.enum && schema.default !== undefined && !schema.enum.includes(schema.default)) {
    throw fail("default", `${JSON.stringify(schema.default)} is not one of enum`);
  }
  if (schema["x-hidden"] && required && schema.default === undefined && !generated) {
    throw fail("x-hidden", "a hidden field cannot be required without a default: the generic routes cannot write it");
  }
  if (schema.pattern !== undefined) {
    try {
      new RegExp(schema.pattern, "u");
    } catch {
      throw fail("pattern", "is not a valid regular expression");
    }
  }

  return {
    name,
    schema,
    kind,
    column,
    required,
    default: schema.default,
    generated,
    onUpdate: schema["x-on-update"],
    unique: schema["x-unique"] === true,
    index: schema["x-index"] === true,
    search: schema["x-search"] === true,
    hidden: schema["x-hidden"] === true,
    readOnly: schema.readOnly === true,
    references: schema["x-references"],
    referencesModel: schema["x-references-model"],
    enum: schema.enum,
    enumFrom,
    input: schema["x-input"],
  };
}
