import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildField, ENGLISH_TITLE, type EnumLists } from "./build-field.js";
import { knownFormats } from "./field-types/index.js";
import { flatten } from "./flatten.js";
import { readSchemaFiles, type SchemaFile } from "./read-files.js";
import { SchemaError } from "./schema-error.js";
import { Registry } from "./registry.js";
import type { Model } from "./model.js";
import { publishedModelOf } from "./published-model.js";
import { tableName } from "../sql/identifiers.js";
// Imported, not read from disk beside this file: the compiled server (npm run build) carries it inside.
import metaSchema from "./meta-schema.json" with { type: "json" };

const ajv = new Ajv2020({ allErrors: false, strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

/**
 * The meta-schema with `format` limited to the formats the field types answer to, compiled again
 * only when a type registered since adds one.
 */
let compiledMeta: { formats: string; check: ValidateFunction } | undefined;
function metaCheck(): ValidateFunction {
  const formats = knownFormats();
  if (compiledMeta?.formats !== formats.join()) {
    const schema = structuredClone(metaSchema);
    (schema.$defs.property.properties as Record<string, object>).format = { enum: formats };
    if (compiledMeta) ajv.removeSchema(metaSchema.$id);
    compiledMeta = { formats: formats.join(), check: ajv.compile(schema) };
  }
  return compiledMeta.check;
}

export interface LoadOptions {
  /** The lists `x-enum-from` fields name (the server passes its payment providers' names). */
  enums?: EnumLists;
}

/** Loads every schema file under `dir`, checks it, and builds the model registry. */
export function loadRegistry(dir: string, options: LoadOptions = {}): Registry {
  const { defs, files } = readSchemaFiles(dir);
  const models = files.map((source) => buildModel(source, defs, options.enums));
  const registry = new Registry(models);
  for (const model of models) checkLinks(model, registry, files.find((f) => f.file === model.file)!);
  for (const model of models) checkDrafts(model, registry, files.find((f) => f.file === model.file)!);
  for (const model of models) if (model.drafts) model.published = publishedModelOf(model);
  for (const model of models)
    if (model.ownsChild) linkOwned(model, registry, files.find((f) => f.file === model.file)!);
  return registry;
}

/**
 * An `x-owned` relation: deleting its parent record, or the link itself, deletes the child record
 * it links (an identity goes with its subject, so its email is free again).
 */
function linkOwned(relation: Model, registry: Registry, source: SchemaFile) {
  const keys = relation.fields.filter((f) => f.references);
  if (relation.kind !== "relation" || keys.length !== 2)
    throw new SchemaError(source.file, "/x-owned", "applies to a relation with two foreign keys");
  const [parentKey, childKey] = keys as [Model["fields"][number], Model["fields"][number]];
  const child = registry.get(childKey.references!.model);
  const owned = (matchKey: string) => ({
    link: { model: relation.id, table: relation.table, matchKey, childKey: childKey.name },
    child: { model: child.id, table: child.table },
  });
  registry.get(parentKey.references!.model).owned.push(owned(parentKey.name));
  relation.owned.push(owned("id"));
}

const knownKeywords = new Set((metaSchema.$defs.property.propertyNames.anyOf[1] as { enum: string[] }).enum);

/** A misspelt x- keyword gets its own message: Ajv's propertyNames error would not name it. */
function checkKeywords(source: SchemaFile) {
  for (const [name, property] of Object.entries<Record<string, unknown>>(source.json.properties ?? {})) {
    for (const key of Object.keys(property ?? {})) {
      if (key.startsWith("x-") && !knownKeywords.has(key)) {
        throw new SchemaError(
          source.file,
          `/properties/${name}/${key}`,
          `is not a known keyword (known: ${[...knownKeywords].join(", ")})`,
        );
      }
    }
  }
}

function buildModel(source: SchemaFile, defs: Map<string, SchemaFile>, enums: EnumLists = {}): Model {
  checkKeywords(source);
  const checkMeta = metaCheck();
  if (!checkMeta(source.json)) {
    const error = checkMeta.errors![0]!;
    const extra = error.params && "additionalProperty" in error.params ? ` (${error.params.additionalProperty})` : "";
    const allowed =
      error.params && "allowedValues" in error.params ? `: ${JSON.stringify(error.params.allowedValues)}` : "";
    throw new SchemaError(source.file, error.instancePath, `${error.message}${extra}${allowed}`);
  }
  const json = source.json;
  if (json.$id !== source.expectedId) {
    throw new SchemaError(source.file, "/$id", `must be "${source.expectedId}" to match the file's path`);
  }
  const flat = flatten(source, defs);
  for (const [i, name] of (json.required ?? []).entries()) {
    if (!flat.properties[name])
      throw new SchemaError(source.file, `/required/${i}`, `names a missing property ${name}`);
  }
  for (const [i, names] of (json["x-unique-together"] ?? ([] as string[][])).entries()) {
    for (const [j, name] of names.entries()) {
      if (!flat.properties[name])
        throw new SchemaError(source.file, `/x-unique-together/${i}/${j}`, `names a missing property ${name}`);
    }
  }
  if (json["x-title"]?.en !== undefined) throw new SchemaError(source.file, "/x-title/en", ENGLISH_TITLE);
  // Internal storage has no routes to grant.
  if (json["x-internal"] === true && json["x-access"])
    throw new SchemaError(source.file, "/x-access", "cannot grant access to an x-internal model (it has no routes)");
  const fields = Object.entries(flat.properties).map(([name, schema]) =>
    buildField(source.file, name, schema, flat.required.includes(name), enums),
  );
  const [module, name] = json.$id.split("/") as [string, string];
  const fieldMap = new Map(fields.map((f) => [f.name, f]));
  return {
    id: json.$id,
    module,
    name,
    title: json.title,
    titles: json["x-title"] ?? {},
    description: json.description,
    kind: flat.bases.includes("_defs/relation") ? "relation" : "entity",
    table: tableName(module, name),
    file: source.file,
    fields,
    fieldMap,
    embed: json["x-embed"] ?? [],
    internal: json["x-internal"] === true,
    access: json["x-access"] ?? {},
    uniqueTogether: json["x-unique-together"] ?? [],
    ownsChild: json["x-owned"] === true,
    owned: [],
    drafts: json["x-drafts"] === true,
    defaultOrder: [
      ...(fieldMap.has("orderIndex") ? [{ column: "orderIndex", direction: "asc" as const }] : []),
      { column: "createdAt", direction: "asc" as const },
    ],
  };
}

/**
 * A drafted relation row is published with its parent's tree, so its parent must be drafted too
 * (a relation of an order to a product stays live: orders are not content).
 */
function checkDrafts(model: Model, registry: Registry, source: SchemaFile) {
  if (!model.drafts) return;
  if (model.internal) throw new SchemaError(source.file, "/x-drafts", "cannot apply to an x-internal model");
  const parent = model.kind === "relation" ? model.fields.find((f) => f.references)?.references?.model : undefined;
  if (parent && !registry.get(parent).drafts)
    throw new SchemaError(source.file, "/x-drafts", `needs its parent ${parent} to have x-drafts too`);
}

/** Checks references between files: foreign keys and embedded relations must name real models. */
function checkLinks(model: Model, registry: Registry, source: SchemaFile) {
  for (const field of model.fields) {
    const target = field.references?.model;
    if (target && !registry.find(target)) {
      throw new SchemaError(
        source.file,
        `/properties/${field.name}/x-references/model`,
        `names a missing model ${target}`,
      );
    }
  }
  for (const [i, id] of model.embed.entries()) {
    const relation = registry.find(id);
    if (!relation) throw new SchemaError(source.file, `/x-embed/${i}`, `names a missing model ${id}`);
    if (!relation.fields.some((f) => f.references?.model === model.id)) {
      throw new SchemaError(source.file, `/x-embed/${i}`, `${id} has no foreign key to ${model.id}`);
    }
  }
}
