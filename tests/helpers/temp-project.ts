import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { paths } from "../../server/config.js";

/**
 * A throwaway project folder with the real `_defs/` and the given schema files; with
 * `withProjectSchemas`, every real schema too (what the app itself needs, such as rbac's) and the
 * project's migrations, as a project where a schema file is added has them: the hand-written ones
 * (triggers, the audit log's functions) included, the new schema's generated at start.
 */
export function tempProject(files: Record<string, unknown>, options: { withProjectSchemas?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), "schemas-"));
  const schemasDir = join(root, "schemas");
  cpSync(
    options.withProjectSchemas ? paths.schemas : join(paths.schemas, "_defs"),
    options.withProjectSchemas ? schemasDir : join(schemasDir, "_defs"),
    { recursive: true },
  );
  if (options.withProjectSchemas) cpSync(paths.migrations, join(root, "migrations"), { recursive: true });
  const write = (name: string, content: unknown) => {
    const file = join(schemasDir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  };
  for (const [name, content] of Object.entries(files)) write(name, content);
  return {
    root,
    schemasDir,
    migrationsDir: join(root, "migrations"),
    generatedDir: join(root, "generated"),
    write,
    remove: (name: string) => rmSync(join(schemasDir, name)),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export const entity = (id: string, properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: id,
  title: "Thing",
  type: "object",
  allOf: [{ $ref: "../_defs/content" }],
  properties,
  ...extra,
});
