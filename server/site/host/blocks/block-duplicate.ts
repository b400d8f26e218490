import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { EXTERNAL_WIDGETS, type RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { readBlockTree } from "./block-tree.js";
import { place } from "./block-create.js";
import { pageRows } from "./block-transaction.js";

/** Fields a copy does not take over: its own id and dates; a unique slug is generated afresh. */
const NOT_COPIED = new Set(["id", "createdAt", "updatedAt", "slug"]);
const copyOf = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([k, v]) => !NOT_COPIED.has(k) && v !== null));

/**
 * Copies a block of the page inside the page's transaction and places the copy right after it:
 * a deep copy of what only the block used (readBlockTree: host widget, module widget, features,
 * buttons, slides with their holders) with new ids, and copies of its relation rows pointing at
 * the copies — or, for records the block shares or merely shows (a product, a file), at the same
 * records. Answers the copy's host widget id.
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
  const newId = new Map<string, string>();
  for (const [model, ids] of tree.owned) {
    for (const row of await repository(model).listByIds([...ids])) {
      const id = randomUUID();
      newId.set(String(row.id), id);
      await repository(model).create({ ...copyOf(row), id });
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
  const copy = newId.get(blockId)!;
  await place(app, repository, trx, pageId, copy, blockId);
  return copy;
}
