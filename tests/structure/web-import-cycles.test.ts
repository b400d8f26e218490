import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Import circles among web/ files: the site's variant registry imports every
 * module's variants, so a variant (or anything it imports) that imported the registry back
 * closed a circle through dozens of files. The registry now reaches the views through React
 * context (render/variant-registry-context.ts). The admin had a smaller one: the model table opens
 * a record's dialog, whose relation sub-tables are model tables again; the table now hands itself
 * down through context (admin/relations/relation-table-context.ts). This test keeps all of web/
 * (site, admin, ui, api) free of circles.
 *
 * Edges are the imports that exist at run time: static imports and re-exports, and dynamic
 * `import()` (a variant entry's chunk is still an import of its file). Type-only imports are
 * erased by the compiler, so they close no circle.
 */
const root = resolve(import.meta.dirname, "../..");
const webDir = join(root, "web");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "dist" || entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
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
const onlyTypes = (clause: string) => /^\{[\s\S]*\}$/.test(clause.trim()) && clause.replace(/[{}\s]/g, "").split(",").filter(Boolean).every((name) => name.startsWith("type"));

/** The relative specifiers a file imports at run time (regex-read: the compiler here has no JS API). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const [, , typeKeyword, clause, specifier] of text.matchAll(FROM)) if (!typeKeyword && !onlyTypes(clause!)) found.push(specifier!);
  for (const [, specifier] of text.matchAll(BARE)) found.push(specifier!);
  for (const [, specifier] of text.matchAll(DYNAMIC)) found.push(specifier!);
  return found.filter((specifier) => specifier.startsWith("."));
}

/** "./x.js" from a file → the .ts/.tsx file it names (undefined for assets such as .css). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, "");
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((path) => existsSync(path));
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(webDir)) {
    const targets = runtimeImports(file).flatMap((specifier) => resolveImport(file, specifier) ?? []);
    graph.set(relative(webDir, file), [...new Set(targets.map((target) => relative(webDir, target)))]);
  }
  return graph;
}

/** The files that import one another round (strongly connected components, Tarjan's algorithm). */
function circles(graph: Map<string, string[]>): string[][] {
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
      if (component.length > 1 || graph.get(node)?.includes(node)) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components;
}

/** One concrete circle inside a component: breadth-first from its first file back to itself. */
function circleIn(graph: Map<string, string[]>, members: Set<string>): string[] {
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

describe("web/ import graph", () => {
  const graph = importGraph();

  test("it sees the site's and the admin's imports (the graph is read, not empty)", () => {
    expect(graph.get("site/variants.ts")).toContain("site/modules/ecommerce/index.ts");
    expect(graph.get("site/modules/blog/index.ts")?.length).toBeGreaterThan(0);
    expect(graph.get("admin/table/model-table.tsx")).toContain("admin/form/form-dialog.tsx");
    expect(graph.get("admin/form/form-dialog.tsx")).toContain("admin/relations/relation-sub-tables.tsx");
  });

  test("no web/ file imports itself back through others", () => {
    const named = circles(graph).map((component) => `${component.length} files import one another round, e.g. ${circleIn(graph, new Set(component)).join(" → ")}`);
    expect(named, named.join("\n")).toEqual([]);
  });
});
