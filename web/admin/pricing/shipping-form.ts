import { FormChecks, checkMoney, checkWhole, filledTexts, moneyAbove } from "./field-checks.js";
import type { ShippingRate } from "./pricing-api.js";
import type { PricingCurrency } from "./pricing-format.js";
import type { PricingTexts } from "./pricing-texts.js";
import type { ShippingTexts } from "./shipping-texts.js";

/** A shipping rate as its form holds it: money and grams as the typed text. */
export interface ShippingForm {
  title: Record<string, string>;
  countries: string[];
  currencyId: string | null;
  amount: string;
  minWeight: string;
  maxWeight: string;
  minSubtotal: string;
  maxSubtotal: string;
  freeFrom: string;
}

/** The form's fields, as the server's causes name them (server-causes.ts). */
export const SHIPPING_FIELDS = Object.keys(emptyShipping(null));

export function emptyShipping(currencyId: string | null): ShippingForm {
  return {
    title: {},
    countries: [],
    currencyId,
    amount: "",
    minWeight: "",
    maxWeight: "",
    minSubtotal: "",
    maxSubtotal: "",
    freeFrom: "",
  };
}

const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));

export function shippingFormOf(rate: ShippingRate): ShippingForm {
  return {
    title: rate.title ?? {},
    countries: rate.countries ?? [],
    currencyId: rate.currencyId,
    amount: text(rate.amount),
    minWeight: text(rate.minWeight),
    maxWeight: text(rate.maxWeight),
    minSubtotal: text(rate.minSubtotal),
    maxSubtotal: text(rate.maxSubtotal),
    freeFrom: text(rate.freeFrom),
  };
}

/**
 * What a save sends, or the fields to fix first: a title in some language, a currency and the
 * price in it, grams as whole numbers, money exact to the currency's places, and no band whose
 * lower end is above its upper one.
 */
export function shippingInputOf(
  form: ShippingForm,
  currencies: PricingCurrency[],
  languages: readonly string[],
  t: PricingTexts,
  s: ShippingTexts,
): { input?: Record<string, unknown>; errors: Record<string, string> } {
  const checks = new FormChecks();
  const title = filledTexts(form.title);
  if (Object.keys(title).length === 0) checks.mark(`title.${languages[0]}`, t.titleNeeded);
  const currency = currencies.find((c) => c.id === form.currencyId);
  if (!currency) checks.mark("currencyId", t.chooseCurrency);
  const decimals = currency?.decimals ?? 2;
  const money = (key: keyof ShippingForm) => checks.take(key, checkMoney(form[key] as string, decimals, t));
  const amount = money("amount");
  if (amount === null) checks.mark("amount", t.needed);
  const minWeight = checks.take("minWeight", checkWhole(form.minWeight, 0, t));
  const maxWeight = checks.take("maxWeight", checkWhole(form.maxWeight, 0, t));
  if (minWeight != null && maxWeight != null && minWeight > maxWeight)
    checks.mark("maxWeight", t.notBelow(s.minWeight));
  const minSubtotal = money("minSubtotal");
  const maxSubtotal = money("maxSubtotal");
  if (moneyAbove(minSubtotal, maxSubtotal)) checks.mark("maxSubtotal", t.notBelow(s.minSubtotal));
  const freeFrom = money("freeFrom");
  if (!checks.ok) return { errors: checks.errors };
  return {
    input: {
      title,
      countries: form.countries,
      currencyId: form.currencyId,
      amount,
      minWeight,
      maxWeight,
      minSubtotal,
      maxSubtotal,
      freeFrom,
    },
    errors: {},
  };
}
