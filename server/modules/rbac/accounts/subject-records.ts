import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { StoredRecord } from "../../../../engine/query/stored-record.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";

type Subject = StoredRecord<"rbac/subjects">;

/**
 * What other modules read and write of a subject (`app.rbac.subjects`), as rbac's tables are
 * rbac's alone: the subject's record, its email, and the link of a form request sent in its name.
 */
export class SubjectRecords {
  constructor(
    private readonly db: ModelQueries,
    private readonly repositories: Map<string, Repository>,
  ) {}

  /** The subject as the API shows it; a 404 when there is none. */
  get(subjectId: string): Promise<Subject> {
    return (this.repositories.get("rbac/subjects") as Repository<Subject>).get(subjectId);
  }

  /** The subject's email: that of its first email identity. */
  async emailOf(subjectId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("rbac/subjects-to-identities as si")
      .innerJoin("rbac/identities as i", "i.id", "si.identityId")
      .select("i.email")
      .where("si.subjectId", "=", subjectId)
      .where("i.email", "is not", null)
      .orderBy("i.createdAt")
      .executeTakeFirst();
    return row?.email ?? undefined;
  }

  /** Files a form request under the subject that sent it in its own name, in the caller's transaction. */
  async linkFormRequest(repository: RepositoryLookup, subjectId: string, requestId: string): Promise<void> {
    await repository("rbac/subjects-to-crm-module-requests").create({ subjectId, crmModuleRequestId: requestId });
  }
}
