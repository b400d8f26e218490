import { hasScheme, safeHref } from "../../ui/safe-href.js";
import type { Language } from "../../../common/site/page-data.js";
import { languageOfPath, withLanguage } from "../../../common/i18n/languages.js";

export interface Link {
  /** Absent when the stored url is not one a visitor may follow (data:, javascript:, …). */
  href?: string;
  /** External links (any url with a colon: https:, mailto:, tel:) open in a new tab. */
  newTab: boolean;
}

/** A site path in the visitor's language unless it already names a language. */
function localise(url: string, language: Language): string {
  return languageOfPath(url) ? url : withLanguage(url, language);
}

/**
 * The site's link rules (docs/site.md), button: colon → new tab as-is; language-prefixed → as-is; empty → "/"; else
 * prefixed. Only http(s), mailto, tel and relative urls are links (ui/safe-href.ts).
 */
export function buttonLink(url: unknown, language: Language): Link {
  const value = typeof url === "string" ? url.trim() : "";
  if (!value) return { href: "/", newTab: false };
  const href = safeHref(value);
  if (href === undefined) return { newTab: false };
  if (hasScheme(href)) return { href, newTab: true };
  return { href: localise(href, language), newTab: false };
}

/** A slide with a url links to it in the visitor's language; without one (or an unsafe one) it is not a link. */
export function slideHref(url: unknown, language: Language): string | undefined {
  const href = safeHref(typeof url === "string" ? url.trim() : "");
  if (!href) return undefined;
  return hasScheme(href) ? href : localise(href, language);
}

/**
 * Logotype rules: "http…" as-is; a path that is only a language code ("/ru", "/en") as-is, the
 * default language's as "/"; an empty url is home; anything else gets the language prefix.
 */
export function logotypeHref(url: unknown, language: Language): string | undefined {
  const value = typeof url === "string" ? url.trim() : "";
  if (!value) return withLanguage("/", language);
  if (safeHref(value) === undefined) return undefined;
  if (value.startsWith("http")) return value;
  const only = languageOfPath(value);
  if (only && value.replace(/\/+$/, "") === `/${only}`) return withLanguage("/", only);
  return localise(value, language);
}

/** A record's public page: "/blog/articles/{slug}" in the visitor's language. */
export function recordHref(base: string, slug: unknown, language: Language): string {
  return withLanguage(`${base}/${encodeURIComponent(String(slug ?? ""))}`, language);
}
