// Exact money in JavaScript: decimal strings turned into whole numbers of minor units (BigInt),
// added, and turned back. A float never holds an amount. Rounding happens in PostgreSQL, once
// per line (see ecommerce/prices.ts); here values are already at the currency's precision.

import { decimalFromNumber, isDecimal } from "../../../engine/query/decimal.js";

/** "59.97" with 2 decimals → 5997n. Extra fraction digits must be zeros: nothing is rounded here. */
export function toMinorUnits(amount: string, decimals: number): bigint {
  if (!isDecimal(amount)) throw new Error(`not a decimal amount: ${JSON.stringify(amount)}`);
  const negative = amount.startsWith("-");
  const [whole, fraction = ""] = (negative ? amount.slice(1) : amount).split(".");
  const kept = fraction.slice(0, decimals).padEnd(decimals, "0");
  if (/[^0]/.test(fraction.slice(decimals))) throw new Error(`${amount} has more than ${decimals} decimals`);
  const units = BigInt(whole! + kept);
  return negative ? -units : units;
}

/** 5997n with 2 decimals → "59.97"; 12n with 0 decimals → "12". */
export function fromMinorUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** The exact sum of amounts already at the currency's precision, as a decimal string in it. */
export function sumAmounts(amounts: string[], decimals: number): string {
  return fromMinorUnits(
    amounts.reduce((sum, amount) => sum + toMinorUnits(amount, decimals), 0n),
    decimals,
  );
}

/** Whether two decimal strings are the same amount ("10.5" and "10.50"). */
export function sameAmount(a: string, b: string, decimals: number): boolean {
  try {
    return toMinorUnits(a, decimals) === toMinorUnits(b, decimals);
  } catch {
    return false;
  }
}

/**
 * An amount as a provider's notification carries it, as a decimal string: a form field or JSON
 * string ("123.00") as it is; a JSON number (CloudPayments' and 0xProcessing's JSON) through
 * JavaScript's shortest round-trip text, which gives back exactly the decimal that was written
 * for up to 15 significant digits (more, or an exponent, is not an amount: undefined).
 */
export function wireAmount(value: unknown): string | undefined {
  if (typeof value === "string") return isDecimal(value.trim()) ? value.trim() : undefined;
  return typeof value === "number" ? decimalFromNumber(value) : undefined;
}
