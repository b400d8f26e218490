import {
  CODE_CATEGORIES,
  CODE_PRODUCTS,
  isOneOf,
  loadAll,
  type CodeCategory,
  type CodeProduct,
} from "./pricing-api.js";

/** The products and categories a code is limited to (none of either: every product). */
export interface DiscountTargets {
  productIds: string[];
  categoryIds: string[];
}

/** The relation rows of these codes: two calls whatever their number (a list page's, or one code's). */
export async function loadTargetRows(codeIds: string[], signal?: AbortSignal) {
  if (codeIds.length === 0) return { products: [] as CodeProduct[], categories: [] as CodeCategory[] };
  const [products, categories] = await Promise.all([
    loadAll<CodeProduct>(CODE_PRODUCTS, [isOneOf("discountCodeId", codeIds)], signal),
    loadAll<CodeCategory>(CODE_CATEGORIES, [isOneOf("discountCodeId", codeIds)], signal),
  ]);
  return { products, categories };
}

export async function loadTargets(codeId: string, signal?: AbortSignal): Promise<DiscountTargets> {
  const { products, categories } = await loadTargetRows([codeId], signal);
  return { productIds: products.map((r) => r.productId), categoryIds: categories.map((r) => r.categoryId) };
}
