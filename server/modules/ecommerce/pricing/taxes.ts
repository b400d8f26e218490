import type { QuoteInput, QuoteLine, TaxRateRule } from "./quote-types.js";
import { percentOf, ratio, taxInside } from "./exact-ratio.js";

/**
 * The tax rate for a line delivered to the destination: among the destination country's rates,
 * those of its region or the whole country, and of one of the line's categories or every product;
 * the most specific wins (a category's rate over the general one, then a region's over the
 * country's; the first listed on a tie). None when the destination is not known.
 */
export function rateFor(input: QuoteInput, line: Pick<QuoteLine, "categoryIds"> | null): TaxRateRule | undefined {
  const destination = input.destination;
  if (!destination) return undefined;
  const region = destination.region?.trim().toLowerCase() ?? "";
  let best: { rule: TaxRateRule; score: number } | undefined;
  for (const rule of input.taxRates) {
    if (rule.country !== destination.country) continue;
    const ruleRegion = rule.region?.trim().toLowerCase() ?? "";
    if (ruleRegion && ruleRegion !== region) continue;
    if (rule.categoryId && !(line?.categoryIds.includes(rule.categoryId) ?? false)) continue;
    const score = (rule.categoryId ? 2 : 0) + (ruleRegion ? 1 : 0);
    if (!best || score > best.score) best = { rule, score };
  }
  return best?.rule;
}

/**
 * The tax of an amount (minor units) at a rule's percent, rounded half-even to the currency's
 * minor unit: added on top of a net amount, or the part inside a gross one (PRICES_INCLUDE_TAX).
 */
export function taxOf(amount: bigint, rule: TaxRateRule | undefined, included: boolean): bigint {
  const percent = rule ? ratio(rule.rate) : undefined;
  if (!percent || amount <= 0n) return 0n;
  return included ? taxInside(amount, percent) : percentOf(amount, percent);
}
