/** A noun's forms by plural category (Unicode CLDR's: one, two, few, many, other); `other` is the fallback. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/**
 * The form of a noun for a count in a language, by the language's own plural rules
 * (Intl.PluralRules): 1 запись, 2 записи, 5 записей, 21 запись; 1 page, 2 pages. A language
 * added to the site brings its forms, never a rule of its own.
 */
export function plural(language: string, count: number, forms: PluralForms): string {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
  return forms[rule.select(count)] ?? forms.other;
}
