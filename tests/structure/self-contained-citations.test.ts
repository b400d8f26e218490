// The repository speaks only of itself: no tracked file cites the design documents the project
// began from (SPEC, API, ARCHITECTURE, PAYMENTS .md), a folder beside the repository, or a numbered
// issue of a tracker a reader does not have. A fact is cited by the docs/ page that holds it, or
// stated where it is used; a guard says what it guards against, not which ticket asked for it.
// The table shows the checker catching each spelling and passing numbers that are not citations.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { findCitations } from "../helpers/outside-citations.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** Tracked files the scan leaves out, each with the reason. */
const SKIPPED: Record<string, string> = {
  "package-lock.json": "written by npm: package names and hashes, no prose",
  // The migrator keeps a sha256 of each applied file, comments included (engine/sql/migration-files.ts),
  // and refuses to start on a database where an applied migration's file changed: its text is frozen.
  "migrations/0016_anonymous_role_order_links.sql": "an applied migration: its checksum covers its comments",
  // The checker and its cases spell out what they look for.
  "tests/helpers/outside-citations.ts": "the rules themselves",
  "tests/structure/self-contained-citations.test.ts": "the table of cases",
};

function trackedTextFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return listed.split("\0").filter((file) => file && !(file in SKIPPED) && !file.split("/").includes("node_modules"));
}

describe("citations a reader can follow", () => {
  it("no tracked file cites an outside document, a folder beside the repository or a tracker's issue", () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      let buffer: Buffer;
      try {
        buffer = readFileSync(join(ROOT, file));
      } catch {
        return []; // listed by git but deleted in the work tree
      }
      if (buffer.includes(0)) return []; // images and other binary files
      return findCitations(file, buffer.toString("utf8"));
    });
    const counts = new Map<string, { files: Set<string>; lines: number }>();
    for (const citation of found) {
      const count = counts.get(citation.rule) ?? { files: new Set(), lines: 0 };
      count.files.add(citation.file);
      count.lines++;
      counts.set(citation.rule, count);
    }
    const summary = [...counts].map(([rule, count]) => `${rule}: ${count.lines} lines in ${count.files.size} files`);
    const places = found.map((citation) => `${citation.file}:${citation.line} ${citation.rule}: "${citation.text}"`);
    expect([...summary, ...places]).toEqual([]);
  });
});

// The spellings the checker catches, written in pieces so that this file itself cites nothing.
const md = (name: string) => `${name}.md`;
const ISSUE = "issue";

describe("the checker", () => {
  it.each([
    ["a design document", `see ${md("SPEC")} § Cart`, "outside document"],
    ["the API document in parentheses", `the error body (${md("API")})`, "outside document"],
    ["the architecture document", `${md("ARCHITECTURE")}'s promise`, "outside document"],
    ["the payments document", `${md("PAYMENTS")}'s worked vector`, "outside document"],
    ["a path beside the repository", `// (../${"shared"}/notes.md)`, "folder beside the repository"],
    ["an issue", `checks the key first (${ISSUE} 24)`, "issue number"],
    ["an issue, capitalised and possessive", `${ISSUE.replace("i", "I")} 13's walkthrough`, "issue number"],
    ["two issues", `${ISSUE}s 12 and 17`, "issue number"],
    ["an issue with a hash", `${ISSUE} #31`, "issue number"],
    ["a hash number in parentheses", "refresh tokens rotate (#31)", "issue number in parentheses"],
    ["a hash number after see", "see #31 for why", "issue number after a word"],
    ["another project's tracker", "as strapi#5767 does", "another tracker's issue"],
  ])("catches %s", (_, line, rule) => {
    const found = findCitations("x.ts", `first line\n${line}\n`);
    expect(found.map((c) => [c.line, c.rule.startsWith(rule)])).toContainEqual([2, true]);
  });

  it.each([
    ["a hex colour", 'color: "#123"'],
    ["a hex colour in CSS", "border: 1px solid #123;"],
    ["a status code", "answers HTTP 404"],
    ["a country standard", "ISO 3166 country codes"],
    ["a one-time password standard", "RFC 6238 codes"],
    ["a hash name", 'createHash("sha256")'],
    ["our own docs pages", "docs/api.md and docs/payments.md"],
    ["an HTML entity", 'replace(/\'/g, "&#39;")'],
    ["a key that starts with a hash", 'const NOT_FOUND_PATH = "#404";'],
    ["a markdown heading", "## 2. Shop"],
    ["the word issue without a number", "the issue is the token's age"],
    ["a relative path inside the repository", "../shared-changes.ts"],
  ])("passes %s", (_, line) => {
    expect(findCitations("x.ts", line)).toEqual([]);
  });
});
