import { toMinor } from "../../../common/money.js";
import type { PricingTexts } from "./pricing-texts.js";

/** What a typed field becomes: the value to send, or why it cannot be sent. */
export type Checked<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

/**
 * A money field as typed ("12.50", or "12,50" as a Russian owner types it) as the exact decimal
 * string the server takes, never a number; empty is null. More places than the currency has is
 * refused rather than rounded, so what is saved is what was typed.
 */
export function checkMoney(text: string, decimals: number, t: PricingTexts): Checked<string | null> {
  const typed = text.trim().replace(/\s/g, "").replace(",", ".");
  if (typed === "") return { value: null };
  const match = /^\d{1,15}(?:\.(\d+))?$/.exec(typed);
  if (!match || (match[1]?.length ?? 0) > decimals) return { error: t.money(decimals) };
  return { value: typed };
}

/** A whole number field (grams, a count) at least `min`; empty is null. */
export function checkWhole(text: string, min: number, t: PricingTexts): Checked<number | null> {
  const typed = text.trim();
  if (typed === "") return { value: null };
  if (!/^\d{1,9}$/.test(typed) || Number(typed) < min) return { error: min > 0 ? t.countFromOne : t.wholeNumber };
  return { value: Number(typed) };
}

/** A title per language with the empty inputs left out ("no text" stays no text). */
export const filledTexts = (texts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([, v]) => v.trim() !== "")
      .map(([k, v]) => [k, v.trim()]),
  );

/** Whether the decimal `low` is above `high` (both checked already; a missing end is no bound). */
export function moneyAbove(low: string | null | undefined, high: string | null | undefined): boolean {
  if (!low || !high) return false;
  return (toMinor(low, 6) ?? 0n) > (toMinor(high, 6) ?? 0n);
}

/**
 * Collects the checks of a form: `take` keeps a field's value or marks its error under `key`, so
 * a form's check reads as its field list, and `errors` says what to fix before any request.
 */
export class FormChecks {
  readonly errors: Record<string, string> = {};

  take<T>(key: string, checked: Checked<T>): T | undefined {
    if (checked.error !== undefined) this.errors[key] = checked.error;
    return checked.value;
  }

  mark(key: string, message: string): void {
    this.errors[key] ??= message;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
