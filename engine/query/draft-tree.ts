import type { Registry } from "../schema/registry.js";
import { EXTERNAL_WIDGETS, type RelationGraph } from "./relation-graph.js";
import type { AnyModelDb } from "./any-model-db.js";

/** Hops below the root, as many as the page loader walks (load-page.ts), plus one. */
const MAX_ROUNDS = 9;

/**
 * Links read upward: rows whose child is in the tree come with it. An attribute's key says what
 * the attribute is (a price, a feature), so the key comes too (not walked further down); a
 * store's offer of a product carries the store's own price for it, so the offer row comes and
 * its price attributes are walked from it, while the store itself stays as it is.
 */
export const UPWARD_LINKS = new Map<string, { withParent: boolean }>([
  ["ecommerce/attribute-keys-to-attributes", { withParent: true }],
  ["ecommerce/stores-to-products", { withParent: false }],
]);

/** Model id → ids of the drafted records a tree holds. */
export type Tree = Map<string, Set<string>>;

/**
 * The drafted records a root owns in the tree the page loader walks: its relation rows (to
 * children of drafted models only), those children, their relation rows, and so on — read from
 * the working copies or from the published ones. One query per relation model and one per child
 * model each round, never one per record. Lists a widget shows (all products, newest articles)
 * are not part of it: publishing a page never publishes the shop's catalogue.
 */
export async function draftTree(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  root: { model: string; id: string },
  side: "working" | "published",
  held?: Tree,
): Promise<Tree> {
  return (await draftForest(db, registry, graph, root.model, [root.id], side, held)).get(root.id)!;
}

/**
 * The trees of several roots of one model at once (a list's pages), walked together: the same
 * queries as one root's walk, whatever the number of roots, each record kept in the tree of every
 * root that reaches it (a shared layout is in each page's tree). Root id → its tree. `held`
 * records are left out with everything reached only through them (a page's reusable blocks when
 * its publish leaves them as they are: Publisher.holdBack); the rows linking to them stay in.
 */
export async function draftForest(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  rootModel: string,
  rootIds: string[],
  side: "working" | "published",
  held?: Tree,
): Promise<Map<string, Tree>> {
  const table = (model: string) => {
    const m = registry.get(model);
    return side === "working" ? m.table : m.published!.table;
  };
  /** `model id` → roots reaching it: a record walked again when it gains a root (nothing else is walked twice). */
  const reached = new Map<string, Map<string, Set<string>>>();
  const rootsOf = (model: string, id: string) => reached.get(model)?.get(id);
  let frontier: Tree = new Map([[rootModel, new Set(rootIds)]]);
  reached.set(rootModel, new Map(rootIds.map((id) => [id, new Set([id])])));
  for (let round = 0; round < MAX_ROUNDS && frontier.size; round++) {
    const next: Tree = new Map();
    /** Adds the record with these roots; walks it next round when it is new to any of them (`walk`). */
    const add = (model: string, id: string, roots: Set<string> | undefined, walk = true) => {
      if (!roots || !registry.find(model)?.drafts || held?.get(model)?.has(id)) return;
      if (!reached.has(model)) reached.set(model, new Map());
      const known = reached.get(model)!;
      const had = known.get(id);
      const fresh = [...roots].filter((r) => !had?.has(r));
      if (fresh.length === 0) return;
      known.set(id, new Set([...(had ?? []), ...fresh]));
      if (!walk) return;
      if (!next.has(model)) next.set(model, new Set());
      next.get(model)!.add(id);
    };
    await Promise.all(
      [...frontier]
        .filter(([, ids]) => ids.size > 0)
        .flatMap(([model, ids]) =>
          graph
            .childrenOf(model)
            .filter((relation) => registry.find(relation.id)?.drafts)
            .map(async (relation) => {
              const external = relation.id === EXTERNAL_WIDGETS;
              const rows = await db
                .selectFrom(table(relation.id))
                .select(["id", relation.parent.key, relation.child.key, ...(external ? ["externalModule"] : [])])
                .where(relation.parent.key, "in", [...ids])
                .execute();
              for (const row of rows) {
                const roots = rootsOf(model, row[relation.parent.key] as string);
                add(relation.id, row.id as string, roots);
                const child = external ? `${String(row.externalModule)}/widgets` : relation.child.model;
                if (typeof row[relation.child.key] === "string") add(child, row[relation.child.key] as string, roots);
              }
            }),
        ),
    );
    await Promise.all(
      [...UPWARD_LINKS].map(async ([id, { withParent }]) => {
        const relation = graph.relations.get(id);
        if (!relation || !registry.find(id)?.drafts) return;
        const ids = [...(frontier.get(relation.child.model) ?? []), ...(next.get(relation.child.model) ?? [])];
        if (ids.length === 0) return;
        const rows = await db
          .selectFrom(table(id))
          .select(["id", relation.parent.key, relation.child.key])
          .where(relation.child.key, "in", ids)
          .execute();
        for (const row of rows) {
          const roots = rootsOf(relation.child.model, row[relation.child.key] as string);
          // The link row and its parent (an attribute's key) come with the record; neither is walked further down.
          add(id, row.id as string, roots, !withParent);
          if (!withParent) continue;
          const parent = row[relation.parent.key] as string;
          add(relation.parent.model, parent, roots, false);
          next.get(relation.parent.model)?.delete(parent);
          if (next.get(relation.parent.model)?.size === 0) next.delete(relation.parent.model);
        }
      }),
    );
    frontier = next;
  }
  const forest = new Map<string, Tree>(rootIds.map((id) => [id, new Map()]));
  for (const [model, records] of reached) {
    for (const [id, roots] of records) {
      for (const root of roots) {
        const tree = forest.get(root)!;
        if (!tree.has(model)) tree.set(model, new Set());
        tree.get(model)!.add(id);
      }
    }
  }
  return forest;
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
