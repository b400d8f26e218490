import { compile } from "json-schema-to-typescript";
import type { Registry } from "../schema/registry.js";
import { GENERATED_BANNER, recordSchema, typeName } from "./record-schema.js";

export { GENERATED_BANNER };

/**
 * One TypeScript interface per model, plus a map from model id to type, and a map from model id
 * to its date-time fields (the repository reads those as Date objects; the API sends them as
 * ISO strings, which is what the interfaces say). Typed queries (engine/query/model-tables.ts)
 * also need what the API never shows: the fields an INSERT may leave out (the database fills
 * them: defaults, uuid and now; a slug or an admin title is the repository's to make) and the hidden columns, which no record interface has.
 */
export async function generateTypes(registry: Registry): Promise<string> {
  const parts: string[] = [GENERATED_BANNER, ""];
  for (const model of registry.models) {
    const code = await compile(recordSchema(model), typeName(model), {
      bannerComment: "",
      additionalProperties: false,
      format: true,
    });
    parts.push(code.trim(), "");
  }
  parts.push("export interface Models {");
  for (const model of registry.models) parts.push(`  ${JSON.stringify(model.id)}: ${typeName(model)};`);
  parts.push("}", "");
  parts.push("export interface ModelDateTimes {");
  for (const model of registry.models) {
    const names = model.fields.filter((f) => f.kind === "datetime" && !f.hidden).map((f) => JSON.stringify(f.name));
    parts.push(`  ${JSON.stringify(model.id)}: ${names.join(" | ") || "never"};`);
  }
  parts.push("}", "");
  parts.push("export interface ModelInsertOptional {");
  for (const model of registry.models) {
    const names = model.fields
      .filter(
        (f) => !f.hidden && (!f.required || f.default !== undefined || f.generated === "uuid" || f.generated === "now"),
      )
      .map((f) => JSON.stringify(f.name));
    parts.push(`  ${JSON.stringify(model.id)}: ${names.join(" | ") || "never"};`);
  }
  parts.push("}", "");
  parts.push("export interface ModelHiddenColumns {");
  for (const model of registry.models) {
    const hidden = model.fields
      .filter((f) => f.hidden)
      .map((f) => `${f.name}${f.required ? "" : "?"}: ${hiddenColumnType(f.column)}${f.required ? "" : " | null"}`);
    parts.push(`  ${JSON.stringify(model.id)}: ${hidden.length ? `{ ${hidden.join("; ")}; }` : "{}"};`);
  }
  parts.push("}", "");
  return parts.join("\n");
}

/** The driver's value for a hidden column (few and simple: text, timestamps, json). */
function hiddenColumnType(column: string): string {
  if (column === "timestamptz") return "Date";
  if (column === "jsonb") return "Record<string, unknown>";
  if (column === "boolean") return "boolean";
  if (column === "integer" || column === "bigint") return "number";
  return "string";
}
