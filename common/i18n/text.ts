import { DEFAULT_LANGUAGE, type Language } from "../site/page-data.js";

/**
 * The text of a language map ({ en: "Hi", ru: "Привет" }) in a language, falling back to the
 * default language and then to any language that has text, so a half-translated record still shows something.
 */
export function text(map: unknown, language: Language): string {
  if (typeof map === "string") return map;
  if (!map || typeof map !== "object") return "";
  const values = map as Record<string, unknown>;
  // Called for every text of every record a page shows: plain lookups, no closure or arrays.
  const own = values[language];
  if (typeof own === "string" && own) return own;
  const fallback = values[DEFAULT_LANGUAGE];
  if (typeof fallback === "string" && fallback) return fallback;
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (typeof value === "string" && value) return value;
  }
  return "";
}
