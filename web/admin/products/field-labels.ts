import type { EditorChoices } from "./product-api.js";
import type { ProductsTexts } from "./products-texts.js";

/**
 * The label of the editor's field a form error is keyed by (product-form.ts errorsOf and inputOf:
 * "slug", "stores.{id}", "{storeId}|{currencyId}" for a price…), so a refused save can say which
 * field to fix; undefined for an error of the whole form.
 */
export function fieldLabelOf(
  key: string,
  t: ProductsTexts,
  choices: EditorChoices | undefined,
  storeName: (id: string) => string,
): string | undefined {
  if (key === "slug") return t.slug;
  if (key === "stock") return t.stock;
  if (key === "stores") return t.stores;
  if (key === "categories") return t.categories;
  if (key === "photos") return t.photos;
  if (key.startsWith("stores.")) return t.storeStock(storeName(key.slice("stores.".length)));
  if (key.startsWith("attributes")) return t.attributes;
  const price = /^([^|]*)\|(.+)$/.exec(key);
  if (price) {
    const currency = choices?.currencies.find((c) => c.id === price[2]);
    const label = t.priceIn(currency?.slug.toUpperCase() ?? "");
    return price[1] ? `${t.storePrice(storeName(price[1]))}: ${label}` : label;
  }
  return undefined;
}

/** A refusal's reason naming its first field ("Stock — must be a whole number ≥ 0…"), or the form's own message. */
export function reasonOf(
  errors: Record<string, string>,
  label: (key: string) => string | undefined,
): string | undefined {
  const [key, message] = Object.entries(errors)[0] ?? [];
  if (key === undefined || message === undefined) return undefined;
  const field = label(key);
  return field ? `${field} — ${message}` : message;
}
