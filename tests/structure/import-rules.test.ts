import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layout's import rules (docs/layout.md), checked over the source files so a new
 * file that breaks one fails here, naming the file and the import. A small import graph: every
 * `import … from "…"`, `export … from "…"`, `import "…"` and `import("…")` with a relative
 * specifier, resolved to a path from the repository root.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "common", "engine", "server", "web", "scripts"];
const SKIP = new Set(["node_modules", "dist", "generated-dist"]);

interface Edge {
  file: string;
  specifier: string;
  /** The imported path from the repository root ("server/site/html-cache.ts"), posix separators. */
  target: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

// `from "x"` covers import and export-from (also multi-line ones: the regex reads the whole
// file); a bare `import "x"` and a dynamic `import("x")` are the other two spellings.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function importsOf(file: string, text: string): Edge[] {
  const edges: Edge[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    if (!specifier.startsWith(".")) continue; // packages and node: builtins are not ours
    const target = relative(ROOT, resolve(ROOT, dirname(file), specifier))
      .split(sep)
      .join("/");
    edges.push({ file, specifier, target });
  }
  return edges;
}

const edges = SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) =>
  importsOf(file, readFileSync(join(ROOT, file), "utf8")),
);

interface Rule {
  rule: string;
  /** Files the rule is about. */
  from: (file: string) => boolean;
  /** What those files must not import (some rules depend on the importing file too). */
  forbidden: (target: string, file: string) => boolean;
}

