import type { Language, Row } from "../../../../common/site/page-data.js";
import { recordHref } from "../../i18n/links.js";

export const articleHref = (article: Row, language: Language) => recordHref("/blog/articles", article.slug, language);
export const categoryHref = (category: Row, language: Language) =>
  recordHref("/blog/categories", category.slug, language);
