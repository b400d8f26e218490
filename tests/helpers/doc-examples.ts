import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";

// Worked examples taken from a docs page: each code block right after `<!-- file: path -->` is
// that file of the project. Written out beside the tree, each relative import points at the real
// file it names (so the example runs against the same modules as the app) or at another example.

const ROOT = join(import.meta.dirname, "../..");
const BLOCK = /<!--\s*file:\s*(\S+)\s*-->\s*\n```[a-z]*\n([\s\S]*?)\n```/g;

/** The page's example files: path in the project → its text. */
export function examplesOf(markdown: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, path, code] of markdown.matchAll(BLOCK)) files.set(path!, code!);
  return files;
}

/** Writes the examples to a temporary folder; `pathOf(file)` is where each one is, `cleanup()` removes them. */
export function writeExamples(files: Map<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "doc-examples-"));
  const at = (path: string) => join(dir, path);
  for (const [path, code] of files) {
    const text = code.replace(
      /(from\s*["']|import\s*\(\s*["'])(\.{1,2}\/[^"']+)(["'])/g,
      (_, before: string, specifier: string, after: string) => {
        const target = posix.normalize(posix.join(posix.dirname(path), specifier));
        const example = [...files.keys()].find((p) => p.replace(/\.tsx?$/, ".js") === target);
        return `${before}${example ? at(example).replace(/\.tsx?$/, ".js") : join(ROOT, target)}${after}`;
      },
    );
    mkdirSync(dirname(at(path)), { recursive: true });
    writeFileSync(at(path), text);
  }
  return { dir, pathOf: at, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
