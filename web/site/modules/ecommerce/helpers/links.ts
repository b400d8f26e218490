import type { Language, Row } from "../../../../../common/site/page-data.js";
import { recordHref } from "../../../i18n/links.js";

export const productHref = (product: Row, language: Language) =>
  recordHref("/ecommerce/products", product.slug, language);
export const storeHref = (store: Row, language: Language) => recordHref("/ecommerce/stores", store.slug, language);
export const categoryHref = (category: Row, language: Language) =>
  recordHref("/ecommerce/categories", category.slug, language);
