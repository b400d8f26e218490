import type { FastifyInstance } from "fastify";

/**
 * The Content-Security-Policy the site, the admin and the API docs run under (a browser test
 * fails on any violation, tests/browser/content-security-policy.test.ts):
 * - scripts only from this origin's files: the site's HTML holds no inline script (page data is
 *   in `<script type="application/json">`, which is data, not code), so no nonce is needed and a
 *   cached page is the same bytes for everyone;
 * - styles also inline: Mantine writes style attributes (style props) in the server's HTML and a
 *   `<style>` of CSS variables, which no hash can cover one by one;
 * - images and media from this origin, data:/blob: (previews) and https: (a file's url may be an
 *   absolute https address); fetches only to this origin;
 * - no plugins, no `<base>` elsewhere, forms post here only, and no site may frame these pages.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** One year, subdomains included: only in production, where the site is served over https. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Those of the headers below that govern a document and mean nothing on a script, style sheet or
 * image one loads: the hashed assets leave them out (server/delivery/static-files.ts), about 700 bytes
 * on each of a page's few dozen. nosniff is not among them (it applies to scripts and styles).
 */
export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "strict-transport-security",
];

/** The headers every answer carries (see sendSecurityHeaders). */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    ...(production ? { "strict-transport-security": HSTS } : {}),
  };
}

/**
 * The policy of an API answer (JSON, a CSV export): data, never a page to run, so nothing may
 * load and nothing may frame it, as OWASP's REST Security Cheat Sheet advises.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers an API answer carries: that policy, nosniff, no framing, and HSTS in production.
 * Referrer-Policy and Cross-Origin-Opener-Policy govern a page's links and windows, which data
 * has none of; the whole set is about 380 bytes shorter than a page's on every API answer.
 */
export function apiSecurityHeaders(production: boolean): Record<string, string> {
  return {
    "content-security-policy": API_CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(production ? { "strict-transport-security": HSTS } : {}),
  };
}

/** Whether an address is the API's, which answers data; the API reference (/api/docs and its files) is a page. */
export const answersData = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

/**
 * Security headers on every answer, set before any route runs (a route may set its own, as the
 * uploaded files' sandboxing policy does). A page gets the CSP above, nosniff, no framing
 * (X-Frame-Options for browsers without frame-ancestors), a referrer that never leaves a path to
 * another site, and HSTS in production; an API answer gets the API set. An address the router
 * cannot read (a bad escape) runs no hook: its 400 sets the page set itself (plugins/errors.ts,
 * frameworkErrors).
 */
export function sendSecurityHeaders(app: FastifyInstance, production: boolean) {
  const pages = securityHeaders(production);
  const data = apiSecurityHeaders(production);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(answersData(request.url) ? data : pages);
    done();
  });
}
