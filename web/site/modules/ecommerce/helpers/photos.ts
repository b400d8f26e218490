import type { Row } from "../../../../../common/site/page-data.js";
import type { SiteData } from "../../../data/site-data.js";

/** The relation variant of a product's downloadable files (the generated product card, a manual): not photos. */
const ATTACHMENT = "attachment-default";

/**
 * A product's photos in their order: the images linked by products-to-file-storage-module-files
 * that are not attachments. The first is the main photo (the card's, the page's first).
 */
export function productPhotos(site: SiteData, productId: string): Row[] {
  return site
    .related("ecommerce/products-to-file-storage-module-files", productId)
    .filter(
      ({ relation, record }) => relation.variant !== ATTACHMENT && String(record.mimeType ?? "").startsWith("image/"),
    )
    .map(({ record }) => record);
}
