import { formatAmount } from "../../../common/money.js";

export interface LabelCurrency {
  /** The ISO code (a currency's slug, upper-cased): "USD". */
  code: string;
  symbol?: string | null;
  decimals?: number | null;
}

/**
 * "$32.00 · USD": the symbol before the amount at the currency's places, then its code — the
 * product editor's form of a price (web/admin/products/product-api.ts). Exact: the decimal string
 * is rounded in integer minor units, never through a float. "32.00 USD" without a symbol.
 */
export function moneyLabel(amount: string, currency: LabelCurrency): string {
  const decimals = typeof currency.decimals === "number" && Number.isInteger(currency.decimals) ? currency.decimals : 2;
  const value = formatAmount(amount, decimals);
  return currency.symbol ? `${currency.symbol}${value} · ${currency.code}` : `${value} ${currency.code}`;
}
