import type { AnyModelDb } from "../../engine/query/any-model-db.js";
import { draftForest } from "../../engine/query/draft-tree.js";
import type { RelationGraph } from "../../engine/query/relation-graph.js";
import type { Model } from "../../engine/schema/model.js";
import type { Registry } from "../../engine/schema/registry.js";

/**
 * Models whose state is their whole tree's (docs/drafts.md, "A page's state"): a page's blocks,
 * their texts and items, its layout links and block order are saved as records of their own
 * (the composer's panel saves a block's widget, not the page), so the page's own row says nothing
 * of them. A product needs no walk: the product editor's every save rewrites the product's row.
 */
export const TREE_STATE_MODELS: ReadonlySet<string> = new Set(["host/pages", "host/layouts"]);

/**
 * Which of these roots have a record of their tree whose working copy differs from its published
 * copy: changed (`updatedAt` moved on), never published (added since) or removed from the working
 * copies (still published). The trees of all roots are walked together, from both copies (so a
 * removal is found through the published side), then one statement per model of the trees finds
 * the differing records: a fixed number of statements for a whole list, never one per root.
 */
export async function changedTrees(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  model: Model,
  ids: string[],
): Promise<Set<string>> {
  const changed = new Set<string>();
  if (ids.length === 0) return changed;
  const [working, published] = await Promise.all([
    draftForest(db, registry, graph, model.id, ids, "working"),
    draftForest(db, registry, graph, model.id, ids, "published"),
  ]);
  // Every record of every tree but the roots themselves (their own rows are compared by publicationStates).
  const members = new Map<string, Set<string>>();
  for (const forest of [working, published]) {
    for (const tree of forest.values()) {
      for (const [modelId, records] of tree) {
        if (!members.has(modelId)) members.set(modelId, new Set());
        for (const id of records) if (modelId !== model.id || !ids.includes(id)) members.get(modelId)!.add(id);
      }
    }
  }
  const dirty = new Map<string, Set<string>>();
  await Promise.all(
    [...members]
      .filter(([, records]) => records.size > 0)
      .map(async ([modelId, records]) => {
        dirty.set(modelId, await differing(db, registry.get(modelId), [...records]));
      }),
  );
  for (const root of ids) {
    const trees = [working.get(root), published.get(root)];
    const touched = trees.some((tree) =>
      [...(tree ?? [])].some(([modelId, records]) => [...records].some((id) => dirty.get(modelId)?.has(id))),
    );
    if (touched) changed.add(root);
  }
  return changed;
}

/**
 * Which of these records differ from their published copies, themselves or any record of their
 * tree (a reusable block: its host widget's row, its texts, its items): a fixed number of statements.
 */
export async function changedRoots(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  model: Model,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [own, trees] = await Promise.all([differing(db, model, ids), changedTrees(db, registry, graph, model, ids)]);
  return new Set([...own, ...trees]);
}

/** Ids among these whose working and published copies differ, or that have only one of them: one statement. */
async function differing(db: AnyModelDb, model: Model, ids: string[]): Promise<Set<string>> {
  const published = model.published!.table;
  const rows = await db
    .selectFrom(`${model.table} as w`)
    .leftJoin(`${published} as p`, "p.id", "w.id")
    .select("w.id")
    .where("w.id", "in", ids)
    .where((eb) => eb.or([eb("p.id", "is", null), eb("p.updatedAt", "<>", eb.ref("w.updatedAt"))]))
    .union(
      db
        .selectFrom(`${published} as q`)
        .select("q.id")
        .where("q.id", "in", ids)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom(`${model.table} as x`).select("x.id").whereRef("x.id", "=", "q.id"))),
        ),
    )
    .execute();
  return new Set(rows.map((r) => r.id as string));
}
