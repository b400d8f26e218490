import { booleanType } from "./boolean.js";
import { dateTimeType } from "./date-time.js";
import { dateType } from "./date.js";
import { decimalType } from "./decimal.js";
import type { FieldType } from "./field-type.js";
import { integerType } from "./integer.js";
import { jsonType } from "./json.js";
import { languageMapType } from "./language-map.js";
import { numberType } from "./number.js";
import { textType } from "./text.js";
import { textOrLanguageMapType } from "./text-or-language-map.js";
import { uuidType } from "./uuid.js";
import type { JsonSchema } from "../model.js";

export type { FieldType } from "./field-type.js";

/**
 * Every field type, once. The order is the matching priority: a property is of the first type
 * whose `matches` accepts it, so a narrower type (a language map is an object, a uuid a string)
 * comes before the one it narrows. Adding a field type: its file, and a line here.
 */
export const builtInFieldTypes: readonly FieldType[] = [
  textOrLanguageMapType,
  languageMapType,
  uuidType,
  dateTimeType,
  dateType,
  decimalType,
  textType,
  integerType,
  numberType,
  booleanType,
  jsonType,
];

/** Types registered at run time (a test's fixture type): tried before the listed ones. */
const registered: FieldType[] = [];

/** The types in matching order. */
export const fieldTypes = (): readonly FieldType[] => [...registered, ...builtInFieldTypes];

/**
 * Adds a type without editing the list (tests use it for a fixture type); it is tried before the
 * listed ones, being usually a narrower form of one of them. Returns the function that takes it
 * away again. Register before loading the schemas that use it.
 */
export function registerFieldType(type: FieldType): () => void {
  if (fieldTypes().some((t) => t.kind === type.kind))
    throw new Error(`a field type of kind ${type.kind} is already registered`);
  registered.unshift(type);
  byKind = undefined;
  return () => {
    const at = registered.indexOf(type);
    if (at >= 0) registered.splice(at, 1);
    byKind = undefined;
  };
}

/** The types by kind (kinds are unique), made again when a type is registered or taken away. */
let byKind: Map<string, FieldType> | undefined;

/** The type of a property schema, or undefined when no type takes it. */
export const fieldTypeFor = (schema: JsonSchema): FieldType | undefined => fieldTypes().find((t) => t.matches(schema));

/** The type of a field, by its kind. */
export function fieldTypeOf(kind: string): FieldType {
  // A look-up on every filter value and written column: no list of the types made each time.
  byKind ??= new Map(fieldTypes().map((t) => [t.kind, t]));
  const type = byKind.get(kind);
  if (!type) throw new Error(`no field type of kind ${kind}`);
  return type;
}

/** Every `format` some type answers to: what a schema file may name (the meta-schema's list). */
export const knownFormats = (): string[] => [...new Set(fieldTypes().flatMap((t) => t.formats ?? []))];
