import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { Repositories } from "../../../engine/query/repositories.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";

const FILES = "file-storage/files";

/**
 * The stored files' records as other modules read and write them (a product's photos): the files
 * as a subquery to join into the caller's statement, which of some ids are files, and their alt
 * texts, written in the caller's transaction.
 */

/** The files with what a picture of them shows: id, adminTitle, file, mimeType, extension, width, height, alt. To join by id. */
export function fileRows(db: ModelQueries) {
  return db.selectFrom(FILES).select(["id", "adminTitle", "file", "mimeType", "extension", "width", "height", "alt"]);
}

/** Which of these ids are files' (one query; none for no ids). */
export async function fileIdsAmong(db: ModelQueries, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(FILES).select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes alt texts onto files (a file's alt serves every page showing it), in the caller's
 * transaction: one query reads the current ones, and only a file whose alt differs is updated.
 */
export async function updateFileAlts(
  repository: RepositoryLookup,
  db: ModelQueries,
  alts: readonly { fileId: string; alt: Record<string, string> }[],
): Promise<void> {
  if (alts.length === 0) return;
  const files = await db
    .selectFrom(FILES)
    .select(["id", "alt"])
    .where(
      "id",
      "in",
      alts.map((a) => a.fileId),
    )
    .execute();
  const current = new Map(files.map((f) => [f.id, JSON.stringify(f.alt ?? {})]));
  for (const { fileId, alt } of alts)
    if (current.get(fileId) !== JSON.stringify(alt)) await repository(FILES).update(fileId, { alt });
}

/** Announces on the change feed that files changed (after the caller's commit that wrote them): what pages cached of them drops. */
export function announceFileChanges(repositories: Repositories): void {
  repositories.get(FILES)!.changes.publish(FILES);
}
