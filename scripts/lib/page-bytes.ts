import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

/** The budget of issue 14 for the demo home page, brotli-compressed. */
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
 * What a page's HTML makes the browser download before the page is interactive: its module
 * scripts and modulepreloaded chunks, and its style sheets, read from the built /static/ files
 * (`webDist`) and compressed with brotli.
 */
export function pageBytes(html: string, webDist: string): PageBytes {
  const attr = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]!))];
  const js = attr(/<script type="module" src="(\/static\/[^"]+)"/g).concat(attr(/<link rel="modulepreload" href="(\/static\/[^"]+)"/g));
  const css = attr(/<link rel="stylesheet" href="(\/static\/[^"]+)"/g);
  return { js: measure([...new Set(js)], webDist), css: measure(css, webDist) };
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
