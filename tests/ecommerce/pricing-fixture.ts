import type { TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, create, price, type Catalogue, type Shopper } from "./shop-fixture.js";

/** A German address: the country the rules below tax and deliver to. */
export const BERLIN = {
  name: "Ann Buyer",
  line1: "Unter den Linden 1",
  city: "Berlin",
  postalCode: "10117",
  country: "DE",
};
export const PARIS = { name: "Ann Buyer", line1: "1 Rue de Rivoli", city: "Paris", postalCode: "75001", country: "FR" };

export interface PricingCatalogue extends Catalogue {
  /** 12.00 USD, 400 g, in the Books category. */
  book: Record<string, any>;
  books: Record<string, any>;
}

/**
 * The shop fixture (shop-fixture.ts) made physical: shoes weigh 800 g and pencils 10 g and both
 * ship; a book (12.00 USD, 400 g) is in the Books category.
 */
export async function pricingCatalogue(t: TestApp): Promise<PricingCatalogue> {
  const c = await catalogue(t);
  for (const [product, weight] of [
    [c.shoes, 800],
    [c.pencil, 10],
  ] as const) {
    const response = await t.request({
      method: "PATCH",
      url: `/api/ecommerce/products/${product.id}`,
      payload: { data: { shipping: "required", weight } },
    });
    if (response.status !== 200) throw new Error(`product: ${JSON.stringify(response.body)}`);
  }
  const key = await create(t, "ecommerce/attribute-keys", { adminTitle: "Book price", type: "price", field: "number" });
  const book = await create(t, "ecommerce/products", {
    adminTitle: "Book",
    title: { en: "Book" },
    shipping: "required",
    weight: 400,
  });
  const attribute = await price(t, key, c.usd, "12.00");
  await create(t, "ecommerce/products-to-attributes", { productId: book.id, attributeId: attribute.id });
  const books = await create(t, "ecommerce/categories", { adminTitle: "Books", title: { en: "Books" } });
  await create(t, "ecommerce/categories-to-products", { categoryId: books.id, productId: book.id });
  return { ...c, book, books };
}

const RULE_MODELS = ["ecommerce/discount-codes", "ecommerce/shipping-rates", "ecommerce/tax-rates"];

/** Deletes every shipping rate, tax rate and discount code: each case starts with the rules it names. */
export async function clearRules(t: TestApp): Promise<void> {
  for (const model of RULE_MODELS) {
    const { body } = await t.request({ method: "GET", url: `/api/${model}?limit=100` });
    for (const row of body.data) await t.request({ method: "DELETE", url: `/api/${model}/${row.id}` });
  }
}

/** Empties the shopper's cart (each case fills its own). */
export async function emptyCart(s: Shopper): Promise<void> {
  const { body } = await s.call({ method: "GET", url: `${s.base}/orders` });
  for (const order of body.data) await s.call({ method: "DELETE", url: `${s.base}/orders/${order.id}` });
}

/** Puts the lines in the cart; the cart orders' ids. */
export async function fill(s: Shopper, lines: [Record<string, any>, number][]): Promise<string[]> {
  const ids: string[] = [];
  for (const [product, quantity] of lines) ids.push((await addToCart(s, product.id, quantity)).id);
  return [...new Set(ids)];
}
