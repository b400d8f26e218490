import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { paths } from "../../server/config.js";

const mantine = join(paths.root, "node_modules", "@mantine", "core");
const components = join(mantine, "esm", "components");
/** Component folders: components/{Name} and the shared pieces in utils/{Name} (InlineInput). */
const componentDir = (name: string) =>
  [join(components, name), join(mantine, "esm", "utils", name)].find((dir) => existsSync(dir));

/** Source files under `dir` (recursively), .ts and .tsx. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The names a file imports from "@mantine/core" ("Button", "Grid" for Grid.Col's import). */
function mantineImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@mantine\/core"/g)].flatMap((m) =>
    m[1]!
      .split(",")
      .map(
        (s) =>
          s
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  );
}

/** The Mantine components a component's own module files import (Menu → Popover, …). */
function componentDependencies(component: string): string[] {
  const dir = componentDir(component);
  if (!dir) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".mjs"))
    .flatMap((file) =>
      [...readFileSync(join(dir, file), "utf8").matchAll(/from ["'](?:\.\.\/)+(?:utils\/)?([A-Z][A-Za-z]+)\//g)].map(
        (m) => m[1]!,
      ),
    );
}

/**
 * Every Mantine component `files` render, with the components those render in turn: the set
 * whose style sheets the site must load (names as in @mantine/core/styles/{Name}.css).
 */
export function mantineComponentsUsed(files: string[], roots: string[] = []): string[] {
  const found = new Set<string>();
  const queue = [...roots, ...files.flatMap(mantineImports)].filter((name) => componentDir(name));
  while (queue.length) {
    const name = queue.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    queue.push(...componentDependencies(name));
  }
  return [...found].filter((name) => existsSync(join(mantine, "styles", `${name}.css`))).sort();
}
