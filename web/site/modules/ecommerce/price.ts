import type { Language, Row } from "../../data/page-data.js";
import type { SiteData } from "../../data/site-data.js";
import { text } from "../../i18n/text.js";

export interface Price {
  attributeId: string;
  amount: number;
  label: string;
}

/** A number as shop prices read: whole numbers plain, others with two decimals (same on server and browser). */
export function formatAmount(amount: number): string {
  const fixed = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return fixed.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/** An attribute's key (attribute-keys-to-attributes), when the page loaded it. */
export function attributeKey(site: SiteData, attributeId: string): Row | undefined {
  return site.relatedParents("ecommerce/attribute-keys-to-attributes", attributeId)[0]?.record;
}

/**
 * A product's prices: its number attributes tied to a billing currency (a 'price' key when the
 * key is loaded), as "$12.50"-style labels with the currency symbol, or the key's prefix/suffix.
 */
export function productPrices(site: SiteData, productId: string, language: Language = site.language): Price[] {
  return site.related("ecommerce/products-to-attributes", productId).flatMap(({ record: attribute }) => {
    if (typeof attribute.number !== "number") return [];
    const key = attributeKey(site, attribute.id);
    if (key && key.type !== "price") return [];
    const currency = site.related("ecommerce/attributes-to-billing-module-currencies", attribute.id)[0]?.record;
    if (!currency && !key) return [];
    const prefix = text(key?.prefix, language) || (typeof currency?.symbol === "string" ? currency.symbol : "");
    const suffix = text(key?.suffix, language);
    return [{ attributeId: attribute.id, amount: attribute.number, label: `${prefix}${formatAmount(attribute.number)}${suffix ? ` ${suffix}` : ""}` }];
  });
}
