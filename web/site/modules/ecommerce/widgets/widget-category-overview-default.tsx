import { overviewWithProducts } from "./overview-with-products.js";

/** The shop category the URL names (ecommerce.categories.slug) and its products (categories-to-products). */
export const EcommerceCategoryOverviewDefault = overviewWithProducts({
  segment: "ecommerce.categories.slug",
  widgetRelation: "ecommerce/widgets-to-categories",
  productsRelation: "ecommerce/categories-to-products",
  name: "EcommerceCategoryOverviewDefault",
});
