import {
  CODE_CATEGORIES,
  CODE_PRODUCTS,
  createRows,
  deleteRecord,
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

/**
 * Makes the code's relation rows say `targets`: the rows as they are now are read again (another
 * admin may have changed them), the missing ones created in one transaction per model, the ones
 * no longer chosen deleted. Rows already right are left alone.
 */
export async function saveTargets(codeId: string, targets: DiscountTargets): Promise<void> {
  const { products, categories } = await loadTargetRows([codeId]);
  const sync = async <R extends { id: string }>(
    modelId: string,
    rows: R[],
    idOf: (row: R) => string,
    wanted: string[],
    field: string,
  ) => {
    const have = new Set(rows.map(idOf));
    const missing = wanted.filter((id) => !have.has(id));
    await createRows(
      modelId,
      missing.map((id) => ({ discountCodeId: codeId, [field]: id })),
    );
    await Promise.all(rows.filter((row) => !wanted.includes(idOf(row))).map((row) => deleteRecord(modelId, row.id)));
  };
  await sync(CODE_PRODUCTS, products, (r) => r.productId, targets.productIds, "productId");
  await sync(CODE_CATEGORIES, categories, (r) => r.categoryId, targets.categoryIds, "categoryId");
}
