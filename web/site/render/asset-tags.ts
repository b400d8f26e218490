import type { DocumentAssets } from "./head.js";
import { escapeHtml } from "./html.js";

/** The site entry's assets, plus what the server knows of the variants' chunks. */
export interface SiteAssets extends DocumentAssets {
  /**
   * The chunks the browser needs for these variant source files (each file's own chunk and the
   * chunks it imports, minus the entry's own), as /static/ URLs. Absent when the bundles are not
   * built (server tests): nothing is preloaded then.
   */
  chunksOf?(files: readonly string[]): string[];
}

/**
 * <link rel="modulepreload"> for the variants a page rendered: the browser fetches their chunks
 * alongside the entry script rather than after it, so hydration (which waits for them) starts
 * as soon as the entry runs.
 */
export function variantPreloadTags(assets: SiteAssets, files: readonly string[]): string {
  return (assets.chunksOf?.(files) ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join("");
}
