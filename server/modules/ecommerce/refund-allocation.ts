import { fromMinor, toMinor } from "../../../common/money.js";
import { allocate, divideHalfEven, percentOf, ratio, taxInside } from "./pricing/exact-ratio.js";
import type { ChargedBreakdown } from "./invoice-breakdown.js";

/**
 * Refunds of an invoice with a breakdown, part by part (docs/shop-pricing.md "Refunds"): what a
 * refund gives back is shared among the invoice's lines and its delivery in proportion to what
 * is left of each, and the tax inside each share is worked out back. In minor units (BigInt)
 * throughout, so the shares add up to the refund and their taxes to the refund's tax exactly.
 */

/** The key of the delivery among the parts (lines are keyed by their order line's id). */
export const DELIVERY = "delivery";

type Percent = { n: bigint; d: bigint };

/** One part of what the invoice charged: what the buyer paid for it, tax included, and the tax in that. */
export interface ChargedPart {
  key: string;
  charged: bigint;
  tax: bigint;
  /** The percent it was taxed at; none when untaxed, or delivery's rate cannot be told from the breakdown. */
  rate?: Percent;
}

/** What refunds gave back of one part: the amount, tax included, and the tax in it. */
export interface PartRefund {
  amount: bigint;
  tax: bigint;
}

/**
 * The parts of an invoice: each line (its amount less its discount, plus its tax when prices are
 * net; with gross prices the tax is inside already), then delivery (likewise; its tax is what the
 * breakdown's tax holds beyond the lines'). Undefined when they do not add up to the total: a
 * breakdown nobody can share a refund out of is not guessed at.
 */
export function chargedParts(b: ChargedBreakdown, places: number): ChargedPart[] | undefined {
  const minor = (value: string) => toMinor(value, places) ?? 0n;
  const added = (tax: bigint) => (b.taxIncluded ? 0n : tax);
  const parts: ChargedPart[] = b.lines.map((line) => {
    const tax = minor(line.tax);
    const rate = ratio(line.taxRate);
    return {
      key: line.id,
      charged: minor(line.amount) - minor(line.discount) + added(tax),
      tax,
      ...(rate ? { rate } : {}),
    };
  });
  const shipping = minor(b.shipping);
  const shippingTax = minor(b.tax) - parts.reduce((sum, p) => sum + p.tax, 0n);
  const rate = deliveryRate(b, shipping, shippingTax);
  parts.push({ key: DELIVERY, charged: shipping + added(shippingTax), tax: shippingTax, ...(rate ? { rate } : {}) });
  const charged = parts.reduce((sum, p) => sum + p.charged, 0n);
  const sound = parts.every((p) => p.charged >= 0n && p.tax >= 0n && p.tax <= p.charged);
  return sound && charged === minor(b.total) ? parts : undefined;
}

/**
 * The percent delivery was taxed at: the breakdown keeps delivery's tax only inside the total tax,
 * so it is the listed rate that gives exactly that tax on the delivery's amount, as the quote
 * computed it (taxes.ts taxOf).
 */
function deliveryRate(b: ChargedBreakdown, shipping: bigint, tax: bigint): Percent | undefined {
  if (tax <= 0n) return undefined;
  for (const entry of b.taxes) {
    const rate = ratio(entry.rate);
    if (rate && (b.taxIncluded ? taxInside(shipping, rate) : percentOf(shipping, rate)) === tax) return rate;
  }
  return undefined;
}

/**
 * `units` shared among the parts in proportion to what is left of each (what it was charged, less
 * what earlier refunds gave back of it: the charged amounts for a first refund), exactly
 * (exact-ratio.ts allocate), so no part ever gives back more than is left of it and a refund of
 * all that is left gives back each part exactly. `units` must not be more than is left in all.
 *
 * The tax of a share is the tax inside it at the part's rate, rate / (100 + rate) of it, rounded
 * half-even per part: what is given back is what the buyer paid, which holds its tax whether the
 * prices were net (the tax was added to the line) or gross (it was inside). It is kept within what
 * is left of the part's tax and of its net, and the share that empties a part gives back exactly
 * the tax left in it, so the refunds of a whole invoice give back its tax to the cent.
 */
