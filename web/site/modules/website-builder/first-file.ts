import type { Row } from "../../../../common/site/page-data.js";
import type { SiteData } from "../../data/site-data.js";

/** The first file linked to a record (a feature's icon, a slide's picture, a logotype's image). */
export function firstFile(site: SiteData, relationModel: string, parentId: string): Row | undefined {
  return site.related(relationModel, parentId)[0]?.record;
}
