import type { Kysely } from "kysely";
import type { Registry } from "../schema/registry.js";
import { EXTERNAL_WIDGETS, type RelationGraph } from "./relation-graph.js";

/** Hops below the root, as many as the page loader walks (load-page.ts), plus one. */
const MAX_ROUNDS = 9;

/**
 * Links read upward: rows whose child is in the tree bring their row and their parent record (not
 * walked further down). An attribute's key says what the attribute is (a price, a feature): a
 * product's prices are published with their keys, not without them.
 */
const UPWARD_LINKS = new Set(["ecommerce/attribute-keys-to-attributes"]);

/** Model id → ids of the drafted records a tree holds. */
export type Tree = Map<string, Set<string>>;

/**
 * The drafted records a root owns in the tree the page loader walks: its relation rows (to
 * children of drafted models only), those children, their relation rows, and so on — read from
 * the working copies or from the published ones. One query per relation model and one per child
 * model each round, never one per record. Lists a widget shows (all products, newest articles)
 * are not part of it: publishing a page never publishes the shop's catalogue.
 */
export async function draftTree(db: Kysely<any>, registry: Registry, graph: RelationGraph, root: { model: string; id: string }, side: "working" | "published"): Promise<Tree> {
  const tree: Tree = new Map([[root.model, new Set([root.id])]]);
  const table = (model: string) => {
    const m = registry.get(model);
    return side === "working" ? m.table : m.published!.table;
  };
  let frontier: Tree = new Map([[root.model, new Set([root.id])]]);
  for (let round = 0; round < MAX_ROUNDS && frontier.size; round++) {
    const next: Tree = new Map();
    const add = (model: string, id: string) => {
      if (!registry.find(model)?.drafts || tree.get(model)?.has(id)) return;
      if (!tree.has(model)) tree.set(model, new Set());
      tree.get(model)!.add(id);
      if (!next.has(model)) next.set(model, new Set());
      next.get(model)!.add(id);
    };
    await Promise.all(
      [...frontier].filter(([, ids]) => ids.size > 0).flatMap(([model, ids]) =>
        graph
          .childrenOf(model)
          .filter((relation) => registry.find(relation.id)?.drafts)
          .map(async (relation) => {
            const external = relation.id === EXTERNAL_WIDGETS;
            const rows = await db
              .selectFrom(table(relation.id))
              .select(["id", relation.child.key, ...(external ? ["externalModule"] : [])])
              .where(relation.parent.key, "in", [...ids])
              .execute();
            for (const row of rows) {
              add(relation.id, row.id as string);
              const child = external ? `${String(row.externalModule)}/widgets` : relation.child.model;
              if (typeof row[relation.child.key] === "string") add(child, row[relation.child.key] as string);
            }
          }),
      ),
    );
    await Promise.all(
      [...UPWARD_LINKS].map(async (id) => {
        const relation = graph.relations.get(id);
        const ids = relation && next.get(relation.child.model);
        if (!relation || !ids?.size || !registry.find(id)?.drafts) return;
        const rows = await db.selectFrom(table(id)).select(["id", relation.parent.key]).where(relation.child.key, "in", [...ids]).execute();
        for (const row of rows) {
          add(id, row.id as string);
          add(relation.parent.model, row[relation.parent.key] as string);
          next.get(relation.parent.model)?.delete(row[relation.parent.key] as string);
          if (next.get(relation.parent.model)?.size === 0) next.delete(relation.parent.model);
        }
        next.delete(id);
      }),
    );
    frontier = next;
  }
  return tree;
}

/** Both trees together: what the working copy holds and what is published (removals included). */
export function joinTrees(a: Tree, b: Tree): Tree {
  const joined: Tree = new Map([...a].map(([m, ids]) => [m, new Set(ids)]));
  for (const [model, ids] of b) {
    const set = joined.get(model) ?? new Set<string>();
    for (const id of ids) set.add(id);
    joined.set(model, set);
  }
  return joined;
}
