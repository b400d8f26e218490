import { stringTable } from "../i18n/string-table.js";
import type { Language } from "../site/page-data.js";

/** Why a typed discount code was not applied, as the quote answers it (docs/shop-pricing.md "Why a code is refused"). */
export type DiscountRefusal =
  | "unknown"
  | "inactive"
  | "not-started"
  | "expired"
  | "used-up"
  | "already-used"
  | "currency"
  | "min-subtotal"
  | "not-applicable"
  | "not-combinable"
  | "repeated";

const en: Record<DiscountRefusal, string> = {
  unknown: "There is no such code.",
  inactive: "This code is switched off.",
  "not-started": "This code is not valid yet.",
  expired: "This code has expired.",
  "used-up": "This code has been used up.",
  "already-used": "You have already used this code.",
  currency: "This code is not valid in this currency.",
  "min-subtotal": "Your order is below this code's minimum.",
  "not-applicable": "This code does not apply to anything in your cart.",
  "not-combinable": "This code cannot be combined with another code.",
  repeated: "You have already entered this code.",
};

const ru: Record<DiscountRefusal, string> = {
  unknown: "Такого промокода нет.",
  inactive: "Этот промокод отключён.",
  "not-started": "Этот промокод ещё не действует.",
  expired: "Срок действия промокода истёк.",
  "used-up": "Этот промокод больше нельзя использовать: лимит исчерпан.",
  "already-used": "Вы уже использовали этот промокод.",
  currency: "Этот промокод не действует в этой валюте.",
  "min-subtotal": "Сумма заказа меньше минимальной для этого промокода.",
  "not-applicable": "Промокод не относится ни к одному товару в корзине.",
  "not-combinable": "Этот промокод нельзя сочетать с другим промокодом.",
  repeated: "Вы уже ввели этот промокод.",
};

const { text } = stringTable("discount-refusals", en, { ru });

/** Why a code was refused, in a language; a reason this table does not know yet reads as "unknown". */
export function discountRefusalText(reason: string, language: Language): string {
  return text((reason in en ? reason : "unknown") as DiscountRefusal, language);
}
