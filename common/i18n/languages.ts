import { DEFAULT_LANGUAGE, type Language } from "../site/page-data.js";
import { isLanguage } from "../../engine/schema/languages.js";

export { isLanguage };

/** The language a path's first segment names ("/ru/blog" → ru), or undefined when it names none. */
export function languageOfPath(path: string): Language | undefined {
  const first = path.split(/[/?#]/).filter(Boolean)[0];
  return path.startsWith("/") && isLanguage(first) ? first : undefined;
}

/** Splits "/ru/blog/x" into { language: "ru", path: "/blog/x" }; unprefixed paths are in the default language. */
export function stripLanguage(path: string): { language: Language; path: string } {
  const language = languageOfPath(path);
  if (!language) return { language: DEFAULT_LANGUAGE, path: path || "/" };
  const rest = path.slice(language.length + 1);
  return { language, path: rest.startsWith("/") ? rest : `/${rest}` };
}

/** The visitor-facing path for a language: the default language stays unprefixed, others get "/{language}". */
export function withLanguage(path: string, language: Language): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (language === DEFAULT_LANGUAGE) return clean;
  return clean === "/" ? `/${language}` : `/${language}${clean}`;
}
