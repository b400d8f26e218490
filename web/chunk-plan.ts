import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { CodeSplittingGroup } from "rolldown";

/**
 * How the site's JavaScript is cut into files, on top of the library groups (React and the like,
 * vite.config.ts). Left to itself the bundler makes a chunk for every distinct set of lazy
 * chunks sharing a module; with a lazy chunk per variant that meant dozens of files of a few
 * hundred bytes for one page, most smaller than their own response headers, each a round trip
 * on a slow link. This keeps the split that matters, a page loads the code of the variants it
 * shows and heavy parts (dialogs, inputs, the wallet's libraries) only where used, and merges
 * the rest into `site-shared`:
 *
 * - Mantine's base (BASE_COMPONENTS and its style system), which nearly every page draws;
 * - the site's own modules (web/) that two or more lazy chunks share (hydration, variants, the
 *   cart drawer, …), unless one imports something heavy (a Mantine component outside the base, a
 *   library), which would then load with every page.
 *
 * A page may load a few KiB it does not use, against a dozen requests saved. The entry's own
 * static imports stay in the entry (it must stay tiny: it runs before the first paint); a lazy
 * chunk's own module and code one lazy chunk alone uses stay in that chunk.
 */

/** Mantine components drawn on nearly every page (directories of @mantine/core/esm/components). */
const BASE_COMPONENTS = [
  "Box",
  "UnstyledButton",
  "Button",
  "Loader",
  "Anchor",
  "Text",
  "Title",
  "Badge",
  "Divider",
  "ActionIcon",
  "Skeleton",
  "Paper",
  "Group",
  "Stack",
  "Center",
  "Image",
  "VisuallyHidden",
];

const BASE = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/](core[\\\\/]esm[\\\\/](core[\\\\/]|components[\\\\/](${BASE_COMPONENTS.join("|")})[\\\\/]))`,
);
/**
 * Libraries a shared module may import and stay light (React has its own chunk, clsx is tiny).
 * Mantine's hooks are split as the bundler would: in the shared chunk, every hook any component
 * used (a dialog's focus trap too) came to some 4 KiB that most pages never run.
 */
const LIGHT_LIBRARY = /node_modules[\\/](react|react-dom|scheduler|clsx|@mantine[\\/]hooks)[\\/]/;
/** Vite's helper behind every lazy import (a few hundred bytes). */
const VITE_HELPER = /^\0vite\/preload-helper/;
/**
 * The account's own screens (two-factor, passkeys, single sign-on, devices, email changes, API
 * keys and their wire contract): shared by the sign-in and account pages only, so kept out of
 * `site-shared`, which every page loads (they took the home page over its JavaScript budget); the
 * bundler gives them chunks of their own.
 */
const ACCOUNT_ONLY =
  /common[\\/]account[\\/]|web[\\/](site[\\/]modules[\\/]rbac[\\/](two-factor|passkeys|single-sign-on|api-keys)[\\/]|site[\\/]modules[\\/]rbac[\\/](device-strings|signed-in-devices|email-change-[a-z-]+)\.tsx?$|ui[\\/]single-sign-on[\\/]|api[\\/]passkeys\.ts$)/;
/**
 * The checkout's own code (its fields, quote and price breakdown, discount refusals, the list of
 * countries, paying an order): shared by the cart, the order and the product's Buy now only, so
 * kept out of `site-shared` like the account's screens.
 */
const CHECKOUT_ONLY =
  /common[\\/](shop[\\/]discount-reasons|countries)\.ts$|web[\\/]site[\\/]modules[\\/]ecommerce[\\/](checkout[\\/]|helpers[\\/](pricing-strings|quote)\.ts$|orders[\\/]pay-now\.tsx$)/;
/** Mantine's index, through which the site imports its components by name. */
const MANTINE_INDEX = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;

/** Mantine's other components: a module importing one by name from the index is not light. */
const HEAVY_COMPONENTS = (() => {
  const components = join(dirname(createRequire(import.meta.url).resolve("@mantine/core")), "..", "esm", "components");
  return readdirSync(components).filter((name) => !BASE_COMPONENTS.includes(name));
})();

/** The names a module imports from "@mantine/core" (its transformed code: imports stay as written). */
function mantineNames(code: string | null): string[] {
  const names: string[] = [];
  for (const match of (code ?? "").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]!;
      if (name) names.push(name);
    }
  }
  return names;
}

const usesHeavyComponent = (code: string | null) =>
  mantineNames(code).some((name) =>
    HEAVY_COMPONENTS.some(
      (heavy) => name === heavy || (name.startsWith(heavy) && /^[A-Z]/.test(name.slice(heavy.length))),
    ),
  );

interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importers: string[];
    importedIds: string[];
    dynamicImporters: string[];
    isEntry: boolean;
  } | null;
}

const ownCode = (id: string) => !id.includes("node_modules") && !id.startsWith("\0");

/** The site's groups, given its entry's module id. */
export function siteChunkGroups(siteEntry: string): CodeSplittingGroup[] {
  /** Per module: the roots (the entry and lazily imported modules) that reach it through static imports. */
  const rootsOf = new Map<string, Set<string>>();
  /** Per module: whether it and everything it imports statically is the site's own code or base. */
  const lightness = new Map<string, boolean>();

  function roots(graph: ModuleGraph, id: string, path = new Set<string>()): Set<string> {
    const known = rootsOf.get(id);
    if (known) return known;
    const found = new Set<string>();
    const info = graph.getModuleInfo(id);
    if (!info) return found;
    if (info.isEntry || info.dynamicImporters.length) found.add(id);
    path.add(id);
    for (const importer of info.importers)
      if (!path.has(importer)) for (const root of roots(graph, importer, path)) found.add(root);
    path.delete(id);
    // Inside an import cycle the set may lack what is reached through the module still open:
    // remembered only when the walk started here (then it is complete).
    if (!path.size) rootsOf.set(id, found);
    return found;
  }

  function light(graph: ModuleGraph, id: string, path = new Set<string>()): boolean {
    const known = lightness.get(id);
    if (known !== undefined) return known;
    if (
      id.endsWith(".css") ||
      BASE.test(id) ||
      LIGHT_LIBRARY.test(id) ||
      MANTINE_INDEX.test(id) ||
      VITE_HELPER.test(id)
    )
      return true;
    if (!ownCode(id)) return false;
    const info = graph.getModuleInfo(id);
    if (!info || usesHeavyComponent(info.code)) return false;
    path.add(id);
    const result = info.importedIds.every((imported) => path.has(imported) || light(graph, imported, path));
    path.delete(id);
    if (!path.size || !result) lightness.set(id, result);
    return result;
  }

  return [
    {
      name: (id, graph) => {
        if (id.endsWith(".css")) return null;
        if (BASE.test(id)) return "site-shared";
        if (
          !ownCode(id) ||
          ACCOUNT_ONLY.test(id) ||
          CHECKOUT_ONLY.test(id) ||
          graph.getModuleInfo(id)?.dynamicImporters.length
        )
          return null;
        const reached = roots(graph, id);
        if (reached.has(siteEntry)) return null;
        return reached.size >= 2 && light(graph, id) ? "site-shared" : null;
      },
      debugName: "site-shared",
      priority: 1,
    },
  ];
}
