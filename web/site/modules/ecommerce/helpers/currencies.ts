import type { CallOptions } from "../../../../api/client.js";
import type { Currency } from "./price.js";
import type { Order, Total } from "./shop-api.js";

/** The billing currencies, public: which one is the default, and their order (GET /api/billing/currencies). */
export const CURRENCIES_API = "/api/billing/currencies";

type Call = <T>(path: string, options?: CallOptions) => Promise<T>;

let asked: Promise<Currency[]> | undefined;

/** The currencies, asked once per page; none when the server cannot say (totals keep the server's order). */
export function loadCurrencies(call: Call): Promise<Currency[]> {
  asked ??= call<Currency[]>(CURRENCIES_API, { query: { limit: 100 } }).catch(() => {
    asked = undefined;
    return [];
  });
  return asked;
}

/**
 * Totals in a stable order, the default currency first, then as the currencies are listed, each
 * currency marked with `isDefault` (so checkout forms start on the default one).
 */
export function orderTotals(totals: Total[], currencies: Currency[]): Total[] {
  const rank = (id: string) => {
    const index = currencies.findIndex((c) => c.id === id);
    if (index < 0) return currencies.length;
    return currencies[index]!.isDefault ? -1 : index;
  };
  return [...totals]
    .map((total) => ({
      ...total,
      billingModuleCurrency: {
        ...total.billingModuleCurrency,
        isDefault: !!currencies.find((c) => c.id === total.billingModuleCurrency.id)?.isDefault,
      },
    }))
    .sort((a, b) => rank(a.billingModuleCurrency.id) - rank(b.billingModuleCurrency.id));
}

/** Orders with their totals in that order. */
export const withOrderedTotals = (orders: Order[], currencies: Currency[]): Order[] =>
  orders.map((order) => ({ ...order, total: orderTotals(order.total ?? [], currencies) }));
