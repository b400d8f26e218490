import type { Tree } from "./draft-tree.js";
import { EXTERNAL_WIDGETS, type RelationGraph } from "./relation-graph.js";
import type { SnapshotRow } from "./snapshots.js";

/**
 * The rows of a version's tree that are reached only through `held` roots (a page's reusable
 * blocks, shared with other pages): the held roots themselves and what hangs below them, but not
 * what the root also reaches another way. Followed downwards, parent to child, over the
 * snapshot's own relation rows, as draft-tree.ts walks the database; the relation rows linking the
 * tree to a held root are the tree's own and stay out of the answer.
 */
export function heldInSnapshot(
  graph: RelationGraph,
  root: { model: string; id: string },
  tree: Record<string, SnapshotRow[]>,
  held: Tree,
): Tree {
  if (held.size === 0) return held;
  const through = walk(graph, tree, held, undefined);
  const free = walk(graph, tree, new Map([[root.model, new Set([root.id])]]), held);
  const only: Tree = new Map();
  for (const [model, ids] of through) {
    const rest = [...ids].filter((id) => !free.get(model)?.has(id));
    if (rest.length) only.set(model, new Set(rest));
  }
  return only;
}

/** What `starts` reach over the snapshot's relation rows, not entering the `stop` records. */
function walk(graph: RelationGraph, tree: Record<string, SnapshotRow[]>, starts: Tree, stop: Tree | undefined): Tree {
  const reached: Tree = new Map();
  const add = (model: string, id: string) => {
    if (reached.get(model)?.has(id)) return false;
    if (!reached.has(model)) reached.set(model, new Set());
    reached.get(model)!.add(id);
    return true;
  };
  // Each relation's rows by their parent's id, so a record's children are found without a scan.
  const byParent = new Map<string, Map<unknown, SnapshotRow[]>>();
  const rowsUnder = (relation: string, key: string, id: string) => {
    let index = byParent.get(relation);
    if (!index) {
      index = new Map();
      for (const row of tree[relation] ?? []) {
        const list = index.get(row[key]) ?? [];
        list.push(row);
        index.set(row[key], list);
      }
      byParent.set(relation, index);
    }
    return index.get(id) ?? [];
  };
  let frontier: [string, string][] = [];
  for (const [model, ids] of starts) for (const id of ids) if (add(model, id)) frontier.push([model, id]);
  while (frontier.length) {
    const next: [string, string][] = [];
    for (const [model, id] of frontier) {
      for (const relation of graph.childrenOf(model)) {
        for (const row of rowsUnder(relation.id, relation.parent.key, id)) {
          if (add(relation.id, row.id)) next.push([relation.id, row.id]);
          const childId = row[relation.child.key];
          if (typeof childId !== "string") continue;
          const child =
            relation.id === EXTERNAL_WIDGETS ? `${String(row.externalModule)}/widgets` : relation.child.model;
          if (stop?.get(child)?.has(childId)) continue;
          if (add(child, childId)) next.push([child, childId]);
        }
      }
    }
    frontier = next;
  }
  return reached;
}
