import { sql } from "kysely";
import type { ScheduledRecord, WaitingRecord } from "../../common/admin/publishing-queue.js";
import type { AnyModelDb } from "../../engine/query/any-model-db.js";
import type { Model } from "../../engine/schema/model.js";
import type { Registry } from "../../engine/schema/registry.js";
import type { Publisher } from "./publisher.js";
import { TREE_STATE_MODELS } from "./tree-states.js";

/** Some of a list, and how many there are in all. */
export interface Counted<T> {
  total: number;
  records: T[];
}

/** A row of any model's table (the generic query's columns are named at run time). */
type Row = Record<string, any>;

/** The columns that name a record on its screen: its title and admin title, where the model has them. */
const namingColumns = <A extends string>(model: Model, alias: A) =>
  ["title", "adminTitle"]
    .filter((name) => model.fieldMap.has(name))
    .map((name): `${A}.${string}` => `${alias}.${name}`);

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

function named(model: Model, row: Record<string, unknown>) {
  return {
    model: model.id,
    id: String(row.id),
    title: (row.title as string | Record<string, string> | undefined) ?? null,
    adminTitle: (row.adminTitle as string | undefined) ?? null,
  };
}

/**
 * The model's records whose working copy is not what visitors see (docs/drafts.md, the states):
 * never published, or changed since. Newest edit first, `limit` of them, with their number.
 *
 * A page's state is its whole tree's (tree-states.ts): a block's text changed leaves the page's
 * own row as published. So every page is read (id, times, titles) and the trees walked together by
 * the publisher's `states`, a fixed number of statements for all pages. Any other model (a
 * product: its editor's every save rewrites its row) is one statement: its rows beside their
 * published copies, the page of them and their number (a window count).
 */
export async function waitingIn(
  db: AnyModelDb,
  publisher: Publisher,
  model: Model,
  limit: number,
): Promise<Counted<WaitingRecord>> {
  if (TREE_STATE_MODELS.has(model.id)) {
    const rows: Row[] = await db
      .selectFrom(`${model.table} as w`)
      .select(["w.id", "w.updatedAt", ...namingColumns(model, "w")])
      .execute();
    const states = await publisher.states(model, rows as { id: string; updatedAt: unknown }[]);
    const waiting = rows
      .map((row) => ({ row, state: states.get(row.id)?.state }))
      .filter((r): r is { row: Row; state: "draft" | "changed" } => r.state === "draft" || r.state === "changed")
      .sort((a, b) => newestFirst(a.row, b.row));
    return {
      total: waiting.length,
      records: waiting.slice(0, limit).map(({ row, state }) => waitingRecord(model, row, state)),
    };
  }
  const published = model.published!.table;
  const rows: Row[] = await db
    .selectFrom(`${model.table} as w`)
    .leftJoin(`${published} as p`, "p.id", "w.id")
    .select((eb) => [
      "w.id",
      "w.updatedAt",
      "p.id as publishedId",
      ...namingColumns(model, "w"),
      eb.fn.countAll<string>().over().as("total"),
    ])
    .where((eb) => eb.or([eb("p.id", "is", null), eb("p.updatedAt", "<>", eb.ref("w.updatedAt"))]))
    .orderBy("w.updatedAt", "desc")
    .orderBy("w.id", "desc")
    .limit(limit)
    .execute();
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    records: rows.map((row) => waitingRecord(model, row, row.publishedId ? "changed" : "draft")),
  };
}

const newestFirst = (a: Row, b: Row) =>
  new Date(b.updatedAt as string).getTime() - new Date(a.updatedAt as string).getTime() ||
  String(b.id).localeCompare(String(a.id));

const waitingRecord = (model: Model, row: Row, state: "draft" | "changed"): WaitingRecord => ({
  ...named(model, row),
  state,
  updatedAt: iso(row.updatedAt)!,
});

/**
 * The records of these models with a publish or an unpublish scheduled (host/publication-schedules),
 * soonest time first, `limit` of them, with their number: one statement for the page and its count
 * (a record deleted since is left out: its schedule does nothing when its time comes), then one per
 * model for the titles of the records on the page — never one per record.
 */
export async function scheduledIn(
  db: AnyModelDb,
  registry: Registry,
  models: Model[],
  limit: number,
): Promise<Counted<ScheduledRecord>> {
  const schedules = registry.get("host/publication-schedules").table;
  // Raw: the earlier of the two times (PostgreSQL's least() passes over a null), which the builder has no word for.
  const soonest = sql<Date>`least(${sql.ref("s.publishAt")}, ${sql.ref("s.unpublishAt")})`;
  const rows = await db
    .selectFrom(`${schedules} as s`)
    .select((eb) => [
      "s.model",
      "s.recordId",
      "s.publishAt",
      "s.unpublishAt",
      eb.fn.countAll<string>().over().as("total"),
    ])
    .where((eb) => eb.or([eb("s.publishAt", "is not", null), eb("s.unpublishAt", "is not", null)]))
    .where((eb) =>
      eb.or(
        models.map((model) =>
          eb.and([
            eb("s.model", "=", model.id),
            eb.exists(eb.selectFrom(`${model.table} as r`).select("r.id").whereRef("r.id", "=", "s.recordId")),
          ]),
        ),
      ),
    )
    .orderBy(soonest)
    .orderBy("s.id")
    .limit(limit)
    .execute();
  const titles = new Map<string, Record<string, unknown>>();
  await Promise.all(
    models.map(async (model) => {
      const ids = rows.filter((row) => row.model === model.id).map((row) => String(row.recordId));
      if (ids.length === 0) return;
      const found = await db
        .selectFrom(`${model.table} as w`)
        .select(["w.id", ...namingColumns(model, "w")])
        .where("w.id", "in", ids)
        .execute();
      for (const row of found) titles.set(`${model.id}#${row.id}`, row);
    }),
  );
  const byId = new Map(models.map((model) => [model.id, model]));
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    records: rows.map((row) => ({
      ...named(byId.get(String(row.model))!, titles.get(`${row.model}#${row.recordId}`) ?? { id: row.recordId }),
      publishAt: iso(row.publishAt),
      unpublishAt: iso(row.unpublishAt),
    })),
  };
}
