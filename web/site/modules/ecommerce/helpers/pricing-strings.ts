import { stringTable } from "../../../../../common/i18n/string-table.js";
import type { Language } from "../../../../../common/site/page-data.js";

/** The texts of the checkout's pricing (docs/shop-pricing.md): the breakdown, delivery, codes, and the tax note by prices. */
const en = {
  subtotal: "Subtotal",
  discountOf: "Discount ({codes})",
  discount: "Discount",
  delivery: "Delivery",
  deliveryOf: "Delivery ({title})",
  free: "Free",
  tax: "Tax",
  taxIncludedOf: "incl. {title} {rate}%",
  deliveryChoice: "Delivery",
  discountCode: "Discount code",
  apply: "Apply",
  codeApplied: "Code {code} applied",
  removeCode: "Remove code {code}",
  noDelivery: "We do not deliver to {country}. Choose another country to check out.",
  deliveryUnavailable: "The delivery chosen is not offered for this order: choose another.",
  pricesIncludeTax: "incl. VAT",
  pricesPlusTax: "+ tax",
  addedAtCheckoutBoth: "Delivery and tax are added at checkout.",
  addedAtCheckoutDelivery: "Delivery is added at checkout.",
  addedAtCheckoutTax: "Tax is added at checkout.",
} as const;

export type PricingStringKey = keyof typeof en;

const ru: Record<PricingStringKey, string> = {
  subtotal: "Товары",
  discountOf: "Скидка ({codes})",
  discount: "Скидка",
  delivery: "Доставка",
  deliveryOf: "Доставка ({title})",
  free: "Бесплатно",
  tax: "Налог",
  taxIncludedOf: "в т. ч. {title} {rate}%",
  deliveryChoice: "Способ доставки",
  discountCode: "Промокод",
  apply: "Применить",
  codeApplied: "Промокод {code} применён",
  removeCode: "Убрать промокод {code}",
  noDelivery: "Доставка в эту страну ({country}) недоступна. Выберите другую страну, чтобы оформить заказ.",
  deliveryUnavailable: "Выбранный способ доставки недоступен для этого заказа: выберите другой.",
  pricesIncludeTax: "вкл. НДС",
  pricesPlusTax: "+ налог",
  addedAtCheckoutBoth: "Доставка и налог добавляются при оформлении заказа.",
  addedAtCheckoutDelivery: "Доставка добавляется при оформлении заказа.",
  addedAtCheckoutTax: "Налог добавляется при оформлении заказа.",
};

const { text } = stringTable("shop-pricing", en, { ru });

/** A pricing text in a language, with its `{name}` places filled in. */
export function pricingText(key: PricingStringKey, language: Language, values: Record<string, string> = {}): string {
  return text(key, language).replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);
}
