import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The admin speaks the language its person chose in the header (web/admin/admin-language.ts),
 * the browser's only when none was chosen. A text table that read the browser's language itself
 * would stay in it after a switch, so only that file reads it.
 */
const root = resolve(import.meta.dirname, "../..");
const OWNER = "web/admin/admin-language.ts";

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe("the admin's language", () => {
  test("only web/admin/admin-language.ts reads the browser's language", () => {
    const readers = ["web/admin", "web/ui", "common"]
      .flatMap((dir) => files(join(root, dir)))
      .map((file) => relative(root, file))
      .filter((file) => file !== OWNER && /navigator\.languages?\b/.test(readFileSync(join(root, file), "utf8")));
    expect(readers).toEqual([]);
  });
});
