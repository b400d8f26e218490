import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { compressBoth, EFFORT } from "../../server/delivery/compression.js";

/** What the browser loads as text: the server sends these as the .br/.gz written beside them. */
const TEXT_FILES = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : filesUnder(path);
    return TEXT_FILES.has(extname(entry.name).toLowerCase()) ? [path] : [];
  });
}

const upToDate = (copy: string, source: number) => existsSync(copy) && statSync(copy).mtimeMs >= source;

/**
 * Writes `file.br` and `file.gz` beside every text file under `dir` (the built bundles), at the
 * highest settings: compressed once here, the server sends them as they are. Copies newer than
 * their file are kept, so a second run costs a stat per file. Returns how many files it compressed.
 */
export async function precompressFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const stale = filesUnder(dir).filter((file) => {
    const modified = statSync(file).mtimeMs;
    return !upToDate(`${file}.br`, modified) || !upToDate(`${file}.gz`, modified);
  });
  // A few at a time: each compression runs in the thread pool.
  for (let i = 0; i < stale.length; i += 4) {
    await Promise.all(
      stale.slice(i, i + 4).map(async (file) => {
        const { br, gzip } = await compressBoth(readFileSync(file), EFFORT.build);
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gzip);
      }),
    );
  }
  return stale.length;
}
