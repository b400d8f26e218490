import type { DocumentAssets } from "./head.js";
import { embedJson } from "../../../common/site/html.js";

/** The site entry's assets, plus what the server knows of the variants' chunks. */
export interface SiteAssets extends DocumentAssets {
  /**
   * The chunks the browser needs to hydrate a page showing these variant source files: the
   * entry's deferred part (web/site/hydrate.tsx and what it imports) and each file's own chunk
   * and the chunks it imports, as /static/ URLs. Absent when the bundles are not built (server
   * tests): the page then lists none.
   */
  chunksOf?(files: readonly string[]): string[];
}

/** The id of the JSON list of chunks the entry loads once the page has painted. */
export const CHUNKS_SCRIPT_ID = "__SITE_CHUNKS__";

/**
 * The chunks a page needs to hydrate, as data: the entry (web/site/entry-client.tsx) adds a
 * modulepreload for each once the page has painted, so they load side by side but never compete
 * with the style sheets and the HTML for the first paint.
 */
export function deferredChunksTag(assets: SiteAssets, files: readonly string[]): string {
  const chunks = assets.chunksOf?.(files) ?? [];
  return chunks.length ? `<script id="${CHUNKS_SCRIPT_ID}" type="application/json">${embedJson(chunks)}</script>` : "";
}
