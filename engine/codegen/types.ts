import { compile } from "json-schema-to-typescript";
import type { Registry } from "../schema/registry.js";
import { GENERATED_BANNER, recordSchema, typeName } from "./record-schema.js";

export { GENERATED_BANNER };

/**
 * One TypeScript interface per model, plus a map from model id to type, and a map from model id
 * to its date-time fields (the repository reads those as Date objects; the API sends them as
 * ISO strings, which is what the interfaces say).
 */
export async function generateTypes(registry: Registry): Promise<string> {
  const parts: string[] = [GENERATED_BANNER, ""];
  for (const model of registry.models) {
    const code = await compile(recordSchema(model), typeName(model), { bannerComment: "", additionalProperties: false, format: true });
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
  return parts.join("\n");
}
