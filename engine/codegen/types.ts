import { compile } from "json-schema-to-typescript";
import type { Registry } from "../schema/registry.js";
import { GENERATED_BANNER, recordSchema, typeName } from "./record-schema.js";

export { GENERATED_BANNER };

/** One TypeScript interface per model, plus a map from model id to type. */
export async function generateTypes(registry: Registry): Promise<string> {
  const parts: string[] = [GENERATED_BANNER, ""];
  for (const model of registry.models) {
    const code = await compile(recordSchema(model), typeName(model), { bannerComment: "", additionalProperties: false, format: true });
    parts.push(code.trim(), "");
  }
  parts.push("export interface Models {");
  for (const model of registry.models) parts.push(`  ${JSON.stringify(model.id)}: ${typeName(model)};`);
  parts.push("}", "");
  return parts.join("\n");
}
