import type { AnyModelDb } from "../../../../engine/query/any-model-db.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { changedRoots } from "../../../drafts/tree-states.js";
import { PAGE_WIDGETS } from "./block-transaction.js";

const HOST_WIDGETS = "host/widgets";

/** What the composer is told of a reusable block (docs/api.md "Page blocks"). */
export interface ReusableInfo {
  /** The name an editor gave it ("Save as reusable block"): the host widget's adminTitle. */
  name: string;
  /** How many pages place it (working copies). */
  usedOn: number;
  /** Its host widget or a record of its tree differs from the published copy: a page's publish asks. */
  changed: boolean;
}

/**
 * For these host widgets, the reusable ones with their name, the number of pages placing them and
 * whether they have unpublished changes: a fixed number of statements whatever their count.
 */
export async function reusableInfo(
  db: ModelQueries,
  registry: Registry,
  graph: RelationGraph,
  ids: string[],
): Promise<Map<string, ReusableInfo>> {
  const info = new Map<string, ReusableInfo>();
  if (ids.length === 0) return info;
  const reusable = await db
    .selectFrom(HOST_WIDGETS)
    .select(["id", "adminTitle"])
    .where("id", "in", [...new Set(ids)])
    .where("reusable", "=", true)
    .execute();
  if (reusable.length === 0) return info;
  const shared = reusable.map((r) => r.id);
  const any: AnyModelDb = db;
  const [counts, changed] = await Promise.all([
    db
      .selectFrom(PAGE_WIDGETS)
      .select(["widgetId", (eb) => eb.fn.count<string>("pageId").distinct().as("pages")])
      .where("widgetId", "in", shared)
      .groupBy("widgetId")
      .execute(),
    changedRoots(any, registry, graph, registry.get(HOST_WIDGETS), shared),
  ]);
  const usedOn = new Map(counts.map((c) => [c.widgetId, Number(c.pages)]));
  for (const row of reusable)
    info.set(row.id, { name: row.adminTitle, usedOn: usedOn.get(row.id) ?? 0, changed: changed.has(row.id) });
  return info;
}
