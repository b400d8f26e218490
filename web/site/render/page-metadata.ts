import type { SiteData } from "../data/site-data.js";
import type { Row } from "../../../common/site/page-data.js";
import { chooseMetadataRow, metadataOf, type PageMetadata } from "../../../common/site/page-metadata.js";
import { itemMetadata } from "../../../common/site/item-metadata.js";
import { uiText } from "../i18n/ui-strings.js";

/** The page's host/metadata row (pages-to-metadata); the 'primary' variant wins when there are several. */
export function pageMetadataRow(site: SiteData): Row | undefined {
  const page = site.page;
  if (!page) return undefined;
  return chooseMetadataRow(site.related("host/pages-to-metadata", page.id).map(({ record }) => record));
}

/** Metadata from the linked row, falling back to the page's own title and description (common/site/page-metadata.ts). */
export function pageMetadata(site: SiteData, fallbackTitle = "Page"): PageMetadata {
  return metadataOf(site.page, pageMetadataRow(site), site.language, fallbackTitle);
}

/** The record the page's URL names (a product, an article, a store…: its first segment that found one), if any. */
export function namedItem(site: SiteData): Row | undefined {
  for (const segment of Object.keys(site.data.segments)) {
    const record = site.bySegment(segment);
    if (record) return record;
  }
  return undefined;
}

/**
 * The head a visitor sees: the page's metadata, or, on a template page, its item's title and
 * description (common/site/item-metadata.ts), or on the search results page the query's:
 * "Search: mug · Northwind Studio" (the site's name from og:site_name, else the page's title).
 */
export function shownMetadata(site: SiteData, metadata: PageMetadata): PageMetadata {
  const query = site.data.search?.query;
  if (query) {
    const title = `${uiText("search", site.language)}: ${query} · ${metadata.openGraph.siteName ?? metadata.title}`;
    return {
      ...metadata,
      title,
      openGraph: { ...metadata.openGraph, title },
      twitter: { ...metadata.twitter, title },
    };
  }
  const item = namedItem(site);
  return item ? itemMetadata(metadata, item, site.language) : metadata;
}
