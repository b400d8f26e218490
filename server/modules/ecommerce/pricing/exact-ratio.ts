/**
 * Exact arithmetic for the quote (quote.ts): rates and percents are decimal strings read as
 * fractions of integers, so "7.5" is 75/10 and nothing is ever a JavaScript float; money is in
 * minor units (BigInt) of the checkout's currency.
 */

/** A non-negative decimal string as numerator / denominator ("7.5" → 75n / 10n); undefined when not one. */
export function ratio(value: string | null | undefined): { n: bigint; d: bigint } | undefined {
  const match = /^\s*(\d*)(?:\.(\d*))?\s*$/.exec(value ?? "");
  if (!match || (!match[1] && !match[2])) return undefined;
  const fraction = match[2] ?? "";
  return { n: BigInt(`${match[1] || "0"}${fraction}`), d: 10n ** BigInt(fraction.length) };
}

/**
 * n / d rounded to the nearest integer, a half to the even neighbour (banker's rounding), for
 * n ≥ 0 and d > 0. Half-even is what tax is rounded by per line (docs/shop-pricing.md): over many
 * lines its halves go up as often as down, so the rounded taxes do not drift from the exact sum.
 */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const twice = (n % d) * 2n;
  if (twice > d) return quotient + 1n;
  if (twice === d) return quotient % 2n === 0n ? quotient : quotient + 1n;
  return quotient;
}

/** `amount` × percent / 100, rounded half-even (a discount or an exclusive tax of a line). */
export function percentOf(amount: bigint, percent: { n: bigint; d: bigint }): bigint {
  return divideHalfEven(amount * percent.n, percent.d * 100n);
}

/**
 * The tax inside a gross `amount` at `percent`: round(gross × percent / (100 + percent)), half-even.
 * The tax is what is rounded, not the net: rounding the net half-even and taking the tax as the rest
 * would send the tax's halves to the odd neighbour whenever the gross is odd (10.05 at 20% holds
 * 1.675 of tax: 1.68, where 10.05 − round(8.375) would say 1.67).
 */
export function taxInside(amount: bigint, percent: { n: bigint; d: bigint }): bigint {
  return divideHalfEven(amount * percent.n, 100n * percent.d + percent.n);
}

/**
 * `total` shared among `weights` in proportion, each share whole, the shares adding to `total`
 * exactly: each gets its floor, and what is left goes one unit at a time to the largest remainders
 * (the earlier line on a tie). With total ≤ the sum of weights, no share exceeds its weight.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n || total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}
