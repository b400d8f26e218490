import type { SiteData } from "../data/site-data.js";
import { text } from "../../../common/i18n/text.js";
import { pageWidgets } from "./external-widgets.js";

/**
 * Module widget variants whose content starts with the page's <h1> (a hero, an article, a
 * product, a category, a store or a profile shown by the page's URL, the search results).
 */
const HEADING_ONE_VARIANTS = new Set([
  "website-builder/widgets:content-default",
  "blog/widgets:article-overview-default",
  "blog/widgets:article-overview-with-private-content-default",
  "blog/widgets:article-overview-ecommerce-module-product-list-card-default",
  "blog/widgets:category-overview-default",
  "ecommerce/widgets:product-overview-default",
  "ecommerce/widgets:category-overview-default",
  "ecommerce/widgets:store-overview-default",
  "social/widgets:profile-overview-default",
  "website-builder/widgets:search-results-default",
]);

/**
 * Every page has one <h1> (screen readers jump to it, search engines read it): a page none of
 * whose widgets brings its own gets the page's title as a heading only assistive technology sees,
 * first in <main>, above the widgets' <h2>s.
 */
export function PageHeading({ site }: { site: SiteData }) {
  const page = site.page;
  if (!page) return null;
  if (
    pageWidgets(site).some(({ model, record }) =>
      HEADING_ONE_VARIANTS.has(`${model}:${String(record.variant || "default")}`),
    )
  )
    return null;
  const title = text(page.title, site.language);
  return title ? <h1 className="s-visually-hidden">{title}</h1> : null;
}
