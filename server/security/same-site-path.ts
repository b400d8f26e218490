// Where the server sends a browser (a redirect, logout's redirectTo, a payment's return address)
// must be a path of this site. Browsers read "\" as "/" and drop tabs and newlines in URLs, so
// "/\evil.example" and "/\t/evil.example" mean "//evil.example", another host: such paths are
// refused rather than trusted to a prefix check.

const BASE = "http://same-site.invalid";
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** True when `value` is a path that a browser resolves on the same site as the page it is on. */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** `value` when it is a path of this site, else `fallback`. */
export const sameSitePathOr = (value: string | undefined, fallback: string) =>
  value !== undefined && isSameSitePath(value) ? value : fallback;

/** A path from decoded segments, each encoded again: a segment that held "/" or "\" stays one segment. */
export const pathOfSegments = (segments: string[]) => `/${segments.map(encodeURIComponent).join("/")}`;
