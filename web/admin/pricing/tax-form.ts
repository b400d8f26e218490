import { FormChecks, filledTexts, moneyAbove } from "./field-checks.js";
import type { TaxRate } from "./pricing-api.js";
import type { PricingTexts } from "./pricing-texts.js";
import type { TaxesTexts } from "./taxes-texts.js";

/** A tax rate as its form holds it (the rate as typed). */
export interface TaxForm {
  title: Record<string, string>;
  country: string | null;
  region: string;
  rate: string;
  categoryId: string | null;
  taxShipping: boolean;
}

export const emptyTax = (): TaxForm => ({
  title: {},
  country: null,
  region: "",
  rate: "",
  categoryId: null,
  taxShipping: false,
});

/** The form's fields, as the server's causes name them. */
export const TAX_FIELDS = Object.keys(emptyTax());

export const taxFormOf = (rate: TaxRate): TaxForm => ({
  title: rate.title ?? {},
  country: rate.country,
  region: rate.region ?? "",
  rate: rate.rate ?? "",
  categoryId: rate.categoryId,
  taxShipping: rate.taxShipping,
});

/** A percent as typed ("19", "7.5", «7,5») as the decimal string sent, or undefined when it is no percent from 0 to 100. */
export function percentOf(text: string): string | undefined {
  const typed = text.trim().replace(",", ".");
  if (!/^\d{1,3}(?:\.\d{1,4})?$/.test(typed) || moneyAbove(typed, "100")) return undefined;
  return typed;
}

/** What a save sends, or the fields to fix first: a title, a country, a percent from 0 to 100. */
export function taxInputOf(
  form: TaxForm,
  languages: readonly string[],
  t: PricingTexts,
  x: TaxesTexts,
): { input?: Record<string, unknown>; errors: Record<string, string> } {
  const checks = new FormChecks();
  const title = filledTexts(form.title);
  if (Object.keys(title).length === 0) checks.mark(`title.${languages[0]}`, t.titleNeeded);
  if (!form.country) checks.mark("country", x.chooseCountry);
  const rate = percentOf(form.rate);
  if (rate === undefined) checks.mark("rate", form.rate.trim() ? x.rateRange : t.needed);
  if (!checks.ok) return { errors: checks.errors };
  return {
    input: {
      title,
      country: form.country,
      region: form.region.trim() || null,
      rate,
      categoryId: form.categoryId,
      taxShipping: form.taxShipping,
    },
    errors: {},
  };
}
