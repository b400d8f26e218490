import type { ModuleVariants } from "../../variant-types.js";
import { EcommerceCategoryCard } from "./category-card.js";
import { ProductCard } from "./product-card.js";
import { ProductOverview } from "./product-overview.js";
import { StoreCard } from "./store-card.js";
import { EcommerceCategoryListDefault } from "./widget-category-list-default.js";
import { EcommerceCategoryOverviewDefault } from "./widget-category-overview-default.js";
import { EcommerceWidgetDefault } from "./widget-default.js";
import { ProductListDefault } from "./widget-product-list-default.js";
import { ProductOverviewDefault } from "./widget-product-overview-default.js";
import { StoreListDefault } from "./widget-store-list-default.js";
import { StoreOverviewDefault } from "./widget-store-overview-default.js";

/** The ecommerce module's showcase variants (no cart or checkout), by model then name. */
export const variants: ModuleVariants = {
  "ecommerce/widgets": {
    default: EcommerceWidgetDefault,
    "product-list-default": ProductListDefault,
    "product-overview-default": ProductOverviewDefault,
    "category-list-default": EcommerceCategoryListDefault,
    "category-overview-default": EcommerceCategoryOverviewDefault,
    "store-list-default": StoreListDefault,
    "store-overview-default": StoreOverviewDefault,
  },
  "ecommerce/products": { default: ProductCard, "overview-default": ProductOverview },
  "ecommerce/stores": { default: StoreCard },
  "ecommerce/categories": { default: EcommerceCategoryCard },
};
