import { sql, type RawBuilder } from "kysely";
import type { Model } from "../schema/model.js";

/**
 * The key a relation's rows are ordered under: its parent (the first foreign key, as the page
 * loader reads it), when the relation has an orderIndex. Undefined for entities and unordered models.
 */
export function orderParentKey(model: Model): string | undefined {
  if (model.kind !== "relation" || !model.fieldMap.has("orderIndex")) return undefined;
  return model.fields.find((f) => f.references)?.name;
}

/** orderIndex is an integer column. */
const MAX_INDEX = 2_147_483_647;

/**
 * The orderIndex of a relation row that names none, as a SQL expression read in the INSERT itself:
 * one past its parent's last row (0 for the first), plus `offset` for the rows of the same parent
 * before it in one multi-row INSERT (they all see the table as it was before the statement). So a
 * new block lands at the end of its page rather than at 0 in the middle, at no extra round trip
 * and with no transaction of its own. Two appends to one parent at the same instant may share an
 * index; the rows' createdAt then keeps them in the order they came (the readers' second key).
 */
export function appendedOrderIndex(model: Model, parentKey: string, parent: unknown, offset = 0): RawBuilder<number> {
  // Counted in bigint and held to the column's largest value: after a row already at 2^31 - 1 the
  // next shares it (the creation order decides) rather than the insert failing.
  return sql<number>`(SELECT least(coalesce(max("orderIndex")::bigint + 1, 0) + ${sql.lit(offset)}, ${sql.lit(MAX_INDEX)})::integer FROM ${sql.table(model.table)} WHERE ${sql.ref(parentKey)} = ${parent})`;
}
