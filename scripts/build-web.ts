/**
 * Builds the browser apps (web/vite.config.ts) when their sources changed since the last build,
 * then writes a brotli and a gzip copy beside each text file of web/dist (scripts/lib/precompress.ts)
 * for the server to send as they are.
 * The development `npm start` (scripts/start.js) and `npm run build` run it first, so `npm install && npm start` needs no other step; the
 * browser tests run it too. A hash of the web/ and common/ sources (the bundles import both) and
 * the lockfile decides "changed".
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { precompressFiles } from "./lib/precompress.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const web = join(root, "web");
/** What the server and the browser share (plain data and functions): bundled into web/dist too. */
const common = join(root, "common");
const dist = join(web, "dist");
const stamp = join(dist, ".source-hash");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (path === dist || name === "node_modules" || name === "test") return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

export function webSourceHash(): string {
  const hash = createHash("sha256");
  for (const file of [...sourceFiles(web).sort(), ...sourceFiles(common).sort(), join(root, "package-lock.json")]) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

/**
 * Builds unless web/dist already holds a build of these exact sources; returns whether it built.
 * Either way the compressed copies are brought up to date (a build from before they existed gets them).
 */
export async function buildWebIfChanged(log: (message: string) => void = console.log): Promise<boolean> {
  const hash = webSourceHash();
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === hash) {
    await precompress(log);
    return false;
  }
  log("building the admin and site bundles (web/ or common/ changed)…");
  const started = Date.now();
  const { build } = await import("vite");
  // Always React's production build: under vitest NODE_ENV is "test", which would otherwise put
  // the development runtime into a bundle `npm start` later reuses (the hash does not see it).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    // Two builds, the site's first (it empties web/dist): see web/vite.config.ts.
    const { siteConfig, adminConfig } = await import("../web/vite.config.js");
    for (const config of [siteConfig, adminConfig]) await build({ ...config, configFile: false, mode: "production" });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await precompress(log);
  writeFileSync(stamp, hash);
  log(`built web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

async function precompress(log: (message: string) => void) {
  const started = Date.now();
  const count = await precompressFiles(dist);
  if (count)
    log(
      `compressed ${count} files of web/dist (.br and .gz beside each) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebIfChanged();
}
