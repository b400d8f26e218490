import { stringTable } from "./i18n/string-table.js";
import type { Language } from "./site/page-data.js";

/**
 * An order's status (docs/shop.md) as people read it, one wording for the owner's order desk
 * (web/admin/orders/) and the buyer's pages of the site (web/site/modules/ecommerce/): where the
 * desk says an order is paid (`approving`), the buyer reads "Paid" too, not the workflow's word.
 */
const en = {
  new: "In the cart",
  paying: "Awaiting payment",
  approving: "Paid",
  packaging: "Packaging",
  delivering: "On its way",
  delivered: "Delivered",
  canceled: "Canceled",
};

const ru: Record<keyof typeof en, string> = {
  new: "В корзине",
  paying: "Ожидает оплаты",
  approving: "Оплачен",
  packaging: "Собирается",
  delivering: "В пути",
  delivered: "Доставлен",
  canceled: "Отменён",
};

export const { strings: orderStatusNames, text: orderStatusText } = stringTable("order-statuses", en, { ru });

/** An order status in a language; an unknown one as it is. */
export function orderStatusName(status: unknown, language: Language): string {
  return typeof status === "string" && Object.hasOwn(en, status)
    ? orderStatusText(status as keyof typeof en, language)
    : String(status ?? "");
}
