import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { SchemaError } from "./schema-error.js";
import type { JsonSchema } from "./model.js";

export interface SchemaFile {
  /** Path relative to the schemas folder's parent, e.g. "schemas/ecommerce/products.json". */
  file: string;
  /** "{module}/{entity}" derived from the path. */
  expectedId: string;
  json: JsonSchema;
}

/** Reads `_defs/*.json` and every `{module}/*.json` under the schemas folder. */
export function readSchemaFiles(dir: string): { defs: Map<string, SchemaFile>; files: SchemaFile[] } {
  const defs = new Map<string, SchemaFile>();
  const files: SchemaFile[] = [];
  for (const folder of readdirSync(dir).sort()) {
    const folderPath = join(dir, folder);
    if (!statSync(folderPath).isDirectory()) continue;
    for (const name of readdirSync(folderPath).sort()) {
      if (!name.endsWith(".json")) continue;
      const full = join(folderPath, name);
      const file = join(relative(join(dir, ".."), dir), folder, name);
      const entry: SchemaFile = { file, expectedId: `${folder}/${name.slice(0, -5)}`, json: parseJson(full, file) };
      if (folder === "_defs") defs.set(entry.expectedId, entry);
      else files.push(entry);
    }
  }
  return { defs, files };
}

function parseJson(full: string, file: string): JsonSchema {
  try {
    const value = JSON.parse(readFileSync(full, "utf8"));
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new SchemaError(file, "", "must be a JSON object");
    }
    return value;
  } catch (error) {
    if (error instanceof SchemaError) throw error;
    throw new SchemaError(file, "", `is not valid JSON: ${(error as Error).message}`);
  }
}
