/**
 * `npm run mutants`: single-point mutants (scripts/lib/mutant-list.ts), re-run. Each one breaks the
 * code in one place (a float sum, a hidden field on a later page, an identity deleted with no
 * proof…), runs the test files that must catch it, and puts the code back. A mutant that every
 * test survives is a hole in the suite, and one whose text is no longer in the code is stale (the
 * list must follow the code): the script says which, runs the rest, and exits 1.
 *
 * It edits the working tree while a mutant runs (restored in `finally`, also on Ctrl-C), so run
 * it on a clean checkout. MUTANTS=name,name runs some; TEST_DATABASE_URL is passed on to the
 * tests, and a mutant that only shows on a PostgreSQL server says so and is skipped without it.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mutants, type Mutant } from "./lib/mutant-list.js";
import { replaceOnce } from "./lib/mutant-text.js";

/** Applies every change or none: a change whose text is not found exactly once puts the others back and returns the reason. */
function apply(mutant: Mutant): (() => void) | string {
  const originals = new Map<string, string>();
  const restore = () => {
    for (const [file, text] of originals) writeFileSync(file, text);
  };
  for (const change of mutant.changes) {
    const text = originals.get(change.file) ?? readFileSync(change.file, "utf8");
    originals.set(change.file, text);
    const current = readFileSync(change.file, "utf8");
    const changed = replaceOnce(current, change.from, change.to);
    if (changed === undefined) {
      restore();
      return `the text to change is not found exactly once in ${change.file}: ${change.from}`;
    }
    writeFileSync(change.file, changed);
  }
  return restore;
}

/** "stale": the code moved on and the mutant's text is gone; the list must follow it (it fails the run). */
function run(mutant: Mutant): "caught" | "survived" | "skipped" | "stale" {
  if (mutant.postgresOnly && !process.env.TEST_DATABASE_URL) return "skipped";
  if (mutant.replicaOnly && !(process.env.TEST_DATABASE_URL && process.env.TEST_REPLICA_URL)) return "skipped";
  const restore = apply(mutant);
  if (typeof restore === "string") {
    console.log(`  ${mutant.name}: STALE, ${restore}`);
    return "stale";
  }
  const onSignal = () => {
    restore();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  try {
    const result = spawnSync("npx", ["vitest", "run", ...mutant.tests], {
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      env: process.env,
    });
    const failed = /(\d+) failed/.exec(result.stdout)?.[1];
    console.log(`  ${mutant.name}: exit ${result.status}${failed ? `, ${failed} tests failed` : ""}`);
    return result.status === 0 ? "survived" : "caught";
  } finally {
    process.off("SIGINT", onSignal);
    restore();
  }
}

const only = process.env.MUTANTS?.split(",").map((s) => s.trim());
const chosen = only ? mutants.filter((m) => only.includes(m.name)) : mutants;
const rows = chosen.map((mutant) => ({ mutant, outcome: run(mutant) }));
console.log("");
for (const { mutant, outcome } of rows) console.log(`${outcome.padEnd(8)}  ${mutant.name.padEnd(28)}  ${mutant.what}`);
const count = (outcome: string) => rows.filter((r) => r.outcome === outcome).length;
console.log(
  `\n${count("caught")} caught, ${count("survived")} survived, ${count("stale")} stale, ${count("skipped")} skipped (PostgreSQL only)`,
);
process.exit(count("survived") + count("stale") > 0 ? 1 : 0);
