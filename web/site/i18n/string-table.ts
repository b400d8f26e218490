import type { Language } from "../data/page-data.js";

/**
 * A module's texts in every language, and the lookup that falls back to English when a language
 * lacks a key: one mechanism for the site's shared texts and each module's own.
 */
export function stringTable<Key extends string>(en: Record<Key, string>, ru: Record<Key, string>) {
  const strings: Record<Language, Record<Key, string>> = { en, ru };
  const text = (key: Key, language: Language): string => strings[language]?.[key] ?? en[key];
  return { strings, text };
}
