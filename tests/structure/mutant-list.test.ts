// `npm run mutants` (scripts/lib/mutant-list.ts) edits the code by exact text: when the code moves
// on, a mutant's text disappears and the mutant no longer tests anything (the identity and
// paid-after-failed mutants once went stale that way). Each text must be in its file exactly once, and
// each mutant's test files must exist. A text is found as written or as the formatter laid it out
// (scripts/lib/mutant-text.ts, whose cases are below).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mutants } from "../../scripts/lib/mutant-list.js";
import { locate, replaceOnce } from "../../scripts/lib/mutant-text.js";
import { paths } from "../../server/config.js";

describe("npm run mutants' list", () => {
  it.each(mutants.map((m) => [m.name, m] as const))(
    "%s: each text to change is in its file once, its tests exist",
    (_name, mutant) => {
      for (const change of mutant.changes) {
        expect(
          locate(readFileSync(join(paths.root, change.file), "utf8"), change.from),
          `${change.file}: ${change.from}`,
        ).toBeDefined();
      }
      expect(mutant.tests.filter((file) => !existsSync(join(paths.root, file)))).toEqual([]);
    },
  );

  it.each([
    ["as written", "const a = f(x, y);", "f(x, y)", "const a = g();"],
    ["broken over lines with a trailing comma", "const a = f(\n  x,\n  y,\n);", "f(x, y)", "const a = g();"],
    ["single quotes made double", 'const a = f("x");', "f('x')", "const a = g();"],
  ])("finds a text %s", (_how, source, from, expected) => {
    expect(replaceOnce(source, from, "g()")).toBe(expected);
  });

  it.each([
    ["absent", "const a = h(x);", "f(x)"],
    ["twice", "f(x); f(x);", "f(x)"],
    ["twice once laid out", "f(x); f(\n  x,\n);", "f(x)"],
    ["with other text between", "f(x, z, y)", "f(x, y)"],
  ])("refuses a text that is %s", (_how, source, from) => {
    expect(locate(source, from)).toBeUndefined();
  });

  it("names are unique", () => {
    expect(new Set(mutants.map((m) => m.name)).size).toBe(mutants.length);
  });
});
