import { validationErrorFromCauses } from "../../engine/errors.js";
import { LANGUAGE_CODE, LANGUAGES, isLanguage, type Language } from "../../engine/schema/languages.js";

/**
 * A `language` in a request body. The schema (route docs, first check) takes any language code;
 * whether the site has that language is checked in code by `checkLanguage`, because the list is
 * the LANGUAGES setting, applied after the route schemas are written.
 */
export const LANGUAGE_INPUT = {
  type: "string",
  pattern: LANGUAGE_CODE.source,
  description: "One of the site's languages (the LANGUAGES setting)",
};

/** The language when the site has it; else a 400 naming the field and the languages it may be. */
export function checkLanguage(language: string | undefined, path = "/language"): Language | undefined {
  if (language === undefined || isLanguage(language)) return language;
  throw validationErrorFromCauses([{ path, message: `must be one of ${LANGUAGES.join(", ")}` }]);
}
