import type { Row } from "../../../common/site/page-data.js";
import type { SiteData } from "../data/site-data.js";

export interface Placed {
  model: string;
  record: Row;
  relation?: Row;
}

/**
 * The module widgets a host widget shows, in order: each host/widgets-to-external-widgets row
 * names a module and a widget id there, i.e. the `{externalModule}/widgets` row. Read from the raw
 * rows because externalWidgetId is no foreign key, so SiteData.related cannot follow it.
 */
export function externalWidgets(site: SiteData, hostWidgetId: string): Placed[] {
  return [...site.rowsWhere("host/widgets-to-external-widgets", "widgetId", hostWidgetId)]
    .sort(
      (a, b) =>
        Number(a.orderIndex ?? 0) - Number(b.orderIndex ?? 0) ||
        String(a.createdAt ?? "").localeCompare(String(b.createdAt ?? "")),
    )
    .flatMap((relation) => {
      const model = `${String(relation.externalModule || "website-builder")}/widgets`;
      const record = site.get(model, relation.externalWidgetId);
      return record ? [{ model, record, relation }] : [];
    });
}

/** Every host widget on the page (its own and its layouts'), then the module widgets they show. */
export function pageWidgets(site: SiteData): Placed[] {
  const page = site.page;
  if (!page) return [];
  const hostWidgets = [
    ...site
      .related("host/pages-to-layouts", page.id)
      .flatMap(({ record }) => site.related("host/layouts-to-widgets", record.id)),
    ...site.related("host/pages-to-widgets", page.id),
  ];
  return hostWidgets.flatMap(({ relation, record }) => [
    { model: "host/widgets", record, relation },
    ...externalWidgets(site, record.id),
  ]);
}
