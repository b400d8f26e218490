import type { Kysely } from "kysely";
import type { Database } from "../db/open-database.js";
import type { Repository } from "./repository.js";
import type { ModelId, StoredRecord } from "./stored-record.js";

/** A model's repository inside the transaction: typed by its record when the id is a generated model's. */
export interface RepositoryLookup {
  <K extends ModelId>(modelId: K): Repository<StoredRecord<K>>;
  (modelId: string): Repository;
}

/**
 * Runs module work that writes several tables as one transaction: all of it or none. The work
 * gets repositories bound to the transaction (and the Kysely transaction for reads of hidden
 * columns); the models it wrote are announced on the change feed only after the commit.
 */
export async function runTransaction<T>(
  database: Database,
  repositories: Map<string, Repository>,
  work: (repository: RepositoryLookup, trx: Kysely<any>) => Promise<T>,
): Promise<T> {
  const touched = new Set<string>();
  const result = await database.db.transaction().execute((trx) =>
    work(((modelId: string) => {
      const repository = repositories.get(modelId);
      if (!repository) throw new Error(`Unknown model ${modelId}`);
      return repository.within({ trx, touched });
    }) as RepositoryLookup, trx),
  );
  for (const modelId of touched) repositories.get(modelId)!.changes.publish(modelId);
  return result;
}
