import type { ComponentType } from "react";
import type { Row } from "../../common/site/page-data.js";

/** What every variant component receives; page data comes from `useSite()`. */
export interface VariantProps {
  record: Row;
  /** The relation row that placed this record (orderIndex, its own variant and className). */
  relation?: Row;
}

export type Variant = ComponentType<VariantProps>;

/**
 * A variant as the registry holds it: loaded on demand, so the browser downloads only the code
 * of the variants a page shows (Vite makes each dynamic import a chunk of its own).
 */
export interface VariantEntry {
  /**
   * The component's source file under web/ ("site/modules/blog/widget-default.tsx"): its key in
   * Vite's manifest, which lets the server preload the chunk of every variant a page renders.
   * tests/site-render/variant-registry.test.ts checks that it is the file `load` imports.
   */
  file: string;
  load: () => Promise<Variant>;
}

/** A module's variants: model id ("blog/widgets") → variant name → entry. */
export type ModuleVariants = Record<string, Record<string, VariantEntry>>;

/**
 * One registry entry: the source file, its import (a literal `import()` Vite can split on) and
 * the component's export name, which the type checker holds to the module's real exports.
 */
export function variant<M>(file: string, load: () => Promise<M>, exportName: keyof M & string): VariantEntry {
  return { file, load: async () => (await load())[exportName] as Variant };
}
