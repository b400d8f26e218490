import type { Row } from "../../../../common/site/page-data.js";
import { text } from "../../../../common/i18n/text.js";
import type { Language } from "../../../../common/site/page-data.js";

/** The field props every input variant shares: label, placeholder and name (the input's slug). */
export function inputProps(input: Row, language: Language) {
  return {
    name: String(input.slug ?? input.id),
    label: text(input.label, language) || text(input.title, language) || undefined,
    placeholder: text(input.placeholder, language) || undefined,
    description: text(input.description, language) || text(input.subtitle, language) || undefined,
    required: input.isRequired === true,
    className: typeof input.className === "string" && input.className ? input.className : undefined,
  };
}