const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`);

/** The module folder a path is in ("billing" for server/modules/billing/providers/dummy.ts), if any. */
const moduleOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1];
/** A module's entry point, the one file of it other modules may import. */
const isModuleEntry = (path: string) => /^server\/modules\/[^/]+\/index\.(js|ts)$/.test(path);

const RULES: Rule[] = [
  {
    rule: "nothing under server/modules imports from server/site",
    // server/modules/index.ts is the module list itself: it names the site module to register it.
    from: (file) => under("server/modules")(file) && file !== "server/modules/index.ts",
    forbidden: under("server/site"),
  },
  {
    rule: "a module imports another module only through its index.ts (server/modules/<b>/index.ts)",
    from: (file) => moduleOf(file) !== undefined,
    forbidden: (target, file) => {
      const other = moduleOf(target);
      return other !== undefined && other !== moduleOf(file) && !isModuleEntry(target);
    },
  },
  { rule: "engine/ imports nothing from server/", from: under("engine"), forbidden: under("server") },
  { rule: "engine/ imports nothing from web/", from: under("engine"), forbidden: under("web") },
  {
    rule: "web/ imports nothing from server/ (it talks to the server over HTTP)",
    from: under("web"),
    forbidden: under("server"),
  },
  // The server runs web/'s render through app.web (server/delivery/web-layer.ts), handed in by app/.
  {
    rule: "server/ imports nothing from web/ (app/ hands it the site's renderer)",
    from: under("server"),
    forbidden: under("web"),
  },
  // What both layers use; it may read the engine (the languages one process serves), nothing above.
  { rule: "common/ imports nothing from server/", from: under("common"), forbidden: under("server") },
  { rule: "common/ imports nothing from web/", from: under("common"), forbidden: under("web") },
  {
    rule: "engine/ imports nothing from common/ (common/ is above it)",
    from: under("engine"),
    forbidden: under("common"),
  },
];

const breaches = (rule: Rule, graph: readonly Edge[]) =>
  graph
    .filter((e) => rule.from(e.file) && rule.forbidden(e.target, e.file))
    .map((e) => `${e.file} imports "${e.specifier}" (${e.target})`);

describe("import rules", () => {
  it("reads the import graph (the scan itself works: known edges are found)", () => {
    console.log(`import graph: ${new Set(edges.map((e) => e.file)).size} files, ${edges.length} relative imports`);
    const has = (file: string, target: string) => edges.some((e) => e.file === file && e.target === target);
    expect(has("server/modules/index.ts", "server/site/index.js")).toBe(true);
    expect(has("server/app.ts", "server/modules/index.js")).toBe(true);
  });

  it.each(RULES)("$rule", (rule) => {
    const found = breaches(rule, edges);
    expect(found, `${rule.rule}, broken by:\n  ${found.join("\n  ")}\n`).toEqual([]);
  });

  it("names the file and the import of a breach (each spelling of an import is read)", () => {
    const text = [
      'import { a } from "../../site/html-cache.js";',
      'export { b } from "../../site/load-page.js";',
      'import type {\n  C,\n} from "../../site/site-pages.js";',
      'import "../../site/side-effect.js";',
      'const d = await import("../../site/lazy.js");',
      'import { e } from "../../../engine/errors.js";',
    ].join("\n");
    const graph = importsOf("server/modules/fake/fake.ts", text);
    expect(breaches(RULES[0]!, graph)).toEqual([
      'server/modules/fake/fake.ts imports "../../site/html-cache.js" (server/site/html-cache.js)',
      'server/modules/fake/fake.ts imports "../../site/load-page.js" (server/site/load-page.js)',
      'server/modules/fake/fake.ts imports "../../site/site-pages.js" (server/site/site-pages.js)',
      'server/modules/fake/fake.ts imports "../../site/side-effect.js" (server/site/side-effect.js)',
      'server/modules/fake/fake.ts imports "../../site/lazy.js" (server/site/lazy.js)',
    ]);
  });

  it("keeps server/ and common/ off web/, and common/ off server/ (app/ may import every layer)", () => {
    const rule = (start: string) => RULES.find((r) => r.rule.startsWith(start))!;
    const edge = (file: string, target: string): Edge => ({ file, specifier: target, target });
    const graph = [
      edge("server/site/site-pages.ts", "web/site/render/render-document.js"), // breach: the renderer comes through app.web
      edge("server/modules/crm/form-fields.ts", "common/i18n/text.js"), // the shared texts
      edge("server/delivery/static-files.ts", "server/delivery/compression.js"), // server/delivery/ is the server's own folder
      edge("common/site/page-metadata.ts", "web/site/data/site-data.js"), // breach
      edge("common/site/page-data.ts", "engine/schema/languages.js"), // the engine is below common/
      edge("common/money.ts", "server/modules/billing/money.js"), // breach
      edge("engine/schema/languages.ts", "common/site/page-data.js"), // breach
      edge("app/web-layer.ts", "web/site/render/render-document.js"), // the composition root
      edge("app/compose-app.ts", "server/app.js"),
      edge("web/site/render/head.ts", "common/site/html.js"),
    ];
    const found = (start: string) => breaches(rule(start), graph);
    expect(found("server/ imports nothing from web/")).toEqual([
      'server/site/site-pages.ts imports "web/site/render/render-document.js" (web/site/render/render-document.js)',
    ]);
    expect(found("common/ imports nothing from web/")).toEqual([
      'common/site/page-metadata.ts imports "web/site/data/site-data.js" (web/site/data/site-data.js)',
    ]);
    expect(found("common/ imports nothing from server/")).toEqual([
      'common/money.ts imports "server/modules/billing/money.js" (server/modules/billing/money.js)',
    ]);
    expect(found("engine/ imports nothing from common/")).toEqual([
      'engine/schema/languages.ts imports "common/site/page-data.js" (common/site/page-data.js)',
    ]);
  });

  it("lets a module import another module's index.ts, and nothing else of it", () => {
    const rule = RULES.find((r) => r.rule.startsWith("a module imports another module"))!;
    const edge = (file: string, target: string): Edge => ({ file, specifier: target, target });
    const graph = [
      edge("server/modules/ecommerce/checkout.ts", "server/modules/billing/index.js"), // the entry point
      edge("server/modules/ecommerce/checkout.ts", "server/modules/billing/money.js"), // breach
      edge("server/modules/ecommerce/routes/shop-inputs.ts", "server/modules/billing/providers/provider.js"), // breach, from a subfolder
      edge("server/modules/billing/providers/dummy.ts", "server/modules/rbac/index.js"), // the entry point, from a subfolder
      edge("server/modules/billing/providers/dummy.ts", "server/modules/billing/money.js"), // its own module's file
      edge("server/modules/billing/payments.ts", "server/modules/module.js"), // not a module: the module contract
      edge("server/modules/index.ts", "server/modules/billing/billing-module.js"), // the module list is no module
      edge("server/site/load-page.ts", "server/modules/rbac/sessions.js"), // outside server/modules: another rule's business
      edge("server/modules/rbac/index.ts", "server/modules/notification/notifications/index.js"), // an index.ts deeper down is no entry point
    ];
    expect(breaches(rule, graph)).toEqual([
      'server/modules/ecommerce/checkout.ts imports "server/modules/billing/money.js" (server/modules/billing/money.js)',
      'server/modules/ecommerce/routes/shop-inputs.ts imports "server/modules/billing/providers/provider.js" (server/modules/billing/providers/provider.js)',
      'server/modules/rbac/index.ts imports "server/modules/notification/notifications/index.js" (server/modules/notification/notifications/index.js)',
    ]);
  });
});
