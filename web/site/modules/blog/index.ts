import type { ModuleVariants } from "../../variant-types.js";
import { ArticleCard } from "./article-card.js";
import { CategoryButton } from "./category-button.js";
import { CategoryCard } from "./category-card.js";
import { ArticleListDefault } from "./widget-article-list-default.js";
import { ArticleOverviewDefault } from "./widget-article-overview-default.js";
import { ArticleOverviewProductListCardDefault } from "./widget-article-overview-ecommerce-module-product-list-card-default.js";
import { ArticleOverviewWithPrivateContentDefault } from "./widget-article-overview-with-private-content-default.js";
import { CategoryListButtonDefault } from "./widget-category-list-button-default.js";
import { CategoryListDefault } from "./widget-category-list-default.js";
import { CategoryOverviewDefault } from "./widget-category-overview-default.js";
import { BlogWidgetDefault } from "./widget-default.js";

/** The blog module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "blog/widgets": {
    default: BlogWidgetDefault,
    "article-list-default": ArticleListDefault,
    "article-overview-default": ArticleOverviewDefault,
    "article-overview-with-private-content-default": ArticleOverviewWithPrivateContentDefault,
    "article-overview-ecommerce-module-product-list-card-default": ArticleOverviewProductListCardDefault,
    "category-overview-default": CategoryOverviewDefault,
    "category-list-button-default": CategoryListButtonDefault,
    "category-list-default": CategoryListDefault,
  },
  "blog/articles": { default: ArticleCard },
  "blog/categories": { default: CategoryCard, "button-default": CategoryButton },
};
