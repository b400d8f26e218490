import { variant, type ModuleVariants } from "../../variant-types.js";

/** The blog module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "blog/widgets": {
    default: variant("site/modules/blog/widget-default.tsx", () => import("./widget-default.js"), "BlogWidgetDefault"),
    "article-list-default": variant(
      "site/modules/blog/widget-article-list-default.tsx",
      () => import("./widget-article-list-default.js"),
      "ArticleListDefault",
    ),
    "article-overview-default": variant(
      "site/modules/blog/widget-article-overview-default.tsx",
      () => import("./widget-article-overview-default.js"),
      "ArticleOverviewDefault",
    ),
    "article-overview-with-private-content-default": variant(
      "site/modules/blog/widget-article-overview-with-private-content-default.tsx",
      () => import("./widget-article-overview-with-private-content-default.js"),
      "ArticleOverviewWithPrivateContentDefault",
    ),
    "article-overview-ecommerce-module-product-list-card-default": variant(
      "site/modules/blog/widget-article-overview-ecommerce-module-product-list-card-default.tsx",
      () => import("./widget-article-overview-ecommerce-module-product-list-card-default.js"),
      "ArticleOverviewProductListCardDefault",
    ),
    "category-overview-default": variant(
      "site/modules/blog/widget-category-overview-default.tsx",
      () => import("./widget-category-overview-default.js"),
      "CategoryOverviewDefault",
    ),
    "category-list-button-default": variant(
      "site/modules/blog/widget-category-list-button-default.tsx",
      () => import("./widget-category-list-button-default.js"),
      "CategoryListButtonDefault",
    ),
    "category-list-default": variant(
      "site/modules/blog/widget-category-list-default.tsx",
      () => import("./widget-category-list-default.js"),
      "CategoryListDefault",
    ),
  },
  "blog/articles": {
    default: variant("site/modules/blog/article-card.tsx", () => import("./article-card.js"), "ArticleCard"),
  },
  "blog/categories": {
    default: variant("site/modules/blog/category-card.tsx", () => import("./category-card.js"), "CategoryCard"),
    "button-default": variant(
      "site/modules/blog/category-button.tsx",
      () => import("./category-button.js"),
      "CategoryButton",
    ),
  },
};
