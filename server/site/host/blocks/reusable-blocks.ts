import type { FastifyInstance } from "fastify";
import { AppError, notFound, validationErrorFromCauses } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { copyBlockTree } from "./block-copy.js";
import { place } from "./block-create.js";
import { PAGE_WIDGETS, pageRows } from "./block-transaction.js";
import { readBlockTree } from "./block-tree.js";

const HOST_WIDGETS = "host/widgets";

/** The page's row of this block, or a 404. */
async function placedOn(trx: ModelQueries, pageId: string, blockId: string) {
  const row = (await pageRows(trx, pageId)).find((r) => r.widgetId === blockId);
  if (!row) throw notFound(`Block ${blockId} is not on page ${pageId}`);
  return row;
}

/** Marks a block of the page reusable under the name an editor gave it: the same record, now listed in the palette. */
export async function markReusable(
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  blockId: string,
  name: string,
): Promise<void> {
  await placedOn(trx, pageId, blockId);
  await repository(HOST_WIDGETS).update(blockId, { reusable: true, adminTitle: name });
}

/**
 * Places a reusable block on the page: a new link to THE SAME host widget (no copy), at the end or
 * after `after`. An id that is no reusable block is a 404; one the page places already a 409 (a
 * page lists each block once: the composer knows a block by its id).
 */
export async function placeReusable(
  app: FastifyInstance,
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  hostWidgetId: string,
  after: string | undefined,
): Promise<void> {
  const widget = await trx
    .selectFrom(HOST_WIDGETS)
    .select(["id", "reusable"])
    .where("id", "=", hostWidgetId)
    .executeTakeFirst();
  if (!widget?.reusable) throw notFound(`Reusable block ${hostWidgetId} was not found`);
  const rows = await pageRows(trx, pageId);
  if (rows.some((r) => r.widgetId === hostWidgetId))
    throw new AppError("CONFLICT", "this reusable block is on this page already", [
      { path: "/reusable", message: "is on this page already" },
    ]);
  if (after && !rows.some((r) => r.widgetId === after))
    throw validationErrorFromCauses([{ path: "/after", message: "must be the id of a block of this page" }]);
  await place(app, repository, trx, pageId, hostWidgetId, after);
}

/**
 * Detach: this page's place of a reusable block shows a deep copy of it instead (block-copy.ts:
 * its own records copied, what it shares or shows linked), not reusable, in the same place. The
 * other pages keep the shared block; so does the palette, even when no page places it any more.
 * Answers the copy's host widget id.
 */
export async function detachBlock(
  app: FastifyInstance,
  graph: RelationGraph,
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  blockId: string,
): Promise<string> {
  const row = await placedOn(trx, pageId, blockId);
  const widget = await trx.selectFrom(HOST_WIDGETS).select("reusable").where("id", "=", blockId).executeTakeFirst();
  if (!widget?.reusable)
    throw validationErrorFromCauses([{ path: "/blockId", message: "is not a reusable block: nothing to detach" }]);
  const tree = await readBlockTree(trx, app.registry, graph, blockId);
  const copy = await copyBlockTree(graph, repository, tree, blockId);
  await repository(PAGE_WIDGETS).update(row.id, { widgetId: copy });
  return copy;
}
