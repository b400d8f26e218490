import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { fieldTypeOf, fieldTypes } from "../schema/field-types/index.js";
import type { Field, JsonSchema, Model } from "../schema/model.js";
import type { ErrorCause } from "../errors.js";

const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

/** The formats field types define (decimal), with the cause a value failing one gets. */
const formatMessages = new Map<string, string>();
/** Adds the formats of types registered since the last compile (validators compile lazily, per model). */
function addTypeFormats() {
  for (const type of fieldTypes()) {
    for (const [name, format] of Object.entries(type.write?.ajvFormats ?? {})) {
      if (formatMessages.has(name)) continue;
      ajv.addFormat(name, format.pattern);
      formatMessages.set(name, format.message);
    }
  }
}

/** Fields a client may write: not hidden, not maintained by the server. */
export const writableFields = (model: Model) => model.fields.filter((f) => !f.hidden && !f.readOnly);

/** The schema narrowed to what the column can hold (the field type says how), so the database never has to refuse a value. */
function withinColumn(field: Field, schema: JsonSchema): JsonSchema {
  const narrow = fieldTypeOf(field.kind).write?.narrow;
  return narrow ? narrow(schema) : schema;
}

/** A property as the write validator sees it: optional columns also take null, to clear them. */
function writeSchema(field: Field): JsonSchema {
  const { readOnly, default: _default, ...base } = field.schema;
  const schema = withinColumn(field, base);
  if (field.required) return schema;
  // A type that is a list already (a text or a language map) takes null as one more.
  const nullable = [...[schema.type].flat(), "null"];
  if (schema.enum) return { ...schema, type: nullable, enum: [...schema.enum, null] };
  return { ...schema, type: nullable };
}

function objectSchema(model: Model, mode: "create" | "update", trusted: boolean): JsonSchema {
  const fields = trusted ? model.fields.filter((f) => !f.readOnly) : writableFields(model);
  const properties: JsonSchema = Object.fromEntries(fields.map((f) => [f.name, writeSchema(f)]));
  // A client may choose the id of a new record (imports, idempotent retries).
  if (mode === "create") properties.id = { type: "string", format: "uuid" };
  const required =
    mode === "create"
      ? fields.filter((f) => f.required && f.default === undefined && !f.generated).map((f) => f.name)
      : [];
  return { type: "object", properties, required, additionalProperties: false };
}

export interface ModelValidators {
  create: ValidateFunction;
  update: ValidateFunction;
}

const caches = { client: new WeakMap<Model, ModelValidators>(), trusted: new WeakMap<Model, ModelValidators>() };

/** Validators for client writes, or (trusted) for module code that also writes hidden fields. */
export function validatorsFor(model: Model, trusted = false): ModelValidators {
  const cache = trusted ? caches.trusted : caches.client;
  let validators = cache.get(model);
  if (!validators) {
    addTypeFormats();
    validators = {
      create: ajv.compile(objectSchema(model, "create", trusted)),
      update: ajv.compile(objectSchema(model, "update", trusted)),
    };
    cache.set(model, validators);
  }
  return validators;
}

/** Ajv errors as the error body's causes (docs/api.md "Errors"): `{ path: "/slug", message: "must be string" }`. */
export function causesOf(errors: ErrorObject[] | null | undefined, prefix = ""): ErrorCause[] {
  return (errors ?? []).map((e) => {
    if (e.keyword === "required") return { path: `${prefix}/${e.params.missingProperty}`, message: "is required" };
    if (e.keyword === "additionalProperties") {
      return { path: `${prefix}${e.instancePath}/${e.params.additionalProperty}`, message: "is not a writable field" };
    }
    if (e.keyword === "enum") {
      return {
        path: `${prefix}${e.instancePath}`,
        message: `must be one of ${e.params.allowedValues.filter((v: unknown) => v !== null).join(", ")}`,
      };
    }
    const formatMessage = e.keyword === "format" ? formatMessages.get(e.params.format) : undefined;
    if (formatMessage) return { path: `${prefix}${e.instancePath}`, message: formatMessage };
    return { path: `${prefix}${e.instancePath}`, message: e.message ?? "is invalid" };
  });
}
