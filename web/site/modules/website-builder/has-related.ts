import type { SiteData } from "../../data/site-data.js";

/** Whether a record has any children through a relation (to skip empty wrappers). */
export const hasRelated = (site: SiteData, relationModel: string, parentId: string) =>
  site.related(relationModel, parentId).length > 0;
