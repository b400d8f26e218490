import type { Database } from "../db/open-database.js";
import { modelQueries, type ModelSource, type ModelTransaction } from "./model-tables.js";
import type { Repository } from "./repository.js";
import type { ModelId, StoredRecord } from "./stored-record.js";

/** A model's repository inside the transaction: typed by its record when the id is a generated model's. */
export interface RepositoryLookup {
  <K extends ModelId>(modelId: K): Repository<StoredRecord<K>>;
  (modelId: string): Repository;
}

/**
 * Runs module work that writes several tables as one transaction: all of it or none. The work
 * gets repositories bound to the transaction (and the Kysely transaction, typed by model id
 * (model-tables.ts), for what a repository does not say: locks, joins, hidden columns); the
 * models it wrote are announced on the change feed only after the commit.
 */
export async function runTransaction<T>(
  database: Database,
  repositories: Map<string, Repository>,
  work: (repository: RepositoryLookup, trx: ModelTransaction) => Promise<T>,
): Promise<T> {
  const touched = new Set<string>();
  const source = modelSourceOf(repositories);
  const result = await database.db.transaction().execute((trx) =>
    work(
      ((modelId: string) => {
        const repository = repositories.get(modelId);
        if (!repository) throw new Error(`Unknown model ${modelId}`);
        return repository.within({ trx, touched });
      }) as RepositoryLookup,
      modelQueries(trx, source),
    ),
  );
  for (const modelId of touched) repositories.get(modelId)!.changes.publish(modelId);
  return result;
}

const sources = new WeakMap<Map<string, Repository>, ModelSource>();

/** The models of a repository map, listed once per map (the typed queries' plugin is cached by it). */
function modelSourceOf(repositories: Map<string, Repository>): ModelSource {
  let source = sources.get(repositories);
  if (!source) sources.set(repositories, (source = { models: [...repositories.values()].map((r) => r.model) }));
  return source;
}
