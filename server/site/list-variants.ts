import { ownEntry } from "../../engine/query/own-key.js";

/**
 * Widget variants that show a whole model's rows (newest first) rather than rows linked to the
 * widget: model → variant → the listed model. The loader reads a list only when a widget with
 * such a variant is on the page. Adding a list variant in web/site/modules: add its line here.
 */
export const LIST_VARIANTS: Record<string, Record<string, string>> = {
  "blog/widgets": {
    "article-list-default": "blog/articles",
    "category-list-default": "blog/categories",
    "category-list-button-default": "blog/categories",
  },
  "ecommerce/widgets": {
    "product-list-default": "ecommerce/products",
    "store-list-default": "ecommerce/stores",
    "category-list-default": "ecommerce/categories",
  },
  "rbac/widgets": { "subject-list-default": "social/profiles" },
  "social/widgets": { "profile-list-default": "social/profiles" },
};

/** Rows per list: enough for a page of cards; a list page with more pages fetches them itself. */
export const LIST_CAP = 24;

export function listedModel(widgetModel: string, variant: unknown): string | undefined {
  return typeof variant === "string" ? ownEntry(ownEntry(LIST_VARIANTS, widgetModel), variant) : undefined;
}
