import { ApiError } from "../../../../api/client.js";
import type { Language, Row } from "../../../../../common/site/page-data.js";
import { stringTable } from "../../../../../common/i18n/string-table.js";

/** "Only N left" shows when this many or fewer are left. */
export const LOW_STOCK = 5;

const en = {
  outOfStock: "Out of stock",
  onlyLeft: "Only {count} left",
  soldOutProduct: "{title} is out of stock",
  onlyLeftOfProduct: "{title}: only {count} left",
  lineSoldOut: "Out of stock: remove it to check out the rest",
  lineOnlyLeft: "Only {count} left: lower the quantity to check out",
} as const;

type StockStringKey = keyof typeof en;

const ru: Record<StockStringKey, string> = {
  outOfStock: "Нет в наличии",
  onlyLeft: "Осталось {count} шт.",
  soldOutProduct: "«{title}» закончился",
  onlyLeftOfProduct: "«{title}»: осталось {count} шт.",
  lineSoldOut: "Нет в наличии: удалите товар, чтобы оформить остальное",
  lineOnlyLeft: "Осталось {count} шт.: уменьшите количество, чтобы оформить заказ",
};

const { text: stockText } = stringTable("stock", en, { ru });

/** A stock text in a language, with `{count}` and `{title}` filled in. */
export function stockMessage(
  key: StockStringKey,
  language: Language,
  values: { count?: number; title?: string } = {},
): string {
  return stockText(key, language)
    .replace("{count}", String(values.count ?? ""))
    .replace("{title}", values.title ?? "");
}

const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * Items a product has left where it is shown: the store's own count when shown in a store
 * (a stores-to-products row with a stock), else the product's; undefined when not tracked —
 * the server's rule (server/modules/ecommerce/stock.ts).
 */
export function stockLeft(product: Row, storeProduct?: Row): number | undefined {
  return count(storeProduct?.stock) ?? count(product.stock);
}

/** What to say about a count: nothing, "Only N left" (N ≤ LOW_STOCK) or "Out of stock". */
export function stockLabel(
  left: number | undefined,
  language: Language,
): { soldOut: boolean; label: string } | undefined {
  if (left === undefined || left > LOW_STOCK) return undefined;
  return left === 0
    ? { soldOut: true, label: stockMessage("outOfStock", language) }
    : { soldOut: false, label: stockMessage("onlyLeft", language, { count: left }) };
}

/**
 * The server's 409 for too few items (causes `/stock/{productId}`: "out of stock", "only N
 * left") in the page's language, naming each product by `titleOf` (or the server's words when
 * the page does not know it); undefined for any other error.
 */
export function stockErrorText(
  error: unknown,
  language: Language,
  titleOf: (productId: string) => string | undefined,
): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parts = error.cause.flatMap((cause) => {
    const productId = /^\/stock\/([^/]+)$/.exec(cause.path ?? "")?.[1];
    if (!productId) return [];
    const title = titleOf(productId);
    if (!title) return [cause.message];
    const left = Number(/only (\d+) left/.exec(cause.message)?.[1] ?? 0);
    return [
      left > 0
        ? stockMessage("onlyLeftOfProduct", language, { title, count: left })
        : stockMessage("soldOutProduct", language, { title }),
    ];
  });
  return parts.length ? parts.join("; ") : undefined;
}

/** Runs a shop call; a stock 409 is thrown again as an Error in the page's language (the toast shows it). */
export async function withStockError<T>(
  run: Promise<T>,
  language: Language,
  titleOf: (productId: string) => string | undefined,
): Promise<T> {
  try {
    return await run;
  } catch (error) {
    const message = stockErrorText(error, language, titleOf);
    throw message ? new Error(message) : error;
  }
}
