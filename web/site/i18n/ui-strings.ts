import { stringTable } from "../../../common/i18n/string-table.js";
import type { Language } from "../../../common/site/page-data.js";
import { en } from "./strings/en.js";
import { ru } from "./strings/ru.js";
import { de } from "./strings/de.js";

export type { UiStringKey } from "./strings/en.js";

/**
 * The texts by language, and the text for a key in a language (the default language's, then
 * English, when a language lacks it). A new language is one more file in strings/, named here.
 */
export const { strings: uiStrings, text: uiText } = stringTable("site", en, { ru, de });

/** Language names as their speakers write them, for the switcher; other codes ask Intl. */
const NAMES: Record<string, string> = { en: "English", ru: "Русский", de: "Deutsch" };

export function languageName(language: Language): string {
  if (NAMES[language]) return NAMES[language];
  try {
    return new Intl.DisplayNames([language], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}
