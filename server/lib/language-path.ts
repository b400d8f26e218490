import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../engine/schema/languages.js";
import { normalizeUrl } from "./url-path.js";

// A page path's language prefix, read by the site's routes, host's pages routes and the site's
// revalidation: in server/lib, below all three, so none imports another to reach it.

export interface LocalisedPath {
  language: Language;
  /** The path without the language prefix, normalized ("/" for home). */
  path: string;
  /** The path began with a language code ("/ru/…", "/en/…"). */
  prefixed: boolean;
  /** The visitor named the default language ("/en/…"): the canonical url has no prefix. */
  explicitDefault: boolean;
}

/** "/ru/blog" → ru + "/blog"; "/blog" → the default language + "/blog"; "/en/blog" (en the default) → en + "/blog", marked as spelled out. */
export function splitLanguage(rawPath: string): LocalisedPath {
  const path = normalizeUrl(rawPath);
  const first = path.split("/")[1];
  if (!isLanguage(first)) return { language: DEFAULT_LANGUAGE, path, prefixed: false, explicitDefault: false };
  const rest = path.slice(first.length + 1);
  return { language: first, path: rest || "/", prefixed: true, explicitDefault: first === DEFAULT_LANGUAGE };
}
