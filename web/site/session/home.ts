import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../data/page-data.js";

/** The language a site path is in: its first segment when that is a non-default language. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split("/")[1] ?? "";
  return (LANGUAGES as readonly string[]).includes(first) ? (first as Language) : DEFAULT_LANGUAGE;
}

/** Home in a language: "/" for the default language, "/ru" otherwise (SPEC.md link rules). */
export function homeOf(language: Language): string {
  return language === DEFAULT_LANGUAGE ? "/" : `/${language}`;
}
