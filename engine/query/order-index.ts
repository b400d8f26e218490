import { sql, type Kysely } from "kysely";
import type { Model } from "../schema/model.js";
import { tableName } from "../sql/identifiers.js";

type Row = Record<string, unknown>;

/**
 * The key a relation's rows are ordered under: its parent (the first foreign key, as the page
 * loader reads it), when the relation has an orderIndex. Undefined for entities and unordered models.
 */
export function orderParentKey(model: Model): string | undefined {
  if (model.kind !== "relation" || !model.fieldMap.has("orderIndex")) return undefined;
  return model.fields.find((f) => f.references)?.name;
}

/**
 * Gives each row that names no orderIndex the place after its parent's last row (max + 1; 0 for
 * the first), counting the rows before it in the same batch, so a new block lands at the end of
 * its page rather than at 0 in the middle. Runs inside the insert's transaction; the parent rows
 * are locked first so two appends to one parent at once take turns and never share an index.
 */
export async function appendOrderIndexes(trx: Kysely<any>, model: Model, parentKey: string, rows: Row[]): Promise<void> {
  const missing = rows.filter((r) => r.orderIndex === undefined && typeof r[parentKey] === "string");
  if (missing.length === 0) return;
  const parents = [...new Set(missing.map((r) => r[parentKey] as string))];
  const [module, name] = model.fieldMap.get(parentKey)!.references!.model.split("/") as [string, string];
  const parentTable = tableName(module, name);
  await trx.selectFrom(parentTable).select("id").where("id", "in", parents).forNoKeyUpdate().execute();
  const last = await trx
    .selectFrom(model.table)
    .select([parentKey, sql<string | number | null>`max("orderIndex")`.as("last")])
    .where(parentKey, "in", parents)
    .groupBy(parentKey)
    .execute();
  const next = new Map<string, number>(last.map((r) => [r[parentKey] as string, Number(r.last ?? -1) + 1]));
  for (const row of missing) {
    const parent = row[parentKey] as string;
    const index = next.get(parent) ?? 0;
    row.orderIndex = index;
    next.set(parent, index + 1);
  }
}
