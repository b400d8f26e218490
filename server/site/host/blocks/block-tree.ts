import type { AnyModelDb } from "../../../../engine/query/any-model-db.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { EXTERNAL_WIDGETS, type RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { Registry } from "../../../../engine/schema/registry.js";

/**
 * Models whose records are a block's own content: the module widget and what the composer writes
 * below it. Anything else a block links to (articles, products, forms, files, categories) lives
 * on its own in the catalogue or the media library: a block holds only its link rows to them.
 */
const CONTENT_MODELS = new Set([
  "website-builder/features",
  "website-builder/buttons-arrays",
  "website-builder/buttons",
  "website-builder/sliders",
  "website-builder/slides",
  "website-builder/logotypes",
]);

/** Hops below the module widget: slider → slide → buttons array → button, plus a spare. */
const MAX_ROUNDS = 6;

/** What one host widget (a block) holds in the working copy. */
export interface BlockTree {
  /** Relation rows by model: the page's or layout's row is not among them. */
  relations: Map<string, Set<string>>;
  /** Records only this block uses, by model: the host widget, the module widget, its content. */
  owned: Map<string, Set<string>>;
}

const add = (map: Map<string, Set<string>>, model: string, id: string) => {
  if (!map.has(model)) map.set(model, new Set());
  map.get(model)!.add(id);
};

/**
 * Reads a block's tree below its host widget, one query per relation model and round (never one
 * per record): the link to the module widget, the module widget, and its relation rows and
 * content records downward. A record some relation row outside the block also points at (a
 * feature shown by another block, a module widget another host widget shows) is shared: the tree
 * keeps the link to it but does not own it or walk below it.
 */
export async function readBlockTree(
  typed: ModelQueries,
  registry: Registry,
  graph: RelationGraph,
  hostWidgetId: string,
): Promise<BlockTree> {
  const tree: BlockTree = { relations: new Map(), owned: new Map([["host/widgets", new Set([hostWidgetId])]]) };
  // Below the module widget, the relation graph names the models: queries for any model.
  const db: AnyModelDb = typed;
  const table = (model: string) => registry.get(model).table;
  const links = await typed
    .selectFrom(EXTERNAL_WIDGETS)
    .select(["id", "externalModule", "externalWidgetId"])
    .where("widgetId", "=", hostWidgetId)
    .execute();
  let frontier = new Map<string, Set<string>>();
  for (const link of links) {
    add(tree.relations, EXTERNAL_WIDGETS, link.id);
    const model = `${link.externalModule}/widgets`;
    if (registry.find(model)) add(frontier, model, link.externalWidgetId);
  }
  frontier = await unshared(db, registry, graph, tree, frontier);
  for (let round = 0; round < MAX_ROUNDS && frontier.size; round++) {
    for (const [model, ids] of frontier) for (const id of ids) add(tree.owned, model, id);
    const candidates = new Map<string, Set<string>>();
    await Promise.all(
      [...frontier].flatMap(([model, ids]) =>
        graph.childrenOf(model).map(async (relation) => {
          const rows = await db
            .selectFrom(table(relation.id))
            .select(["id", relation.child.key])
            .where(relation.parent.key, "in", [...ids])
            .execute();
          for (const row of rows) {
            add(tree.relations, relation.id, row.id);
            if (CONTENT_MODELS.has(relation.child.model) && typeof row[relation.child.key] === "string")
              add(candidates, relation.child.model, row[relation.child.key]);
          }
        }),
      ),
    );
    frontier = await unshared(db, registry, graph, tree, candidates);
  }
  return tree;
}

/** The candidates no relation row outside the tree points at (one query per parent relation model). */
async function unshared(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  tree: BlockTree,
  candidates: Map<string, Set<string>>,
) {
  const result = new Map<string, Set<string>>();
  await Promise.all(
    [...candidates].map(async ([model, ids]) => {
      const shared = new Set<string>();
      const parents = graph
        .parentsOf(model)
        .map((r) => ({ id: r.id, key: r.child.key, where: undefined as string | undefined }));
      // The link from host widgets names its module in a column, not a foreign key.
      if (model.endsWith("/widgets"))
        parents.push({ id: EXTERNAL_WIDGETS, key: "externalWidgetId", where: model.split("/")[0] });
      await Promise.all(
        parents.map(async (parent) => {
          let query = db
            .selectFrom(registry.get(parent.id).table)
            .select(["id", parent.key])
            .where(parent.key, "in", [...ids]);
          if (parent.where) query = query.where("externalModule", "=", parent.where);
          for (const row of await query.execute())
            if (!tree.relations.get(parent.id)?.has(row.id)) shared.add(row[parent.key]);
        }),
      );
      const own = [...ids].filter((id) => !shared.has(id));
      if (own.length) result.set(model, new Set(own));
    }),
  );
  return result;
}
