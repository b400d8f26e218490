import type { SiteData } from "../data/site-data.js";
import type { Row } from "../../../common/site/page-data.js";
import { chooseMetadataRow, metadataOf, type PageMetadata } from "../../../common/site/page-metadata.js";

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
