/**
 * `npm run audit:site`: Lighthouse (mobile preset, the default config) on the demo site's public
 * pages in English and Russian, against the compiled server (`npm run build`, NODE_ENV=production)
 * on a fresh embedded database with the demo content. Prints one row per page: the four category
 * scores, LCP, TBT, CLS and the bytes transferred; then the compressed JavaScript and CSS the home
 * page loads against its budget (120 KiB / 30 KiB, docs/site.md).
 *
 * Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium. It may resolve only 127.0.0.1 (every
 * other host name fails to resolve), and a run that requested anything else is reported and fails.
 * AUDIT_PAGES=home,article limits the pages (names below); AUDIT_SKIP_BUILD=true reuses the builds.
 * The audited product is given two 1600×1200 photos first (the demo has none), so the product page
 * and the list are measured with their responsive main photo.
 */
import { auditPage } from "./lib/lighthouse-run.js";
import { withAuditServer } from "./lib/audit-server.js";
import { LANGUAGES } from "../engine/schema/languages.js";
import { addProductPhotos } from "./lib/audit-photos.js";
import {
  auditRow,
  failingLines,
  formatTable,
  homeBundleLines,
  type AuditRow,
  type BundleRequest,
} from "./lib/audit-report.js";

/** The demo's pages by name; an article and a product are the first ones the site lists. */
async function demoPages(origin: string): Promise<Array<{ name: string; path: string }>> {
  const response = await fetch(`${origin}/api/host/pages/urls`);
  if (!response.ok) throw new Error(`GET /api/host/pages/urls: ${response.status}`);
  const { data } = (await response.json()) as { data: { urls: Array<{ url: string }> } };
  const urls = data.urls.map((u) => u.url);
  const first = (prefix: string) => {
    const url = urls.find((u) => u.startsWith(prefix));
    if (!url) throw new Error(`the demo site lists no page under ${prefix}`);
    return url;
  };
  const pages = [
    { name: "home", path: "/" },
    { name: "blog", path: "/blog" },
    { name: "article", path: first("/blog/articles/") },
    { name: "products", path: "/products" },
    { name: "product", path: first("/ecommerce/products/") },
    { name: "contact", path: "/contact" },
    // The results page of the site's search (docs/site.md, "Search"): rendered per query, never cached.
    { name: "search", path: "/search?q=mug" },
  ];
  const only = process.env.AUDIT_PAGES?.split(",").map((s) => s.trim());
  return only ? pages.filter((p) => only.includes(p.name)) : pages;
}

/** Each script's and style sheet's compressed body, as this server sends it to a browser (brotli). */
async function measureBodies(requests: BundleRequest[]) {
  for (const request of requests) {
    if (request.resourceType !== "Script" && request.resourceType !== "Stylesheet") continue;
    const response = await fetch(request.url, { headers: { "accept-encoding": "br, gzip" } });
    await response.arrayBuffer();
    const length = response.headers.get("content-length");
    if (length) request.bodySize = Number(length);
  }
}

const localised = (path: string, language: string) =>
  language === "en" ? path : path === "/" ? `/${language}` : `/${language}${path}`;

async function main() {
  const rows: AuditRow[] = [];
  let homeRequests: BundleRequest[] = [];
  const foreign = new Set<string>();
  // The demo shop sells through the dummy provider, which production leaves off by default.
  await withAuditServer("audit-site", { PAYMENT_DUMMY_ENABLED: "true" }, async ({ origin, secret }) => {
    const pages = await demoPages(origin);
    const product = pages.find((p) => p.name === "product");
    if (product) await addProductPhotos(origin, product.path, secret);
    for (const language of LANGUAGES) {
      for (const page of pages) {
        const path = localised(page.path, language);
        const lhr = await auditPage(`${origin}${path}`);
        const requests = ((lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items ??
          []) as typeof homeRequests;
        for (const request of requests) {
          const host = URL.canParse(request.url) ? new URL(request.url) : undefined;
          if (host && /^https?:$/.test(host.protocol) && host.hostname !== "127.0.0.1") foreign.add(request.url);
        }
        if (page.name === "home" && language === "en") homeRequests = requests;
        rows.push(auditRow(`${page.name} ${language}`, path, lhr));
        if (page.name === "home" && language === "en") await measureBodies(homeRequests);
        process.stderr.write(`audited ${path}\n`);
      }
    }
  });
  console.log(formatTable(rows));
  if (homeRequests.length) console.log(homeBundleLines(homeRequests));
  const failing = failingLines(rows);
  if (failing) console.log(failing);
  if (foreign.size) {
    console.log(`\nrequests to hosts other than 127.0.0.1 (blocked): ${[...foreign].join(", ")}`);
    process.exitCode = 1;
  }
}

await main();
