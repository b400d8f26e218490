import type { Repository } from "./repository.js";
import type { ModelId, StoredRecord } from "./stored-record.js";

/**
 * Every model's repository by model id. Still a Map, so generic code (the CRUD routes, the
 * transaction helper) walks it by runtime id as before; a model id known at compile time picks
 * out a repository typed with that model's record.
 */
export class Repositories extends Map<string, Repository> {
  override get<K extends ModelId>(modelId: K): Repository<StoredRecord<K>> | undefined;
  override get(modelId: string): Repository | undefined;
  override get(modelId: string): Repository | undefined {
    return super.get(modelId);
  }
}
