import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The site build's Vite manifest in `dist` (the folder `npm run build:web` writes: app.web.bundles.dir,
 * server/delivery/web-layer.ts), or undefined when the bundles are not built.
 */
export function readManifest(dist: string): Manifest | undefined {
  const file = join(dist, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : undefined;
}

export interface EntryAssets {
  scripts: string[];
  styles: string[];
  /**
   * The chunks a page showing the variants of these source files (Vite manifest keys) loads to
   * hydrate: the entry's deferred part (what it imports dynamically, hydrate.tsx, and that
   * chunk's static imports), then each file's chunk and its static imports; not the entry's own
   * static imports, which come with the entry.
   */
  chunksOf?(files: readonly string[]): string[];
}

const NONE: EntryAssets = { scripts: [], styles: [] };

/** A chunk's key and every key it imports statically, depth first, each once. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  manifest[key]!.imports?.forEach((k) => closure(manifest, k, seen));
  return seen;
}

/**
 * The script and the style sheets one entry needs (its own and its imported chunks' CSS), read
 * from Vite's manifest, and the chunks a page's variants need; none when the bundles are not
 * built (server tests render without them).
 */
export function entryAssets(dist: string, entry: string): EntryAssets {
  const manifest = readManifest(dist);
  if (!manifest) return NONE;
  const chunk = manifest[entry];
  if (!chunk) return NONE;
  const own = closure(manifest, entry);
  const styles = new Set<string>();
  for (const key of own) manifest[key]!.css?.forEach((css) => styles.add(`/static/${css}`));
  const url = (key: string) => `/static/${manifest[key]!.file}`;
  const deferred = new Set<string>();
  for (const key of chunk.dynamicImports ?? [])
    for (const k of closure(manifest, key)) if (!own.has(k)) deferred.add(k);
  const byFiles = new Map<string, string[]>();
  return {
    scripts: [url(entry)],
    styles: [...styles],
    chunksOf(files) {
      const key = files.join("\n");
      let urls = byFiles.get(key);
      if (!urls) {
        const wanted = new Set(deferred);
        for (const source of files) for (const k of closure(manifest, source)) if (!own.has(k)) wanted.add(k);
        urls = [...wanted].map(url);
        // Pages repeat the same few combinations; the map stays as small as the site's page kinds.
        if (byFiles.size < 1000) byFiles.set(key, urls);
      }
      return urls;
    },
  };
}