export function shareRefund(
  parts: readonly ChargedPart[],
  before: ReadonlyMap<string, PartRefund>,
  units: bigint,
): Map<string, PartRefund> {
  const left = parts.map((p) => {
    const done = before.get(p.key) ?? { amount: 0n, tax: 0n };
    const amount = p.charged - done.amount;
    const tax = p.tax - done.tax;
    return { amount: amount > 0n ? amount : 0n, tax: tax > 0n ? tax : 0n };
  });
  const shares = allocate(
    units,
    left.map((l) => l.amount),
  );
  return new Map(
    parts.map((part, i) => {
      const share = shares[i]!;
      const { amount, tax } = left[i]!;
      if (share === amount) return [part.key, { amount: share, tax }];
      const inside = part.rate ? taxInside(share, part.rate) : amount > 0n ? divideHalfEven(share * tax, amount) : 0n;
      const least = share - (amount - tax);
      return [part.key, { amount: share, tax: clamp(inside, least > 0n ? least : 0n, tax) }];
    }),
  );
}

/** What earlier refunds gave back of each part: their allocations, plus any refunded amount none of them shares out. */
export function refundedParts(
  parts: readonly ChargedPart[],
  allocations: readonly unknown[],
  refunded: bigint,
  places: number,
): Map<string, PartRefund> {
  const done = new Map<string, PartRefund>();
  for (const allocation of allocations)
    for (const [key, share] of readAllocation(allocation, places)) {
      const sum = done.get(key) ?? { amount: 0n, tax: 0n };
      done.set(key, { amount: sum.amount + share.amount, tax: sum.tax + share.tax });
    }
  // A provider's own "refunded" notification, or a refund made before refunds were shared out: shared out now, as one.
  const shared = [...done.values()].reduce((sum, p) => sum + p.amount, 0n);
  const rest = refunded - shared;
  const left = parts.reduce((sum, p) => sum + p.charged, 0n) - shared;
  if (rest <= 0n || rest > left) return done;
  for (const [key, share] of shareRefund(parts, done, rest)) {
    const sum = done.get(key) ?? { amount: 0n, tax: 0n };
    done.set(key, { amount: sum.amount + share.amount, tax: sum.tax + share.tax });
  }
  return done;
}

/** A refund's shares as stored on it (billing/refunds `allocation`): each line's, delivery's, and the tax in all. */
export function allocationJson(shares: ReadonlyMap<string, PartRefund>, places: number) {
  const money = (units: bigint) => fromMinor(units, places);
  const lines = [...shares].filter(([key]) => key !== DELIVERY);
  const delivery = shares.get(DELIVERY) ?? { amount: 0n, tax: 0n };
  const tax = [...shares.values()].reduce((sum, s) => sum + s.tax, 0n);
  return {
    lines: lines.map(([id, s]) => ({ id, amount: money(s.amount), tax: money(s.tax) })),
    delivery: { amount: money(delivery.amount), tax: money(delivery.tax) },
    tax: money(tax),
  };
}

/** A stored allocation read back (allocationJson's shape); nothing from anything else. */
export function readAllocation(value: unknown, places: number): Map<string, PartRefund> {
  const shares = new Map<string, PartRefund>();
  const stored = (typeof value === "string" ? JSON.parse(value) : value) as {
    lines?: { id?: unknown; amount?: unknown; tax?: unknown }[];
    delivery?: { amount?: unknown; tax?: unknown };
  } | null;
  const read = (share: { amount?: unknown; tax?: unknown } | undefined): PartRefund => ({
    amount: toMinor(share?.amount, places) ?? 0n,
    tax: toMinor(share?.tax, places) ?? 0n,
  });
  for (const line of Array.isArray(stored?.lines) ? stored.lines : [])
    if (typeof line?.id === "string") shares.set(line.id, read(line));
  if (stored?.delivery) shares.set(DELIVERY, read(stored.delivery));
  return shares;
}

const clamp = (value: bigint, least: bigint, most: bigint) => (value < least ? least : value > most ? most : value);
