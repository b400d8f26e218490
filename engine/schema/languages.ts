/**
 * The languages a language map (schemas/_defs/language-map.json) is written in, the default
 * first. One list for the engine (language-map columns and indexes, admin inputs), the server
 * (language prefixes of page paths) and the site renderer: pure, so web/ may import it too.
 */
export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
