/**
 * `npm run build`: everything production runs, compiled ahead of time.
 * - web/dist: the admin and site bundles (scripts/build-web.ts, skipped when web/ is unchanged);
 * - dist/server/main.js: the app's entry (app/main.ts, the composition root) and everything it
 *   imports from app/, server/, engine/, common/ and web/ (server-side rendering), bundled by esbuild into ES modules (main.js, and chunks/ for what is
 *   loaded on first use). Packages stay in
 *   node_modules (imported at run time as usual), but for a few made of many small files
 *   (BUNDLED_PACKAGES); schemas/ and migrations/ stay files the server
 *   reads at start, found from package.json's folder (server/config.ts).
 * `NODE_ENV=production npm start` (or `node dist/server/main.js`) runs it with no TypeScript step.
 */
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildWebIfChanged } from "./build-web.js";

const root = fileURLToPath(new URL("..", import.meta.url));
export const serverBundle = join(root, "dist", "server", "main.js");

/**
 * ES-module packages made of many small files, bundled into the server instead of loaded from
 * node_modules: a start resolved and read about 1,000 files for them (@mantine/core alone is
 * 700, used by the site's server rendering; kysely 260), which was most of the start's time on
 * a 2-core machine. Every other package stays external and is imported at run time as usual
 * (React among them, so the bundled Mantine and react-dom/server share one React).
 */
const BUNDLED_PACKAGES = ["@mantine/core", "@mantine/hooks", "@mantine/notifications", "kysely", "jose"];

function externalPackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<
    string,
    Record<string, string> | undefined
  >;
  const names = Object.keys({
    ...manifest.dependencies,
    ...manifest.devDependencies,
    ...manifest.optionalDependencies,
  });
  return names.filter((name) => !BUNDLED_PACKAGES.includes(name)).flatMap((name) => [name, `${name}/*`]);
}

/**
 * Builds the server as production runs it. `entryPoints` and `outdir` default to the server's;
 * bench:crud builds its two benchmark servers the same way, so it measures the compiled code.
 */
export async function buildServer(
  log: (message: string) => void = console.log,
  {
    entryPoints = [join(root, "app", "main.ts")],
    outdir = join(root, "dist", "server"),
  }: { entryPoints?: string[]; outdir?: string } = {},
) {
  const started = Date.now();
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    entryNames: "[name]",
    // What the code imports with import() (the S3 driver, image rendering, Stripe, the wallet
    // sign-in, type generation) goes to chunks of its own, loaded at first use, so a start does
    // not load packages it may never need.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: externalPackages(),
    jsx: "automatic",
    sourcemap: "linked",
    // Stack traces in the log point at the TypeScript sources.
    // The bundled packages' own dependencies come in their ES-module builds where they ship one;
    // a CommonJS one that requires an external package (React) gets a real require.
    mainFields: ["module", "main"],
    banner: {
      js: 'process.setSourceMapsEnabled(true); import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  log(
    `built ${entryPoints.map((entry) => join(outdir, entry.replace(/^.*\//, "").replace(/\.ts$/, ".js")).slice(root.length)).join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebIfChanged();
  await buildServer();
}
