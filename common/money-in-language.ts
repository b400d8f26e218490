import { fromMinor, toMinor } from "./money.js";
import type { Language } from "./site/page-data.js";

/** A currency as an amount is written with it: its code ("USD", "EUR", "USDT") and its number of places. */
export interface MoneyCurrency {
  code: string;
  decimals: number;
}

/**
 * An exact decimal amount the way a language writes money, with its currency: "$1,299.50" in
 * English, "1 299,50 $" in Russian (grouping and mark by Intl, the currency's own places). The
 * amount is handed to Intl as its decimal string, which Intl reads exactly (no float on the way:
 * "12345678901234567.89" stays that); TypeScript's ES2022 lib types only numbers, hence the cast.
 * A code that is no ISO 4217 currency (a token such as USDT) follows the number.
 */
export function moneyInLanguage(amount: string, currency: MoneyCurrency, language: Language): string {
  const minor = toMinor(amount, currency.decimals);
  const exact = (minor === undefined ? amount : fromMinor(minor, currency.decimals)) as unknown as number;
  const places = { minimumFractionDigits: currency.decimals, maximumFractionDigits: currency.decimals };
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency: currency.code, ...places }).format(exact);
  } catch {
    return `${new Intl.NumberFormat(language, places).format(exact)} ${currency.code}`;
  }
}
