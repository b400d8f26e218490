import type { Row } from "../../../common/site/page-data.js";
import type { SiteData } from "../data/site-data.js";

export interface Placement {
  key: string;
  record: Row;
  /** The relation row that linked the record; none for records from a whole-model list. */
  relation?: Row;
}

/**
 * The records a list widget shows: those linked to it through `relationModel`, or, when it has
 * none linked, the whole-model list the loader read for it (newest first).
 */
export function linkedOrListed(
  site: SiteData,
  relationModel: string,
  widgetId: string,
  listModel: string,
): Placement[] {
  const linked = site.related(relationModel, widgetId);
  if (linked.length) return linked.map(({ record, relation }) => ({ key: relation.id, record, relation }));
  return site.list(listModel).map((record) => ({ key: record.id, record }));
}
