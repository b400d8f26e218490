// `npm run generate [-- label]`: writes the next migration, the schema snapshot and the types.
// `npm run generate:check`: fails when any of them is out of date with schemas/ (run in CI).
import { checkGenerated, generate } from "../engine/codegen/generate.js";
import { paths } from "../server/config.js";

const where = { schemasDir: paths.schemas, migrationsDir: paths.migrations, generatedDir: paths.generated };

if (process.argv.includes("--check")) {
  const problems = await checkGenerated(where);
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log("generate:check: migrations, snapshot and types are up to date with schemas/");
} else {
  const label = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "";
  const result = await generate(where, label);
  console.log(
    result.migration
      ? `wrote migrations/${result.migration} (${result.changes.length} statements)`
      : "no schema changes: no migration written",
  );
  for (const change of result.changes.filter((c) => c.destructive))
    console.warn(`  destructive: ${change.destructive}`);
  console.log(`wrote engine/generated/models.ts (${result.models} models)`);
}
