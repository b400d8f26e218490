import { DEFAULT_LANGUAGE, type Language } from "../data/page-data.js";

/**
 * The text of a language map ({ en: "Hi", ru: "Привет" }) in a language, falling back to English
 * and then to any language that has text, so a half-translated record still shows something.
 */
export function text(map: unknown, language: Language): string {
  if (typeof map === "string") return map;
  if (!map || typeof map !== "object") return "";
  const values = map as Record<string, unknown>;
  const pick = (key: string) => (typeof values[key] === "string" && values[key] ? (values[key] as string) : undefined);
  return pick(language) ?? pick(DEFAULT_LANGUAGE) ?? Object.keys(values).map(pick).find(Boolean) ?? "";
}
