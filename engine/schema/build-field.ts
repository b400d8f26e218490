import type { KindKeyword } from "./field-types/field-type.js";
import { fieldTypeFor } from "./field-types/index.js";
import { SchemaError } from "./schema-error.js";
import type { Field, Generator, JsonSchema, SearchWeight } from "./model.js";

const SEARCH_WEIGHTS: readonly SearchWeight[] = ["A", "B", "C"];

/** Why x-title names no English: one English name per model or field, the `title` other clients read too. */
export const ENGLISH_TITLE =
  "English is the title (a field without one: its name in words), so x-title names only the other languages";

/**
 * Value lists the server names at start-up for `x-enum-from` fields ("payment-providers": the
 * provider definitions' names). A list not given (npm run generate, which makes the snapshot and
 * the types) leaves the field plain text: the values live in code, never in a CHECK or a type.
 */
export type EnumLists = Record<string, readonly string[] | EnumList>;

/** A named list with its own default ("languages": DEFAULT_LANGUAGE), which replaces the field's written one. */
export interface EnumList {
  values: readonly string[];
  default: string;
}

/** One field from its flattened property schema; checks the x- keywords make sense together. */
export function buildField(
  file: string,
  name: string,
  fileSchema: JsonSchema,
  required: boolean,
  enums: EnumLists = {},
): Field {
  const path = `/properties/${name}`;
  const fail = (key: string, detail: string) => new SchemaError(file, `${path}/${key}`, detail);
  const enumFrom: string | undefined = fileSchema["x-enum-from"];
  if (enumFrom && fileSchema.type !== "string") throw fail("x-enum-from", "needs type string");
  if (enumFrom && fileSchema.enum)
    throw fail("x-enum-from", "cannot go with enum: the values come from the named list");
  // The named list's values validate, document and fill the admin's select like a written enum.
  const named = enumFrom ? enums[enumFrom] : undefined;
  const withDefault = named && !Array.isArray(named) ? (named as EnumList) : undefined;
  const list = withDefault ? withDefault.values : (named as readonly string[] | undefined);
  const listDefault = withDefault && fileSchema.default !== undefined ? { default: withDefault.default } : {};
  const schema: JsonSchema = list ? { ...fileSchema, enum: [...list], ...listDefault } : fileSchema;
  const type = schema.type as string;
  const fieldType = fieldTypeFor(schema);
  if (!fieldType) throw fail("type", `has no column mapping for type ${JSON.stringify(type)}`);
  const { kind, column } = fieldType;
  // Keywords only some types give a meaning to; the messages name the built-in types that do.
  const allows = (keyword: KindKeyword | Generator) => fieldType.keywords?.includes(keyword) === true;

  const generated = schema["x-default"];
  if (generated === "uuid" && type !== "string") throw fail("x-default", "uuid needs type string");
  if (generated === "now" && !allows("now")) throw fail("x-default", "now needs format date-time");
  if ((generated === "slug" || generated === "admin-title") && !allows(generated)) {
    throw fail("x-default", `${generated} needs a plain string`);
  }
  if (schema["x-on-update"] && !allows("x-on-update")) throw fail("x-on-update", "now needs format date-time");
  if (schema["x-references"] && !allows("x-references")) throw fail("x-references", "needs format uuid");
  const weight = SEARCH_WEIGHTS.find((w) => w === schema["x-search"]);
  if (schema["x-search"] && !allows("x-search")) throw fail("x-search", "needs a plain string or a language map");
  if (schema["x-references-model"] && !allows("x-references-model"))
    throw fail("x-references-model", "needs format uuid");
  if (schema.enum && schema.default !== undefined && !schema.enum.includes(schema.default)) {
    throw fail("default", `${JSON.stringify(schema.default)} is not one of enum`);
  }
  if (schema["x-hidden"] && required && schema.default === undefined && !generated) {
    throw fail("x-hidden", "a hidden field cannot be required without a default: the generic routes cannot write it");
  }
  if (schema["x-title"]?.en !== undefined) throw fail("x-title/en", ENGLISH_TITLE);
  const enumTitles: Record<string, Record<string, string>> | undefined = schema["x-enum-titles"];
  if (enumTitles !== undefined) {
    if (!schema.enum) throw fail("x-enum-titles", "needs enum: it names the enum's values");
    for (const value of Object.keys(enumTitles))
      if (!schema.enum.includes(value)) throw fail(`x-enum-titles/${value}`, "is not one of enum");
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
    // A weight (x-search "A", "B", "C") keeps the trigram index of x-search true.
    search: schema["x-search"] === true || weight !== undefined,
    ...(weight ? { searchWeight: weight } : {}),
    hidden: schema["x-hidden"] === true,
    readOnly: schema.readOnly === true,
    references: schema["x-references"],
    referencesModel: schema["x-references-model"],
    enum: schema.enum,
    enumFrom,
    input: schema["x-input"],
    titles: schema["x-title"] ?? {},
    ...(enumTitles ? { enumTitles } : {}),
  };
}
