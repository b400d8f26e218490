import type { Database } from "../../../../engine/db/open-database.js";
import { AppError } from "../../../../engine/errors.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { StoredRecord } from "../../../../engine/query/stored-record.js";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { identityIdsOf, markIdentified } from "./subjects.js";

export const lastIdentity = () =>
  new AppError("CONFLICT", "the last sign-in method of a subject cannot be deleted: add another one first");

/**
 * Deletes one of the subject's identities, never its last: a subject left without any could not
 * sign in again, and would have nothing to prove itself with. The subject's row is locked first
 * (SELECT … FOR UPDATE), so two deletes at once of its last two identities cannot both pass the
 * count; the link goes with the identity (foreign key cascade).
 */
export async function deleteIdentity(
  database: Database,
  repositories: Map<string, Repository>,
  subjectId: string,
  identityId: string,
): Promise<StoredRecord<"rbac/identities">> {
  return runTransaction(database, repositories, async (repository, trx) => {
    await trx.selectFrom("rbac/subjects").select("id").where("id", "=", subjectId).forUpdate().executeTakeFirst();
    const ids = await identityIdsOf(trx, subjectId);
    if (!ids.includes(identityId))
      throw new AppError("NOT_FOUND", `Identity ${identityId} of subject ${subjectId} was not found`);
    if (ids.length <= 1) throw lastIdentity();
    // Data from before identifiedAt existed: the subject visibly had identities.
    await markIdentified(trx, subjectId);
    return repository("rbac/identities").delete(identityId);
  });
}
