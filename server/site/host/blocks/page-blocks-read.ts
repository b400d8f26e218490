import { byPlacement } from "./placement-order.js";
import { notFound } from "../../../../engine/errors.js";
import type { AnyModelDb } from "../../../../engine/query/any-model-db.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { EXTERNAL_WIDGETS } from "../../../../engine/query/relation-graph.js";
import { DEFAULT_LANGUAGE } from "../../../../engine/schema/languages.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { blockCatalogue } from "../../../../common/site/block-catalogue.js";
import { ownEntry } from "../../../../engine/query/own-key.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import { reusableInfo, type ReusableInfo } from "./reusable-info.js";

/** One block of a page as the composer lists it (docs/api.md "Page blocks"). */
export interface PageBlock {
  /** The host widget. */
  id: string;
  /** `page`, or the id of the layout the block comes from (navbar, footer). */
  region: string;
  module: string | null;
  variant: string | null;
  /** The module widget the block shows. */
  widgetId: string | null;
  title: string;
  /** A reusable block (docs/api.md "Page blocks"): its name, the pages placing it, unpublished changes; else null. */
  reusable: ReusableInfo | null;
}

/** A text of a language map in this language, else the default language's, else none. */
export const textIn = (map: unknown, language: string): string | undefined => {
  if (typeof map === "string") return map.trim() || undefined;
  if (!map || typeof map !== "object") return undefined;
  const texts = map as Record<string, unknown>;
  const text = texts[language] ?? texts[DEFAULT_LANGUAGE];
  return typeof text === "string" && text.trim() ? text : undefined;
};

/**
 * The blocks of a page in the working copy, in the order the site shows them: the blocks of the
 * page's layouts first (layout by layout, each in its own order: the renderer puts a layout's
 * navbar above the page and its footer below), then the page's own. A fixed number of queries
 * whatever the count of blocks (reusable blocks' names, pages and changes included).
 */
export async function readPageBlocks(
  db: ModelQueries,
  registry: Registry,
  graph: RelationGraph,
  pageId: string,
  language: string,
): Promise<PageBlock[]> {
  const page = await db.selectFrom("host/pages").select("id").where("id", "=", pageId).executeTakeFirst();
  if (!page) throw notFound(`Page ${pageId} was not found`);
  const [layoutLinks, pageLinks] = await Promise.all([
    db
      .selectFrom("host/pages-to-layouts")
      .select(["id", "layoutId", "orderIndex", "createdAt"])
      .where("pageId", "=", pageId)
      .execute(),
    db
      .selectFrom("host/pages-to-widgets")
      .select(["id", "widgetId", "orderIndex", "createdAt"])
      .where("pageId", "=", pageId)
      .execute(),
  ]);
  const layoutIds = layoutLinks.sort(byPlacement).map((l) => l.layoutId);
  const layoutWidgets = layoutIds.length
    ? await db
        .selectFrom("host/layouts-to-widgets")
        .select(["id", "layoutId", "widgetId", "orderIndex", "createdAt"])
        .where("layoutId", "in", layoutIds)
        .execute()
    : [];
  const placed: { id: string; region: string }[] = [];
  for (const layoutId of layoutIds) {
    for (const row of layoutWidgets.filter((w) => w.layoutId === layoutId).sort(byPlacement))
      placed.push({ id: row.widgetId, region: layoutId });
  }
  for (const row of pageLinks.sort(byPlacement)) placed.push({ id: row.widgetId, region: "page" });
  const ids = placed.map((p) => p.id);
  const [shown, reusable] = await Promise.all([
    shownWidgets(db, registry, ids),
    reusableInfo(
      db,
      registry,
      graph,
      placed.filter((p) => p.region === "page").map((p) => p.id),
    ),
  ]);
  return placed.map(({ id, region }) => ({
    ...described(id, shown, language),
    region,
    reusable: reusable.get(id) ?? null,
  }));
}

/** A host widget as a block: the module widget it shows, its variant and its title in `language`. */
export function described(id: string, shown: Map<string, ShownWidget>, language: string) {
  const widget = shown.get(id);
  const label =
    widget &&
    (ownEntry(ownEntry(blockCatalogue, widget.module), widget.variant)?.label as Record<string, string> | undefined);
  return {
    id,
    module: widget?.module ?? null,
    variant: widget?.variant ?? null,
    widgetId: widget?.id ?? null,
    title: textIn(widget?.title, language) ?? textIn(label, language) ?? widget?.variant ?? "",
  };
}

interface ShownWidget {
  module: string;
  id: string;
  variant: string;
  title: unknown;
}

/** Each host widget's first module widget (its link in order): one query for the links, one per module. */
export async function shownWidgets(db: ModelQueries, registry: Registry, hostIds: string[]) {
  const shown = new Map<string, ShownWidget>();
  if (hostIds.length === 0) return shown;
  const links = (
    await db
      .selectFrom(EXTERNAL_WIDGETS)
      .select(["id", "widgetId", "externalModule", "externalWidgetId", "orderIndex", "createdAt"])
      .where("widgetId", "in", [...new Set(hostIds)])
      .execute()
  ).sort(byPlacement);
  const first = new Map<string, (typeof links)[number]>();
  for (const link of links) if (!first.has(link.widgetId)) first.set(link.widgetId, link);
  const byModule = new Map<string, string[]>();
  for (const link of first.values())
    byModule.set(link.externalModule, [...(byModule.get(link.externalModule) ?? []), link.externalWidgetId]);
  const rows = new Map<string, { id: string; variant: unknown; title: unknown }>();
  // Each module's widgets model, named by the link: a query for any model.
  const widgets: AnyModelDb = db;
  await Promise.all(
    [...byModule].map(async ([module, ids]) => {
      const model = registry.find(`${module}/widgets`);
      if (!model) return;
      for (const row of await widgets
        .selectFrom(model.table)
        .select(["id", "variant", "title"])
        .where("id", "in", ids)
        .execute())
        rows.set(`${module}:${row.id}`, row);
    }),
  );
  for (const [hostId, link] of first) {
    const row = rows.get(`${link.externalModule}:${link.externalWidgetId}`);
    if (row)
      shown.set(hostId, {
        module: link.externalModule,
        id: row.id,
        variant: String(row.variant ?? "default"),
        title: row.title,
      });
  }
  return shown;
}
