import { sumAmounts } from "../billing/index.js";
import type { Currency, PricedLine } from "./prices.js";

/** A total on the wire (docs/api.md "Shop wire shapes"): `{ total: "59.97", billingModuleCurrency: { id, slug, symbol, decimals } }`. */
export interface Total {
  total: string;
  billingModuleCurrency: Currency;
}

/**
 * Totals per currency over the given lines, each the exact sum of the lines' rounded amounts.
 * A currency is listed only when every line has a price in it: a total that left a line out
 * would not be what a checkout in that currency charges.
 */
export function totalsByCurrency(priced: PricedLine[], lineIds: string[]): Total[] {
  const byCurrency = new Map<string, { currency: Currency; amounts: string[] }>();
  for (const line of priced) {
    const entry = byCurrency.get(line.currency.id) ?? { currency: line.currency, amounts: [] };
    entry.amounts.push(line.amount);
    byCurrency.set(line.currency.id, entry);
  }
  const wanted = new Set(lineIds);
  return [...byCurrency.values()]
    .filter((entry) => entry.amounts.length === wanted.size && wanted.size > 0)
    .map(({ currency, amounts }) => ({
      total: sumAmounts(amounts, currency.decimals),
      billingModuleCurrency: currency,
    }));
}
