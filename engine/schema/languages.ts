/**
 * The languages a language map (schemas/_defs/language-map.json) is written in, and the default
 * one (its pages have no URL prefix). One list for the engine (language-map columns and indexes,
 * admin inputs), the server (language prefixes of page paths) and the site renderer: pure, so
 * web/ may import it too.
 *
 * The list is a setting (LANGUAGES, DEFAULT_LANGUAGE in server/config.ts), not a constant: the
 * server applies it once at start-up and the browser applies the one its page data or the admin's
 * models answer carries. Both bindings are live (`export let`), so every importer reads the
 * applied list without passing it around; the shipped default is English and Russian.
 */
export let LANGUAGES: readonly string[] = ["en", "ru"];
export let DEFAULT_LANGUAGE = "en";
/**
 * The languages whose language-map texts get a trigram search index (migrations/): the shipped
 * ones, fixed, because the schema and its migrations must not change with a setting. Searching
 * another configured language works, only without an index.
 */
export const INDEXED_LANGUAGES: readonly string[] = ["en", "ru"];

/** A BCP 47 code from LANGUAGES ("en", "de", "pt-BR"). */
export type Language = string;

/**
 * A BCP 47 language tag as the site uses it: a 2–3 letter language and optional subtags
 * ("pt-BR", "zh-Hant"). Narrower than BCP 47 on purpose: a code becomes a URL prefix and part of
 * index names and SQL (`title->>'de'`), so nothing but letters, digits and hyphens may pass.
 */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Checks a language list and its default; the message names the bad part (a start-up error). */
export function checkLanguages(languages: readonly string[], defaultLanguage: string): string | undefined {
  if (languages.length === 0) return "LANGUAGES must name at least one language";
  const bad = languages.find((code) => !LANGUAGE_CODE.test(code));
  if (bad !== undefined) return `LANGUAGES: ${JSON.stringify(bad)} is not a language code such as en, de or pt-BR`;
  const twice = languages.find((code, i) => languages.indexOf(code) !== i);
  if (twice !== undefined) return `LANGUAGES names ${twice} twice`;
  if (!languages.includes(defaultLanguage))
    return `DEFAULT_LANGUAGE ${JSON.stringify(defaultLanguage)} is not one of LANGUAGES (${languages.join(",")})`;
  return undefined;
}

/** Applies the configured languages (server start-up, the browser's page data or models answer). */
export function applyLanguages(languages: readonly string[], defaultLanguage: string): void {
  const problem = checkLanguages(languages, defaultLanguage);
  if (problem) throw new Error(problem);
  LANGUAGES = [...languages];
  DEFAULT_LANGUAGE = defaultLanguage;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && LANGUAGES.includes(value);
}
