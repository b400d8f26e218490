import { toMinor } from "../../../../common/money.js";
import { allocate, percentOf, ratio } from "./exact-ratio.js";
import type { DiscountCodeRule, QuoteInput, RefusalReason } from "./quote-types.js";

/** What the codes took: per line (minor units, same order as the lines), whether delivery is free, and the verdict on each typed code. */
export interface AppliedDiscounts {
  perLine: bigint[];
  freeShipping: boolean;
  applied: string[];
  refused: { code: string; reason: RefusalReason }[];
}

/**
 * Applies the typed codes in the order typed. A code is refused, with its reason, when the shop
 * has none such, it is switched off, not started or over, used up (in all or by this buyer), in
 * another currency, the goods cost less than its minimum, no line is one it applies to, or it
 * would join another code when either one is not combinable (one code per order by default).
 *
 * A percent takes that part of each line it applies to, rounded half-even per line; an amount is
 * shared among those lines in proportion to what is left of them (exactly, allocate()). Either
 * takes from what earlier codes left, and never more: no line, and so no order, goes below zero.
 */
export function applyDiscounts(input: QuoteInput, amounts: readonly bigint[], subtotal: bigint): AppliedDiscounts {
  const { currency, lines } = input;
  const perLine = lines.map(() => 0n);
  const result: AppliedDiscounts = { perLine, freeShipping: false, applied: [], refused: [] };
  const byCode = new Map(input.knownCodes.map((c) => [c.code.toUpperCase(), c]));
  const appliedRules: DiscountCodeRule[] = [];
  const seen = new Set<string>();

  for (const typed of input.discountCodes) {
    const key = typed.trim().toUpperCase();
    const refuse = (reason: RefusalReason) => result.refused.push({ code: typed.trim(), reason });
    if (seen.has(key)) {
      refuse("repeated");
      continue;
    }
    seen.add(key);
    const rule = byCode.get(key);
    const reason = rule ? refusal(rule, input, subtotal, appliedRules) : "unknown";
    if (reason || !rule) {
      refuse(reason ?? "unknown");
      continue;
    }
    const eligible = lines.map((line) => appliesTo(rule, line));
    if (rule.kind === "free-shipping") {
      if (!lines.some((line) => line.ships)) {
        refuse("not-applicable");
        continue;
      }
      result.freeShipping = true;
    } else {
      if (!eligible.some(Boolean)) {
        refuse("not-applicable");
        continue;
      }
      const left = amounts.map((amount, i) => (eligible[i] ? amount - perLine[i]! : 0n));
      const taken = rule.kind === "percent" ? takePercent(rule, left) : takeAmount(rule, left, currency.decimals);
      taken.forEach((value, i) => {
        perLine[i] = perLine[i]! + value;
      });
    }
    appliedRules.push(rule);
    result.applied.push(rule.code.toUpperCase());
  }
  return result;
}

/** Why `rule` cannot apply now, or undefined when it can. */
function refusal(
  rule: DiscountCodeRule,
  input: QuoteInput,
  subtotal: bigint,
  applied: readonly DiscountCodeRule[],
): RefusalReason | undefined {
  const now = input.now.getTime();
  if (!rule.active) return "inactive";
  if (rule.startsAt && Date.parse(rule.startsAt) > now) return "not-started";
  if (rule.endsAt && Date.parse(rule.endsAt) <= now) return "expired";
  if (rule.usageLimit != null && rule.used >= rule.usageLimit) return "used-up";
  if (rule.usageLimitPerCustomer != null && rule.usedByCustomer >= rule.usageLimitPerCustomer) return "already-used";
  if (rule.currencyId ? rule.currencyId !== input.currency.id : rule.kind === "amount") return "currency";
  if (rule.minSubtotal && subtotal < (toMinor(rule.minSubtotal, input.currency.decimals) ?? 0n)) return "min-subtotal";
  if (applied.length > 0 && (!rule.combinable || applied.some((a) => !a.combinable))) return "not-combinable";
  return undefined;
}

/** A code with no products and no categories applies to every line. */
function appliesTo(rule: DiscountCodeRule, line: QuoteInput["lines"][number]): boolean {
  if (rule.productIds.length === 0 && rule.categoryIds.length === 0) return true;
  return rule.productIds.includes(line.productId) || line.categoryIds.some((c) => rule.categoryIds.includes(c));
}

function takePercent(rule: DiscountCodeRule, left: readonly bigint[]): bigint[] {
  const percent = ratio(rule.value) ?? { n: 0n, d: 1n };
  // More than 100% takes the whole line and no more.
  const capped = percent.n > percent.d * 100n ? { n: 100n, d: 1n } : percent;
  return left.map((amount) => percentOf(amount, capped));
}

function takeAmount(rule: DiscountCodeRule, left: readonly bigint[], decimals: number): bigint[] {
  const wanted = toMinor(rule.value ?? "0", decimals) ?? 0n;
  const available = left.reduce((a, b) => a + b, 0n);
  return allocate(wanted < 0n ? 0n : wanted > available ? available : wanted, left);
}
