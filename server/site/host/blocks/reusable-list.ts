import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { described, shownWidgets } from "./page-blocks-read.js";
import { reusableInfo } from "./reusable-info.js";

/**
 * Every reusable block for the palette, by name: its id (the host widget), name, module, variant,
 * title in `language`, the pages placing it and whether it has unpublished changes.
 */
export async function listReusable(db: ModelQueries, registry: Registry, graph: RelationGraph, language: string) {
  const rows = await db.selectFrom("host/widgets").select("id").where("reusable", "=", true).execute();
  const ids = rows.map((r) => r.id);
  const [info, shown] = await Promise.all([reusableInfo(db, registry, graph, ids), shownWidgets(db, registry, ids)]);
  return ids
    .map((id) => ({ ...described(id, shown, language), ...info.get(id)! }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
