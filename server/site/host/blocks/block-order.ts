import type { FastifyInstance } from "fastify";
import { validationErrorFromCauses } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { pageRows, renumber, type PlacedRow } from "./block-transaction.js";

/**
 * Puts the page's blocks in the order of `ids` (host widget ids): order indexes 0..n-1, written
 * in one statement for the rows that move. `ids` must name exactly the page's own blocks, each
 * once (layout blocks are the layout's): anything else is a 400 and nothing moves.
 */
export async function orderBlocks(
  _app: FastifyInstance,
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  ids: string[],
): Promise<void> {
  const rows = await pageRows(trx, pageId);
  const waiting = new Map<string, PlacedRow[]>();
  for (const row of rows) waiting.set(row.widgetId, [...(waiting.get(row.widgetId) ?? []), row]);
  const ordered: PlacedRow[] = [];
  const causes = ids.flatMap((id, i) => {
    const row = waiting.get(id)?.shift();
    if (row) ordered.push(row);
    return row ? [] : [{ path: `/ids/${i}`, message: "is not a block of this page, or is named twice" }];
  });
  if (causes.length === 0 && ordered.length !== rows.length) {
    const missing = [...waiting.values()].flat().map((r) => r.widgetId);
    causes.push({ path: "/ids", message: `must name every block of the page: ${missing.join(", ")} missing` });
  }
  if (causes.length) throw validationErrorFromCauses(causes);
  await renumber(repository, ordered);
}
