import type { Row } from "../../../common/site/page-data.js";
import type { SiteData } from "../data/site-data.js";

/**
 * The record an overview widget shows: the one the URL names (e.g. blog.articles.slug), else the
 * first one linked to the widget, so an overview also works on a fixed page.
 */
export function currentRecord(
  site: SiteData,
  segment: string,
  relationModel: string,
  widgetId: string,
): Row | undefined {
  return site.bySegment(segment) ?? site.related(relationModel, widgetId)[0]?.record;
}
