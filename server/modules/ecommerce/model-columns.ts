import type { ModelId, StoredRecord } from "../../../engine/query/stored-record.js";
import type { Registry } from "../../../engine/schema/registry.js";

/** A column of a model's record, as its generated type names it. */
export type ColumnOf<K extends ModelId> = Extract<keyof StoredRecord<K>, string>;

/**
 * Every column of a model's record, named (`alias.column`): what `SELECT alias.*` reads, in a text
 * PostgreSQL may keep prepared (open-database.ts, preparable). The registry's visible fields are
 * the generated record's keys (both come from the model's schema), which the type says.
 */
export function columnsOf<K extends ModelId, A extends string>(
  registry: Registry,
  id: K,
  alias: A,
): `${A}.${ColumnOf<K>}`[] {
  return registry
    .get(id)
    .fields.filter((f) => !f.hidden)
    .map((f) => `${alias}.${f.name}` as `${A}.${ColumnOf<K>}`);
}
