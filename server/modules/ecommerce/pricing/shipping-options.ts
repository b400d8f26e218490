import { fromMinor, toMinor } from "../../../../common/money.js";
import type { QuoteInput, QuoteProblem, ShippingOption, ShippingRateRule } from "./quote-types.js";

export interface ChosenShipping {
  options: ShippingOption[];
  /** What delivery costs (minor units) before a free-shipping code. */
  amount: bigint;
  rateId: string | null;
  problem: QuoteProblem | null;
}

/**
 * The delivery options for a cart, cheapest first, and the one charged for. A rate is offered when
 * it delivers to the destination's country (or everywhere), the shipped lines' total weight is in
 * its weight band and the goods' amount after discounts in its amount band; it costs nothing from
 * its `freeFrom`. The bands use the amount after discounts so that a code cannot push a cart into
 * free or cheaper delivery it no longer pays for.
 *
 * Nothing is charged when no line ships or the shop has no rates at all (as before rates existed).
 * With no destination yet only the rates that deliver everywhere are listed. A cart that ships
 * with no rate offered, or asks for one not offered, carries a problem: its checkout is refused.
 */
export function chooseShipping(input: QuoteInput, goods: bigint): ChosenShipping {
  const shipped = input.lines.filter((line) => line.ships);
  const none: ChosenShipping = { options: [], amount: 0n, rateId: null, problem: null };
  if (shipped.length === 0 || !input.shippingConfigured) return none;
  const weight = shipped.reduce((sum, line) => sum + (line.weight ?? 0) * line.quantity, 0);
  const { decimals } = input.currency;
  const money = (value: string | null | undefined) => (value ? toMinor(value, decimals) : undefined);
  const offered = input.shippingRates
    .filter((rate) => delivers(rate, input.destination?.country))
    .filter((rate) => within(weight, rate.minWeight, rate.maxWeight))
    .filter((rate) => within(goods, money(rate.minSubtotal), money(rate.maxSubtotal)))
    .map((rate) => {
      const freeFrom = money(rate.freeFrom);
      const amount = freeFrom !== undefined && goods >= freeFrom ? 0n : (money(rate.amount) ?? 0n);
      return { rate, amount: amount < 0n ? 0n : amount };
    })
    .sort((a, b) => (a.amount === b.amount ? 0 : a.amount < b.amount ? -1 : 1));
  const options = offered.map(({ rate, amount }) => ({
    id: rate.id,
    title: rate.title,
    amount: fromMinor(amount, decimals),
  }));
  const asked = input.shippingRateId;
  const chosen = asked ? offered.find((o) => o.rate.id === asked) : offered[0];
  if (asked && !chosen)
    return { ...none, options, problem: { kind: "shipping-rate-unavailable", shippingRateId: asked } };
  if (!chosen) {
    const country = input.destination?.country;
    return { ...none, options, problem: country ? { kind: "no-shipping-rate", country } : null };
  }
  return { options, amount: chosen.amount, rateId: chosen.rate.id, problem: null };
}

function delivers(rate: ShippingRateRule, country: string | undefined): boolean {
  if (rate.countries.length === 0) return true;
  return country !== undefined && rate.countries.includes(country);
}

function within<T extends number | bigint>(value: T, min: T | null | undefined, max: T | null | undefined): boolean {
  return (min == null || value >= min) && (max == null || value <= max);
}
