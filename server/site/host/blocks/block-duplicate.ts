import type { FastifyInstance } from "fastify";
import { notFound } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { readBlockTree } from "./block-tree.js";
import { copyBlockTree } from "./block-copy.js";
import { place } from "./block-create.js";
import { pageRows } from "./block-transaction.js";

/**
 * Copies a block of the page inside the page's transaction and places the copy right after it:
 * a deep copy of what only the block used (readBlockTree: host widget, module widget, features,
 * buttons, slides with their holders) with new ids, and copies of its relation rows pointing at
 * the copies — or, for records the block shares or merely shows (a product, a file), at the same
 * records (block-copy.ts). Answers the copy's host widget id.
 */
export async function duplicateBlock(
  app: FastifyInstance,
  graph: RelationGraph,
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  blockId: string,
): Promise<string> {
  const rows = await pageRows(trx, pageId);
  if (!rows.some((r) => r.widgetId === blockId)) throw notFound(`Block ${blockId} is not on page ${pageId}`);
  const tree = await readBlockTree(trx, app.registry, graph, blockId);
  const copy = await copyBlockTree(graph, repository, tree, blockId);
  await place(app, repository, trx, pageId, copy, blockId);
  return copy;
}
