import { randomUUID } from "node:crypto";
import { EXTERNAL_WIDGETS, type RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import type { BlockTree } from "./block-tree.js";

/** Fields a copy does not take over: its own id and dates; a unique slug is generated afresh. */
const NOT_COPIED = new Set(["id", "createdAt", "updatedAt", "slug"]);
export const copyOf = (row: object, alsoLeft: readonly string[] = []): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).filter(([k, v]) => !NOT_COPIED.has(k) && !alsoLeft.includes(k) && v !== null));

/**
 * Writes a copy of a block's tree (readBlockTree) through the repositories: every record it owns
 * with a new id, then copies of its relation rows pointing at the copies — or, for records the
 * block shares or merely shows (a product, a file, a form), at the same records. Answers the
 * copy's host widget id; the caller places it (on the same page, or on a copy of the page).
 */
export async function copyBlockTree(
  graph: RelationGraph,
  repository: RepositoryLookup,
  tree: BlockTree,
  hostWidgetId: string,
): Promise<string> {
  const newId = new Map<string, string>();
  for (const [model, ids] of tree.owned) {
    for (const row of await repository(model).listByIds([...ids])) {
      const id = randomUUID();
      newId.set(String(row.id), id);
      // A copy is the page's own block: a reusable block's copy (Duplicate, Detach) is not shared.
      await repository(model).create({ ...copyOf(row), id, ...(model === "host/widgets" ? { reusable: false } : {}) });
    }
  }
  for (const [model, ids] of tree.relations) {
    const keys =
      model === EXTERNAL_WIDGETS
        ? { parent: "widgetId", child: "externalWidgetId" }
        : { parent: graph.relations.get(model)!.parent.key, child: graph.relations.get(model)!.child.key };
    for (const row of await repository(model).listByIds([...ids])) {
      const parent = String(row[keys.parent]);
      const child = String(row[keys.child]);
      await repository(model).create({
        ...copyOf(row),
        [keys.parent]: newId.get(parent) ?? parent,
        [keys.child]: newId.get(child) ?? child,
      });
    }
  }
  return newId.get(hostWidgetId)!;
}
