// The table `npm run audit:site` prints, from Lighthouse's results (kept apart from the run itself).

/** The parts of a Lighthouse result the table reads. */
export interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string; weight: number }> } | undefined>;
  audits: Record<string, { numericValue?: number; score?: number | null; scoreDisplayMode?: string } | undefined>;
}

export interface AuditRow {
  page: string;
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  totalBytes?: number;
  /** Per category other than performance: the weighted audits that did not pass (what costs the points). */
  failing: Record<string, string[]>;
}

/** The home page's budget for its compressed bundles (docs/site.md). */
export const HOME_LIMITS = { jsBytes: 120 * 1024, cssBytes: 30 * 1024 };

const score = (result: LighthouseResult, id: string) => {
  const value = result.categories[id]?.score;
  return value == null ? null : Math.round(value * 100);
};

export function auditRow(page: string, path: string, result: LighthouseResult): AuditRow {
  return {
    page,
    path,
    performance: score(result, "performance"),
    accessibility: score(result, "accessibility"),
    bestPractices: score(result, "best-practices"),
    seo: score(result, "seo"),
    lcpMs: result.audits["largest-contentful-paint"]?.numericValue,
    tbtMs: result.audits["total-blocking-time"]?.numericValue,
    cls: result.audits["cumulative-layout-shift"]?.numericValue,
    totalBytes: result.audits["total-byte-weight"]?.numericValue,
    failing: Object.fromEntries(
      ["accessibility", "best-practices", "seo"].map((id) => [
        id,
        (result.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .filter((ref) => {
            const audit = result.audits[ref.id];
            return (
              audit &&
              audit.scoreDisplayMode !== "notApplicable" &&
              audit.scoreDisplayMode !== "informative" &&
              audit.score !== null &&
              audit.score !== undefined &&
              audit.score < 1
            );
          })
          .map((ref) => ref.id),
      ]),
    ),
  };
}

/** One line per page with failing audits in accessibility, best practices or SEO. */
export function failingLines(rows: AuditRow[]): string {
  const lines = rows.flatMap((row) => {
    const parts = Object.entries(row.failing)
      .filter(([, ids]) => ids.length)
      .map(([category, ids]) => `${category}: ${ids.join(", ")}`);
    return parts.length ? [`${row.page}: ${parts.join("; ")}`] : [];
  });
  return lines.length ? ["", "failing audits (accessibility, best practices, SEO):", ...lines].join("\n") : "";
}

export const kib = (bytes: number | undefined) => (bytes === undefined ? "-" : `${(bytes / 1024).toFixed(1)} KiB`);
const ms = (value: number | undefined) => (value === undefined ? "-" : `${Math.round(value)} ms`);
const s = (value: number | undefined) => (value === undefined ? "-" : `${(value / 1000).toFixed(2)} s`);
const n = (value: number | null) => (value === null ? "-" : String(value));

export function formatTable(rows: AuditRow[]): string {
  const header = ["page", "path", "perf", "a11y", "best-pr", "seo", "LCP", "TBT", "CLS", "total bytes"];
  const body = rows.map((r) => [
    r.page,
    r.path,
    n(r.performance),
    n(r.accessibility),
    n(r.bestPractices),
    n(r.seo),
    s(r.lcpMs),
    ms(r.tbtMs),
    r.cls === undefined ? "-" : r.cls.toFixed(3),
    kib(r.totalBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

export interface BundleRequest {
  url: string;
  resourceType?: string;
  /** Bytes on the wire, response headers included (Lighthouse's transferSize). */
  transferSize?: number;
  /** The compressed body alone (the answer's Content-Length), when measured. */
  bodySize?: number;
}

/** Sums the home page's script and style sheet requests: compressed bodies, and all bytes sent with headers. */
export function homeBundleBytes(requests: BundleRequest[]) {
  const of = (type: string) => requests.filter((r) => r.resourceType === type);
  const sum = (list: BundleRequest[], size: (r: BundleRequest) => number | undefined) =>
    list.reduce((total, r) => total + (size(r) ?? 0), 0);
  const bundle = (type: string) => ({
    files: of(type).length,
    body: sum(of(type), (r) => r.bodySize ?? r.transferSize),
    transferred: sum(of(type), (r) => r.transferSize),
  });
  return { js: bundle("Script"), css: bundle("Stylesheet") };
}

/**
 * The budget holds the compressed JavaScript and CSS themselves (the bodies); the bytes
 * with every answer's headers are printed beside them.
 */
export function homeBundleLines(requests: BundleRequest[]): string {
  const { js, css } = homeBundleBytes(requests);
  const verdict = (bytes: number, limit: number) => (bytes <= limit ? "within" : "OVER");
  const line = (name: string, bundle: typeof js, limit: number) =>
    `home page (en) ${name} ${bundle.files} files, ${kib(bundle.body)} compressed (limit ${kib(limit)}: ${verdict(bundle.body, limit)}); ${kib(bundle.transferred)} transferred with headers`;
  return ["", line("JavaScript:", js, HOME_LIMITS.jsBytes), line("CSS:       ", css, HOME_LIMITS.cssBytes)].join("\n");
}
