import type { SiteData } from "../data/site-data.js";
import { isPersonalWidget } from "../../../common/site/personal-widgets.js";
import { externalWidgets } from "./external-widgets.js";

/**
 * The page places a personal widget (common/site/personal-widgets.ts) among its own widgets
 * (layouts are shared by every page: the navbar's sign-in button does not make a page personal).
 */
export function isPersonalPage(site: SiteData): boolean {
  const page = site.page;
  if (!page) return false;
  return site
    .related("host/pages-to-widgets", page.id)
    .some(({ record }) =>
      externalWidgets(site, record.id).some((placed) =>
        isPersonalWidget(placed.model.split("/")[0]!, placed.record.variant),
      ),
    );
}
