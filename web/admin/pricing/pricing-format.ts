import { fromMinor, toMinor } from "../../../common/money.js";

/** A currency as the pricing screens write and choose it (billing/currencies). */
export interface PricingCurrency {
  id: string;
  slug: string;
  symbol: string | null;
  decimals: number;
  title: Record<string, string>;
  adminTitle: string;
  isDefault: boolean;
}

/** Space that keeps a number and its unit on one line. */
const NBSP = "\u00a0";

/**
 * An exact decimal as the language writes it ("1,299.50", «1 299,50»), at `places` decimals, or up
 * to `upTo` when given. Intl reads the decimal string exactly (no float on the way); TypeScript's
 * lib types only numbers, hence the cast, as in common/money-in-language.ts.
 */
export function decimalText(value: string, language: string, places: number, upTo = places): string {
  const minor = toMinor(value, upTo);
  const exact = (minor === undefined ? value : fromMinor(minor, upTo)) as unknown as number;
  try {
    return new Intl.NumberFormat(language, { minimumFractionDigits: places, maximumFractionDigits: upTo }).format(
      exact,
    );
  } catch {
    return value;
  }
}

/**
 * An amount with its currency's own symbol: "€5.00" in English, «5,00 €» in Russian; a currency
 * without a symbol, or whose symbol is a code (USDT), follows the number with it.
 */
export function moneyText(amount: string, currency: PricingCurrency | undefined, language: string): string {
  const decimals = currency?.decimals ?? 2;
  const number = decimalText(amount, language, decimals);
  const symbol = currency?.symbol?.trim() || currency?.slug.toUpperCase() || "";
  if (!symbol) return number;
  const before = language === "en" && !/^\p{L}{2,}$/u.test(symbol);
  return before ? `${symbol}${number}` : `${number}${NBSP}${symbol}`;
}

/** A percent as typed ("19", "7.5") in the language's digits: "19 %", «7,5 %». */
export function percentText(rate: string, language: string): string {
  return `${decimalText(rate, language, 0, 4)}${NBSP}%`;
}

/** Grams in the unit a person reads: "500 g", "1.5 kg" («500 г», «1,5 кг»). */
export function weightText(grams: number, language: string): string {
  const ru = language === "ru";
  if (grams < 1000) return `${grams.toLocaleString(language)}${NBSP}${ru ? "г" : "g"}`;
  const kg = (grams / 1000).toLocaleString(language, { maximumFractionDigits: 3 });
  return `${kg}${NBSP}${ru ? "кг" : "kg"}`;
}

/** A band's words: both ends, one of them, or none ("500 g – 2 kg", "from 500 g", "up to 2 kg", "any"). */
export function bandText<T>(
  min: T | null | undefined,
  max: T | null | undefined,
  show: (value: T) => string,
  words: { from(text: string): string; upTo(text: string): string; any: string },
): string {
  const has = (value: T | null | undefined): value is T => value !== null && value !== undefined && value !== "";
  if (has(min) && has(max)) return `${show(min)} – ${show(max)}`;
  if (has(min)) return words.from(show(min));
  if (has(max)) return words.upTo(show(max));
  return words.any;
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the language ("Germany", «Германия»), by Intl.DisplayNames; the code only when Intl has no name. */
export function countryName(code: string, language: string): string {
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: "region" }));
    } catch {
      regionNames.set(language, null);
    }
  }
  return regionNames.get(language)?.of(code) ?? code;
}

/** A moment as the admin writes it everywhere (web/admin/time/time-text.ts). */
export { momentText } from "../time/time-text.js";

/** A currency as chosen in a select: its name in the language and its symbol ("Euro (€)"). */
export function currencyName(currency: PricingCurrency, language: string): string {
  const name = currency.title?.[language]?.trim() || currency.title?.en?.trim() || currency.adminTitle;
  const symbol = currency.symbol?.trim() || currency.slug.toUpperCase();
  return `${name} (${symbol})`;
}
