import { overviewWithProducts } from "./overview-with-products.js";

/** The store the URL names (ecommerce.stores.slug) and its products (stores-to-products). */
export const StoreOverviewDefault = overviewWithProducts({
  segment: "ecommerce.stores.slug",
  widgetRelation: "ecommerce/widgets-to-stores",
  productsRelation: "ecommerce/stores-to-products",
  name: "StoreOverviewDefault",
});
