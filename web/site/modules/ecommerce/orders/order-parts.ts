import type { Language, Row } from "../../../../../common/site/page-data.js";
import { text } from "../../../../../common/i18n/text.js";
import type { Order, OrderLine } from "../helpers/shop-api.js";

/** An order variant's record as the shop routes send it (lines and totals attached). */
export const asOrder = (record: Row): Order => ({ ordersToProducts: [], total: [], ...record }) as unknown as Order;

/** A line's product name in a language (its admin title, or a short id, when it has no title). */
export function lineTitle(line: OrderLine, language: Language): string {
  return text(line.product?.title, language) || line.product?.adminTitle || line.productId.slice(0, 8);
}

/** Items in an order: the sum of its lines' quantities. */
export const itemsIn = (order: Order) =>
  order.ordersToProducts.reduce((sum, line) => sum + Number(line.quantity || 0), 0);
