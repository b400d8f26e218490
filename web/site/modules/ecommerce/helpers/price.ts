import type { Language, Row } from "../../../../../common/site/page-data.js";
import type { SiteData } from "../../../data/site-data.js";
import { text } from "../../../../../common/i18n/text.js";
import { formatAmount } from "../../../../../common/money.js";

export { formatAmount } from "../../../../../common/money.js";

/** A billing currency as prices and totals carry it. */
export interface Currency {
  id: string;
  slug?: string;
  symbol?: string | null;
  decimals?: number;
  isDefault?: boolean;
  title?: unknown;
}

export interface Price {
  attributeId: string;
  /** The exact decimal string, as stored ("12.5"). */
  amount: string;
  /** "$12.50": the currency symbol (or the key's prefix), the amount in the currency's places, the key's suffix. */
  label: string;
  currency?: Currency;
  /** The price is the store's own (stores-to-products-to-attributes). */
  fromStore?: boolean;
}

/** Places a currency's amounts have (ISO 4217 minor units), 2 when not told. */
export const decimalsOf = (currency: Currency | Row | undefined): number =>
  typeof currency?.decimals === "number" && Number.isInteger(currency.decimals) ? currency.decimals : 2;

/** "$1 299.50", or "1 299.50 USD" for a currency without a symbol. */
export function moneyLabel(amount: unknown, currency: Currency | Row | undefined): string {
  const value = formatAmount(amount, decimalsOf(currency));
  const symbol = typeof currency?.symbol === "string" ? currency.symbol : "";
  if (symbol) return `${symbol}${value}`;
  return typeof currency?.slug === "string" && currency.slug ? `${value} ${currency.slug.toUpperCase()}` : value;
}

/** An attribute's key (attribute-keys-to-attributes), when the page loaded it. */
export function attributeKey(site: SiteData, attributeId: string): Row | undefined {
  return site.relatedParents("ecommerce/attribute-keys-to-attributes", attributeId)[0]?.record;
}

const isDecimal = (value: unknown): value is string | number =>
  (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) ||
  (typeof value === "number" && Number.isFinite(value));

/** Price attributes among `attributes`: a number tied to a billing currency (a 'price' key when the key is loaded). */
function pricesOf(site: SiteData, attributes: Row[], language: Language, fromStore: boolean): Price[] {
  return attributes.flatMap((attribute) => {
    if (!isDecimal(attribute.number)) return [];
    const key = attributeKey(site, attribute.id);
    if (key && key.type !== "price") return [];
    const currencyRow = site.related("ecommerce/attributes-to-billing-module-currencies", attribute.id)[0]?.record;
    if (!currencyRow && !key) return [];
    const currency = currencyRow as Currency | undefined;
    const amount = String(attribute.number);
    const prefix = text(key?.prefix, language);
    const suffix = text(key?.suffix, language);
    const label = prefix ? `${prefix}${formatAmount(amount, decimalsOf(currency))}` : moneyLabel(amount, currency);
    return [{ attributeId: attribute.id, amount, label: suffix ? `${label} ${suffix}` : label, currency, fromStore }];
  });
}

/** The stores-to-products row a product card was placed by (on a store's page), if it was. */
export function storeLink(relation: Row | undefined, productId: string): Row | undefined {
  return relation && typeof relation.storeId === "string" && relation.productId === productId ? relation : undefined;
}

/**
 * A product's prices, one per currency: its price attributes, with the store's own prices
 * (stores-to-products-to-attributes of `storeLink`) in their place when shown in a store, as the
 * server charges them. Currencies in the order the product's attributes are placed.
 */
export function productPrices(
  site: SiteData,
  productId: string,
  language: Language = site.language,
  store?: Row,
): Price[] {
  const own = pricesOf(
    site,
    site.related("ecommerce/products-to-attributes", productId).map((r) => r.record),
    language,
    false,
  );
  if (!store) return own;
  const overrides = pricesOf(
    site,
    site.related("ecommerce/stores-to-products-to-attributes", store.id).map((r) => r.record),
    language,
    true,
  );
  const merged = own.map((price) => overrides.find((o) => o.currency && o.currency.id === price.currency?.id) ?? price);
  return [...merged, ...overrides.filter((o) => !merged.includes(o))];
}

/** The price a shopper sees first: in the default currency when the product has one, else the first. */
export function mainPrice(prices: Price[]): Price | undefined {
  return prices.find((price) => price.currency?.isDefault) ?? prices[0];
}

/** The currencies a product can be bought in (those its prices are tied to), default first. */
export function priceCurrencies(prices: Price[]): Currency[] {
  const currencies = prices.flatMap((price) => (price.currency ? [price.currency] : []));
  return [...currencies.filter((c) => c.isDefault), ...currencies.filter((c) => !c.isDefault)];
}
