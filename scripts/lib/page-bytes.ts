import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { closure, readManifest } from "../../server/delivery/web-dist.js";

/** The demo home page's budget, brotli-compressed: 120 KiB of JavaScript, 30 KiB of CSS (docs/site.md). */
export const HOME_BUDGET = { js: 120 * 1024, css: 30 * 1024 };

export interface AssetBytes {
  files: number;
  raw: number;
  /** Brotli at its best quality, as the build's pre-compressed files are. */
  brotli: number;
}

export interface PageBytes {
  js: AssetBytes;
  css: AssetBytes;
}

/**
 * The JavaScript a page's HTML makes the browser load to become interactive: its module scripts
 * and what they import statically (from the site's Vite manifest), then the chunks the page lists
 * for hydration (the `__SITE_CHUNKS__` JSON the entry preloads after the first paint).
 */
export function pageScripts(html: string, webDist: string): string[] {
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const entries = attr(/<script type="module" src="(\/static\/[^"]+)"/g);
  const listed = /<script id="__SITE_CHUNKS__" type="application\/json">([^<]*)<\/script>/.exec(html);
  const chunks = listed ? (JSON.parse(listed[1]!) as string[]) : [];
  return [...new Set([...entries.flatMap((url) => [url, ...staticImports(url, webDist)]), ...chunks])];
}

/** The /static/ URLs a built entry script imports statically, from the site's manifest. */
function staticImports(url: string, webDist: string): string[] {
  const manifest = readManifest(webDist) ?? {};
  const key = Object.keys(manifest).find((k) => `/static/${manifest[k]!.file}` === url);
  return key ? [...closure(manifest, key)].filter((k) => k !== key).map((k) => `/static/${manifest[k]!.file}`) : [];
}

/**
 * What a page's HTML makes the browser download before the page is interactive: its scripts
 * (pageScripts) and its style sheets, read from the built /static/ files (`webDist`) and
 * compressed with brotli.
 */
export function pageBytes(html: string, webDist: string): PageBytes {
  const css = [...new Set([...html.matchAll(/<link rel="stylesheet" href="(\/static\/[^"]+)"/g)].map((m) => m[1]!))];
  return { js: measure(pageScripts(html, webDist), webDist), css: measure(css, webDist) };
}

function measure(urls: string[], webDist: string): AssetBytes {
  let raw = 0;
  let brotli = 0;
  for (const url of urls) {
    const body = readFileSync(join(webDist, url.slice("/static/".length)));
    raw += body.length;
    brotli += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: urls.length, raw, brotli };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
