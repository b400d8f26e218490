import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import type { FieldType } from "../../../engine/schema/field-types/field-type.js";
import { builtInFieldTypes } from "../../../engine/schema/field-types/index.js";

// A field type is its file (engine/schema/field-types/<name>.ts) and its test beside it here
// (<name>.test.ts, calling tests/helpers/field-type-cases.ts): vitest collects tests/ only.

const TYPES_DIR = join(import.meta.dirname, "../../../engine/schema/field-types");

const isFieldType = (value: unknown): value is FieldType =>
  typeof value === "object" && value !== null && "kind" in value && "matches" in value && "examples" in value;

it("every file exporting a field type has its test here, and every listed type is in such a file", async () => {
  const files: { name: string; kinds: string[] }[] = [];
  for (const file of readdirSync(TYPES_DIR).filter((f) => f.endsWith(".ts"))) {
    const exports: Record<string, unknown> = await import(pathToFileURL(join(TYPES_DIR, file)).href);
    const kinds = Object.values(exports)
      .filter(isFieldType)
      .map((t) => t.kind);
    if (kinds.length && file !== "index.ts") files.push({ name: file.replace(/\.ts$/, ""), kinds });
  }
  const missing = files
    .filter((f) => !existsSync(join(import.meta.dirname, `${f.name}.test.ts`)))
    .map((f) => `tests/engine/field-types/${f.name}.test.ts`);
  expect(missing, "a field type file without its test").toEqual([]);
  expect(files.flatMap((f) => f.kinds).sort()).toEqual(builtInFieldTypes.map((t) => t.kind).sort());
});
