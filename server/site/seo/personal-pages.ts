import type { Repository } from "../../../engine/query/repository.js";
import { isPersonalWidget } from "../../../common/site/personal-widgets.js";
import { rowsWhereIn } from "../../../engine/query/record-queries.js";

/** The hosted pages that say what went wrong (SitePages answers 404 and 500 with them): no page of their own. */
export const ERROR_PAGE_URLS = new Set(["/404", "/500"]);

/**
 * Of `pageIds`, the pages that place a personal widget (common/site/personal-widgets.ts, the
 * list the page's head reads for its noindex) among their own widgets — layouts
 * are shared by every page (the navbar's sign-in button does not make a page personal). Two
 * queries plus one per module placed, whatever the number of pages.
 */
export async function personalPageIds(repositories: Map<string, Repository>, pageIds: string[]): Promise<Set<string>> {
  const repo = (model: string) => repositories.get(model)!;
  const placed = await rowsWhereIn(repo("host/pages-to-widgets"), "pageId", pageIds);
  const external = await rowsWhereIn(repo("host/widgets-to-external-widgets"), "widgetId", [
    ...new Set(placed.map((r) => String(r.widgetId))),
  ]);
  const byModule = new Map<string, string[]>();
  for (const link of external) {
    const module = String(link.externalModule || "website-builder");
    byModule.set(module, [...(byModule.get(module) ?? []), String(link.externalWidgetId)]);
  }
  const personalWidgets = new Set<string>();
  for (const [module, ids] of byModule) {
    const widgets = repositories.get(`${module}/widgets`);
    if (!widgets) continue;
    for (const row of await rowsWhereIn(widgets, "id", ids)) {
      if (isPersonalWidget(module, row.variant)) personalWidgets.add(String(row.id));
    }
  }
  const personalHostWidgets = new Set(
    external.filter((link) => personalWidgets.has(String(link.externalWidgetId))).map((link) => String(link.widgetId)),
  );
  return new Set(placed.filter((r) => personalHostWidgets.has(String(r.widgetId))).map((r) => String(r.pageId)));
}
