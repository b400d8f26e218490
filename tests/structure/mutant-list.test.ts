// `npm run mutants` (scripts/lib/mutant-list.ts) edits the code by exact text: when the code moves
// on, a mutant's text disappears and the mutant no longer tests anything (the identity and
// paid-after-failed mutants once went stale that way). Each text must be in its file exactly once, and
// each mutant's test files must exist.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mutants } from "../../scripts/lib/mutant-list.js";
import { paths } from "../../server/config.js";

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("npm run mutants' list", () => {
  it.each(mutants.map((m) => [m.name, m] as const))("%s: each text to change is in its file once, its tests exist", (_name, mutant) => {
    for (const change of mutant.changes) {
      expect(occurrences(readFileSync(join(paths.root, change.file), "utf8"), change.from), `${change.file}: ${change.from}`).toBe(1);
    }
    expect(mutant.tests.filter((file) => !existsSync(join(paths.root, file)))).toEqual([]);
  });

  it("names are unique", () => {
    expect(new Set(mutants.map((m) => m.name)).size).toBe(mutants.length);
  });
});
