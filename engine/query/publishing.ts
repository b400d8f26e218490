import { sql } from "kysely";
import type { Model } from "../schema/model.js";
import { PUBLISHED_AT } from "../schema/published-model.js";
import type { AnyModelDb } from "./any-model-db.js";

/** A drafted record's publication as the API shows it (docs/drafts.md). */
export interface Publication {
  state: "draft" | "published" | "changed";
  publishedAt: Date | null;
  publishAt: Date | null;
  unpublishAt: Date | null;
}

const publishedTable = (model: Model) => {
  if (!model.published) throw new Error(`${model.id} has no x-drafts`);
  return model.published.table;
};

/**
 * Makes the published copies of these records equal their working copies, in one transaction the
 * caller holds: rows whose working copy exists are written over (or added), rows whose working
 * copy was deleted are removed. Two statements whatever the number of ids ("all": the whole table).
 */
export async function publishRows(db: AnyModelDb, model: Model, ids: string[] | "all"): Promise<number> {
  if (ids.length === 0) return 0;
  const table = publishedTable(model);
  const columns = model.fields.map((f) => f.name);
  const some = <Q extends { where: (...args: any[]) => any }>(q: Q): Q =>
    ids === "all" ? q : q.where("id", "in", ids);
  await some(db.deleteFrom(table))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom(model.table).select("id").whereRef(`${model.table}.id`, "=", `${table}.id`))),
    )
    .execute();
  // Raw now(): this statement's text is kept as measured (the builder's fn("now") would compile alike).
  const written = await db
    .insertInto(table)
    .columns([...columns, PUBLISHED_AT])
    .expression(
      some(db.selectFrom(model.table).select([...columns.map((c) => sql.ref(c).as(c)), sql`now()`.as(PUBLISHED_AT)])),
    )
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet(
          Object.fromEntries(
            [...columns, PUBLISHED_AT].filter((c) => c !== "id").map((c) => [c, sql.ref(`excluded.${c}`)]),
          ),
        ),
    )
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0);
}

/** Takes these records off the site: their published copies are removed, the working copies stay. */
export async function unpublishRows(db: AnyModelDb, model: Model, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom(publishedTable(model)).where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes published copies whose working copies were deleted along with these (DRAFTS=off, entities). */
export async function dropPublished(db: AnyModelDb, model: Model, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom(publishedTable(model)).where("id", "in", ids).execute();
}

/**
 * Each working copy's state beside its published copy, one query for all ids: never published
 * (draft), published and unchanged since, or changed since (its updatedAt moved on).
 */
export async function publicationStates(
  db: AnyModelDb,
  model: Model,
  rows: { id: string; updatedAt?: unknown }[],
): Promise<Map<string, Publication>> {
  const states = new Map<string, Publication>();
  if (rows.length === 0) return states;
  const published = await db
    .selectFrom(publishedTable(model))
    .select(["id", "updatedAt", PUBLISHED_AT])
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  const byId = new Map(published.map((p) => [p.id as string, p]));
  for (const row of rows) {
    const copy = byId.get(row.id);
    const same = copy && new Date(copy.updatedAt as string).getTime() === new Date(row.updatedAt as string).getTime();
    states.set(row.id, {
      state: !copy ? "draft" : same ? "published" : "changed",
      publishedAt: copy ? new Date(copy[PUBLISHED_AT] as string) : null,
      publishAt: null,
      unpublishAt: null,
    });
  }
  return states;
}
