import type { FastifyInstance } from "fastify";
import type { ImportRow, Repository } from "../../../engine/query/repository.js";
import { runTransaction } from "../../../engine/query/transaction.js";

/**
 * Writes an import's rows as one transaction. Of an x-drafts model it is a save like any other
 * (docs/drafts.md, Versions): a record updated for the first time gets its `initial` version
 * first, and every record written a `save` version by the importer, in the same transaction.
 */
export async function writeImport(
  app: FastifyInstance,
  repository: Repository,
  rows: ImportRow[],
  subjectId: string | null,
): Promise<void> {
  const model = repository.model;
  const versions = model.published ? app.drafts.versions : undefined;
  if (!versions) {
    await repository.importRows(rows);
    return;
  }
  await runTransaction(app.database, app.repositories, async (lookup, trx) => {
    const updated = rows.flatMap((r) => (r.update ? [r.update] : []));
    if (updated.length) await versions.beforeSave(trx, model, updated);
    const written = await (lookup(model.id) as Repository).importRows(rows);
    // Not as a create's first version: an imported id may have versions from an earlier life (deleted, then imported back).
    await versions.record(trx, model, written, "save", subjectId);
  });
}
