import { byPlacement } from "./placement-order.js";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../../../engine/errors.js";
import type { ModelQueries, ModelTransaction } from "../../../../engine/query/model-tables.js";
import { runTransaction, type RepositoryLookup } from "../../../../engine/query/transaction.js";

export const PAGES = "host/pages";
export const PAGE_WIDGETS = "host/pages-to-widgets";

/**
 * Runs one block change of a page as ONE transaction through the repositories: the page's row is
 * locked first (two editors' changes to one page take turns; a missing page is a 404 before
 * anything is written), and the change is recorded as a version of the page with its tree
 * (docs/drafts.md, Versions) — a `save` under drafts, a `publish` with DRAFTS=off, where the
 * repositories publish every write as they make it.
 */
export async function pageBlockWrite<T>(
  app: FastifyInstance,
  pageId: string,
  subjectId: string | null,
  work: (repository: RepositoryLookup, trx: ModelTransaction) => Promise<T>,
): Promise<T> {
  const model = app.registry.get(PAGES);
  const versions = app.drafts.versions;
  return runTransaction(app.database, app.repositories, async (repository, trx) => {
    const page = await trx
      .selectFrom("host/pages")
      .select("id")
      .where("id", "=", pageId)
      .forUpdate()
      .executeTakeFirst();
    if (!page) throw notFound(`Page ${pageId} was not found`);
    await versions?.beforeSave(trx, model, [pageId]);
    const result = await work(repository, trx);
    await versions?.record(trx, model, [pageId], app.drafts.drafts ? "save" : "publish", subjectId);
    return result;
  });
}

export interface PlacedRow {
  id: string;
  widgetId: string;
  orderIndex: number;
}

/** The page's own block rows (host/pages-to-widgets) in their order. */
export async function pageRows(trx: ModelQueries, pageId: string): Promise<PlacedRow[]> {
  const rows = await trx
    .selectFrom(PAGE_WIDGETS)
    .select(["id", "widgetId", "orderIndex", "createdAt"])
    .where("pageId", "=", pageId)
    .execute();
  rows.sort(byPlacement);
  return rows.map((r) => ({ id: r.id, widgetId: r.widgetId, orderIndex: r.orderIndex }));
}

/** Gives the rows, in this order, order indexes 0..n-1: one statement for the rows whose index changes. */
export async function renumber(repository: RepositoryLookup, rows: PlacedRow[]): Promise<void> {
  const moved = rows.map((row, value) => ({ id: row.id, value, was: row.orderIndex })).filter((p) => p.value !== p.was);
  await repository(PAGE_WIDGETS).setPositions(
    "orderIndex",
    moved.map(({ id, value }) => ({ id, value })),
  );
}
