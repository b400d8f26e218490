import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Import circles among the source files: each folder below may import its lower layers, and no
 * file may come back round to itself through others. A circle means two parts each need the other
 * (neither can be read, tested or replaced alone), and at run time the file first loaded sees the
 * other half of the circle still undefined.
 *
 * Two graphs are checked. At run time (static imports, re-exports, dynamic `import()`; type-only
 * imports are erased by the compiler) there is no circle at all. With the type-only imports too,
 * a circle is still the wrong direction of a dependency (server/config.ts named the payment
 * providers' types while they read the config; notification's owner mail read rbac's roles while
 * rbac used notification), so it is refused as well, but for the exceptions listed below with
 * their reason.
 */
const root = resolve(import.meta.dirname, "../..");
/** The source folders (app/ is the composition root, common/ what server/ and web/ share). */
const FOLDERS = ["engine", "server", "web", "scripts", "common", "app"].filter((folder) =>
  existsSync(join(root, folder)),
);

/** Circles allowed through type-only imports, each with its files and why it stays. */
const ALLOWED_TYPE_CIRCLES: { files: string[]; reason: string }[] = [
  {
    files: [
      "web/admin/form/form-dialog.tsx",
      "web/admin/relations/relation-sub-tables.tsx",
      "web/admin/relations/relation-table-context.ts",
      "web/admin/table/model-table.tsx",
    ],
    reason:
      "the admin's natural recursion: a table opens a record's form, whose relation sub-tables are tables again. At run time the table hands itself down through React context (relation-table-context.ts), which names its props' type only",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "dist" || entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(tsx?|m?js)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * Statements start a line; the lazy middle stops at a semicolon, quote or backtick, so a match
 * never runs from one statement into the next.
 */
const FROM = /^[ \t]*(import|export)\s+(type\s+)?([^;"'`]*?)\s*from\s*["']([^"']+)["']/gm;
const BARE = /^[ \t]*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** `{ type A, type B }` alone: erased like `import type`. */
const onlyTypes = (clause: string) =>
  /^\{[\s\S]*\}$/.test(clause.trim()) &&
  clause
    .replace(/[{}\s]/g, "")
    .split(",")
    .filter(Boolean)
    .every((name) => name.startsWith("type"));

interface Import {
  specifier: string;
  /** Erased by the compiler: `import type …`, `export type … from`, `import { type A }`. */
  typeOnly: boolean;
}

/** The relative imports of a file's text (regex-read: the compiler here has no JS API). */
function importsOf(text: string): Import[] {
  const found: Import[] = [];
  for (const [, , typeKeyword, clause, specifier] of text.matchAll(FROM))
    found.push({ specifier: specifier!, typeOnly: Boolean(typeKeyword) || onlyTypes(clause!) });
  for (const [, specifier] of text.matchAll(BARE)) found.push({ specifier: specifier!, typeOnly: false });
  for (const [, specifier] of text.matchAll(DYNAMIC)) found.push({ specifier: specifier!, typeOnly: false });
  return found.filter((found) => found.specifier.startsWith("."));
}

/** "./x.js" from a file → the source file it names (undefined for assets such as .css). */
function resolveImport(from: string, specifier: string): string | undefined {
  const named = resolve(dirname(from), specifier);
  const base = named.replace(/\.js$/, "");
  const candidates = [`${base}.ts`, `${base}.tsx`, named, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile() && /\.(tsx?|m?js)$/.test(path));
}

type Graph = Map<string, string[]>;

/** File → the files it imports, both relative to the project; with `types`, type-only imports too. */
function importGraph(types: boolean): Graph {
  const graph: Graph = new Map();
  for (const file of FOLDERS.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const imports = importsOf(readFileSync(file, "utf8")).filter((found) => types || !found.typeOnly);
    const targets = imports.flatMap((found) => resolveImport(file, found.specifier) ?? []);
    graph.set(relative(root, file), [...new Set(targets.map((target) => relative(root, target)))]);
  }
  return graph;
}

/** The files that import one another round (strongly connected components, Tarjan's algorithm). */
function circles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components;
}

/** One concrete circle inside a component: breadth-first from its first file back to itself. */
function circleIn(graph: Graph, members: Set<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** What a failure prints: each circle's size, one way round it, and all its files. */
const described = (graph: Graph, component: string[]) =>
  `${component.length === 1 ? "a file imports itself" : `${component.length} files import one another round`}, e.g. ${circleIn(graph, new Set(component)).join(" → ")}\n  its files: ${component.join(", ")}`;

const sameFiles = (component: string[], files: string[]) =>
  component.length === files.length && files.every((file) => component.includes(file));

describe(`the import graph of ${FOLDERS.map((folder) => `${folder}/`).join(", ")}`, () => {
  const runTime = importGraph(false);
  const withTypes = importGraph(true);

  test("it is read, with type-only imports told apart (erased at run time)", () => {
    expect(runTime.get("web/site/variants.ts")).toContain("web/site/modules/ecommerce/index.ts");
    expect(runTime.get("web/admin/table/model-table.tsx")).toContain("web/admin/form/form-dialog.tsx");
    expect(runTime.get("server/app.ts")).toContain("server/modules/index.ts");
    expect(runTime.get("server/modules/index.ts")).toContain("server/modules/rbac/index.ts");
    // rbac's services use notification's queue by its type only.
    expect(withTypes.get("server/modules/rbac/rbac-services.ts")).toContain("server/modules/notification/index.ts");
    expect(runTime.get("server/modules/rbac/rbac-services.ts")).not.toContain("server/modules/notification/index.ts");
    expect(
      importsOf(
        'import type { A } from "./a.js";\nimport { type B, type C } from "./b.js";\nexport type { D } from "./d.js";',
      ),
    ).toEqual([
      { specifier: "./a.js", typeOnly: true },
      { specifier: "./b.js", typeOnly: true },
      { specifier: "./d.js", typeOnly: true },
    ]);
    expect(
      importsOf(
        'import { a, type B } from "./a.js";\nexport * from "./b.js";\nimport "./c.js";\nconst d = await import("./d.js");',
      ).map((found) => found.typeOnly),
    ).toEqual([false, false, false, false]);
  });

  test("no file imports itself back at run time", () => {
    const found = circles(runTime).map((component) => described(runTime, component));
    expect(found, found.join("\n")).toEqual([]);
  });

  test("nor through type-only imports, but the listed exceptions", () => {
    const found = circles(withTypes)
      .filter((component) => !ALLOWED_TYPE_CIRCLES.some((allowed) => sameFiles(component, allowed.files)))
      .map((component) => described(withTypes, component));
    expect(found, found.join("\n")).toEqual([]);
  });

  test("each listed exception is still a circle (one that is gone leaves the list)", () => {
    const all = circles(withTypes);
    for (const allowed of ALLOWED_TYPE_CIRCLES)
      expect(
        all.some((component) => sameFiles(component, allowed.files)),
        allowed.files.join(", "),
      ).toBe(true);
  });

  test("a circle is found and named by its files", () => {
    const graph: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(circles(graph).map((component) => described(graph, component))).toEqual([
      "3 files import one another round, e.g. a.ts → b.ts → c.ts → a.ts\n  its files: a.ts, b.ts, c.ts",
      "a file imports itself, e.g. e.ts → e.ts\n  its files: e.ts",
    ]);
  });
});
