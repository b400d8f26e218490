import { posix } from "node:path";
import { SchemaError } from "./schema-error.js";
import type { SchemaFile } from "./read-files.js";
import type { JsonSchema } from "./model.js";

/** Resolves a `$ref` written in the file with $id `fromId` (RFC 3986 relative reference). */
export function resolveRef(fromId: string, ref: string): string {
  return posix.normalize(posix.join(posix.dirname(fromId), ref));
}

export interface FlatSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
  /** The base chain, e.g. ["_defs/content", "_defs/common"]. */
  bases: string[];
}

/**
 * Turns `allOf: [{$ref: base}]` plus own properties into one flat property list, with every
 * property-level `$ref` (language maps) replaced by the definition merged with its siblings.
 * Own properties override the base's.
 */
export function flatten(source: SchemaFile, defs: Map<string, SchemaFile>): FlatSchema {
  const id = source.json.$id ?? source.expectedId;
  const flat: FlatSchema = { properties: {}, required: [], bases: [] };
  const baseRef = source.json.allOf?.[0]?.$ref;
  if (baseRef) {
    const baseId = resolveRef(id, baseRef);
    const base = defs.get(baseId);
    if (!base) throw new SchemaError(source.file, "/allOf/0/$ref", `points at a missing definition ${baseId}`);
    const inherited = flatten(base, defs);
    Object.assign(flat.properties, inherited.properties);
    flat.required.push(...inherited.required);
    flat.bases.push(baseId, ...inherited.bases);
  }
  for (const [name, property] of Object.entries<JsonSchema>(source.json.properties ?? {})) {
    flat.properties[name] = keepBaseTitles(resolveProperty(source, id, name, property, defs), flat.properties[name]);
  }
  for (const name of source.json.required ?? []) if (!flat.required.includes(name)) flat.required.push(name);
  return flat;
}

function resolveProperty(
  source: SchemaFile,
  id: string,
  name: string,
  property: JsonSchema,
  defs: Map<string, SchemaFile>,
) {
  if (!property.$ref) return property;
  const defId = resolveRef(id, property.$ref);
  const def = defs.get(defId);
  if (!def) throw new SchemaError(source.file, `/properties/${name}/$ref`, `points at a missing definition ${defId}`);
  const { $schema, $id, title, $ref, ...body } = def.json;
  const { $ref: _ignored, ...siblings } = property;
  return { ...body, ...siblings };
}

/**
 * An override that names itself no differently (no `title`, no `x-title`) keeps the base
 * property's translated titles: a model that only makes its `title` searchable (`x-search: "A"`)
 * is still «Заголовок» in Russian without repeating it.
 */
function keepBaseTitles(property: JsonSchema, base: JsonSchema | undefined): JsonSchema {
  if (!base?.["x-title"] || property.title !== undefined || property["x-title"] !== undefined) return property;
  return { ...property, "x-title": base["x-title"] };
}
