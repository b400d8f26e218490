import { DEFAULT_LANGUAGE, type Language } from "../site/page-data.js";

/** Every string table made, by name, so the translation check (i18n/missing-translations.ts) can list gaps. */
export const stringTables = new Map<
  string,
  { en: Record<string, string> } & Record<string, Partial<Record<string, string>> | undefined>
>();

/**
 * A module's texts: English (the source, every key) and its translations by language code, and
 * the lookup that falls back to the default language and then to English when a language lacks a
 * key, never to an empty text: one mechanism for the site's shared texts and each module's own.
 * A language nobody translated yet simply shows the fallback; `npm run i18n:check` lists the gaps.
 */
export function stringTable<Key extends string, Translations extends Record<string, Partial<Record<Key, string>>>>(
  name: string,
  en: Record<Key, string>,
  translations: Translations,
) {
  const strings = { ...translations, en } as Translations & { en: Record<Key, string> } & Partial<
      Record<Language, Record<Key, string>>
    >;
  const table = strings as unknown as Record<string, Partial<Record<Key, string>> | undefined>;
  stringTables.set(name, strings as never);
  const text = (key: Key, language: Language): string =>
    table[language]?.[key] || table[DEFAULT_LANGUAGE]?.[key] || en[key];
  return { strings, text };
}
