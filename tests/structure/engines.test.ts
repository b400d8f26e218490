// The Node versions package.json declares (`engines.node`) are ones every installed dependency
// runs on: npm warns EBADENGINE when the Node it runs on is outside a dependency's range, so a
// declared range wider than a dependency's promises an install that warns (the
// project once said Node >= 20 while cookie@2 needed 22.12; Vite, Rolldown and the React plugin need
// 20.19 on the 20 line, sharp 20.9). The check is npm's own range arithmetic (semver's subset).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "../../server/config.js";

const semver = createRequire(import.meta.url)("semver") as {
  subset(inner: string, outer: string): boolean;
  satisfies(version: string, range: string): boolean;
};

const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const ours: string = readJson(join(paths.root, "package.json")).engines.node;

/** Each installed package of the lock (platform packages not installed here are skipped) with its engines.node. */
function installedRanges(): { name: string; range: string }[] {
  const lock = readJson(join(paths.root, "package-lock.json"));
  return Object.keys(lock.packages)
    .filter((path) => path !== "" && existsSync(join(paths.root, path, "package.json")))
    .map((path) => ({
      name: path.replace(/^.*node_modules\//, ""),
      range: readJson(join(paths.root, path, "package.json")).engines?.node,
    }))
    .filter((p): p is { name: string; range: string } => typeof p.range === "string");
}

/** The packages whose engines.node does not cover every version of `declared`. */
const outside = (declared: string, ranges: { name: string; range: string }[]) =>
  ranges.filter((p) => !semver.subset(declared, p.range)).map((p) => `${p.name} (${p.range})`);

describe("package.json's engines.node", () => {
  it("is inside every installed dependency's engines.node, so npm install warns about no engine", () => {
    const ranges = installedRanges();
    expect(ranges.length).toBeGreaterThan(100);
    expect(outside(ours, ranges)).toEqual([]);
  });

  it("the check sees a range that promises too much (the old >=20) and the lock says what package.json says", () => {
    expect(outside(">=20", installedRanges())).toEqual(expect.arrayContaining([expect.stringMatching(/^vite /)]));
    expect(readJson(join(paths.root, "package-lock.json")).packages[""].engines.node).toBe(ours);
    // The Node this runs on is one of them (CI and the machine the tests run on).
    expect(semver.satisfies(process.versions.node, ours)).toBe(true);
  });
});
