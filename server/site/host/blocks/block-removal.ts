import type { FastifyInstance } from "fastify";
import { notFound } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { readBlockTree } from "./block-tree.js";
import { PAGE_WIDGETS, pageRows, renumber } from "./block-transaction.js";

/** Other places a host widget may have: another page, a layout. */
const PLACEMENTS = ["host/pages-to-widgets", "host/layouts-to-widgets"] as const;

/**
 * Takes a block off the page inside the page's transaction: its place on the page, and — unless
 * the host widget is placed elsewhere too (another page, a layout), when only this page's place
 * goes — the host widget with its link, the module widget, and every relation row and content
 * record only this block used (readBlockTree). Records shared with another block or page stay,
 * as do the records a block merely shows (articles, products, files). The page's remaining rows
 * are renumbered 0..n-1.
 *
 * Relation rows go before the records they join, each model in one statement through its
 * repository: with DRAFTS=off the repositories' hook takes every removed row off the site in the
 * same transaction; with drafts on only the working copies go, and the page's publish removes
 * the published ones (its tree is walked through the published side too).
 */
export async function removeBlock(
  app: FastifyInstance,
  graph: RelationGraph,
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  blockId: string,
): Promise<void> {
  const rows = await pageRows(trx, pageId);
  const mine = rows.filter((r) => r.widgetId === blockId);
  if (mine.length === 0) throw notFound(`Block ${blockId} is not on page ${pageId}`);
  await repository(PAGE_WIDGETS).deleteMany(mine.map((r) => r.id));
  await renumber(
    repository,
    rows.filter((r) => r.widgetId !== blockId),
  );
  const elsewhere = await Promise.all(
    PLACEMENTS.map((model) => trx.selectFrom(model).select("id").where("widgetId", "=", blockId).limit(1).execute()),
  );
  if (elsewhere.some((found) => found.length > 0)) return;
  const tree = await readBlockTree(trx, app.registry, graph, blockId);
  for (const [model, ids] of tree.relations) await repository(model).deleteMany([...ids]);
  // Every relation row is gone already: the records go in any order, with nothing left to cascade.
  for (const [model, ids] of tree.owned) await repository(model).deleteMany([...ids]);
}
