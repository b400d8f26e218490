import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { paths } from "../config.js";

/** Where `npm run build:web` (and `npm run build`, and the development `npm start`) puts the browser bundles. */
export const webDist = join(paths.root, "web", "dist");

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface EntryAssets {
  scripts: string[];
  styles: string[];
}

const NONE: EntryAssets = { scripts: [], styles: [] };

/**
 * The script and the style sheets one entry needs (its own and its imported chunks' CSS), read
 * from Vite's manifest; none when the bundles are not built (server tests render without them).
 */
export function entryAssets(entry: string): EntryAssets {
  const file = join(webDist, ".vite", "manifest.json");
  if (!existsSync(file)) return NONE;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const chunk = manifest[entry];
  if (!chunk) return NONE;
  const styles = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    c?.css?.forEach((css) => styles.add(`/static/${css}`));
    c?.imports?.forEach((k) => visit(k, seen));
  };
  visit(entry, new Set());
  return { scripts: [`/static/${chunk.file}`], styles: [...styles] };
}
