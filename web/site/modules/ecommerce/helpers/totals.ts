import { sumAmounts } from "../../../../../common/money.js";
import { decimalsOf } from "./price.js";
import type { Total } from "./shop-api.js";

/**
 * The exact sum of several orders' totals, per currency: only the currencies every order has a
 * total in (as the server's cart total does), in the first order's currency order.
 */
export function commonTotals(totals: Total[][]): Total[] {
  const [first = []] = totals;
  return first.flatMap(({ billingModuleCurrency: currency }) => {
    const amounts = totals.map((list) => list.find((t) => t.billingModuleCurrency.id === currency.id)?.total);
    if (amounts.some((amount) => amount === undefined)) return [];
    return [{ total: sumAmounts(amounts, decimalsOf(currency)), billingModuleCurrency: currency }];
  });
}
