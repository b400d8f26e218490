import { sql } from "kysely";
import type { Database } from "../../engine/db/open-database.js";
import { notFound } from "../../engine/errors.js";
import type { AnyModelDb } from "../../engine/query/any-model-db.js";
import { modelQueries, type ModelQueries, type ModelTransaction } from "../../engine/query/model-tables.js";
import type { Model } from "../../engine/schema/model.js";
import type { Registry } from "../../engine/schema/registry.js";
import type { AuditTrail } from "../../engine/audit/audit-trail.js";

/** What a schedule does at its time: publish the record's tree, or take the record off the site. */
export type ScheduledAction = "publish" | "unpublish";

/** The jobs (notification/jobs `kind`) that carry out a schedule. */
export const SCHEDULE_JOBS: Record<ScheduledAction, string> = {
  publish: "drafts.publish",
  unpublish: "drafts.unpublish",
};

/** A change to a record's schedule: a time sets it, null cancels it, a missing key leaves it. */
export interface ScheduleChange {
  publishAt?: Date | null;
  unpublishAt?: Date | null;
}

export interface Schedule {
  publishAt: Date | null;
  unpublishAt: Date | null;
}

const FIELDS = {
  publish: { at: "publishAt", job: "publishJobId" },
  unpublish: { at: "unpublishAt", job: "unpublishJobId" },
} as const;
const ACTIONS: ScheduledAction[] = ["publish", "unpublish"];

/**
 * Scheduled publishing (docs/drafts.md, "Scheduling"): a record's publishAt/unpublishAt kept in
 * host/publication-schedules, each carried out by a job in the notification module's durable
 * queue (notification/jobs, run by its JobRunner at `runAt`: claimed by one instance only, kept
 * across restarts). The schedule row names each time's job, so a new time or a cancel deletes the
 * job it replaces, and a job finds on its turn whether it is still the one the row names.
 */
export class PublicationSchedules {
  private readonly db: ModelQueries;
  /** The audit log: a schedule set or cancelled is recorded in its transaction (Publisher.auditInto sets it). */
  audit?: AuditTrail;

  constructor(
    private readonly registry: Registry,
    private readonly database: Database,
  ) {
    this.db = modelQueries(database.db, registry);
  }

  /**
   * Sets or cancels the record's times, with their jobs, in one transaction; the row is locked
   * meanwhile, so two editors scheduling the same record at once leave one job per time. The job
   * names `subjectId`, who scheduled it (null: the secret key): it publishes what they may publish.
   */
  async set(model: Model, id: string, change: ScheduleChange, subjectId: string | null = null): Promise<Schedule> {
    return this.db.transaction().execute(async (trx) => {
      const exists = await recordOf(trx, model, id);
      if (!exists) throw notFound(`${model.title} ${id} was not found`);
      await trx
        .insertInto("host/publication-schedules")
        .values({ model: model.id, recordId: id })
        .onConflict((oc) => oc.columns(["model", "recordId"]).doNothing())
        .execute();
      const row = await trx
        .selectFrom("host/publication-schedules")
        .selectAll()
        .where("model", "=", model.id)
        .where("recordId", "=", id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const values: Partial<Schedule & { publishJobId: string | null; unpublishJobId: string | null }> = {};
      for (const action of ACTIONS) {
        const at = change[FIELDS[action].at];
        if (at === undefined) continue;
        const replaced = row[FIELDS[action].job];
        // A job already running is not stopped here: it finds the row no longer names it and does nothing.
        if (replaced)
          await trx.deleteFrom("notification/jobs").where("id", "=", replaced).where("status", "=", "queued").execute();
        values[FIELDS[action].at] = at;
        values[FIELDS[action].job] = at && (await this.queue(trx, action, model.id, id, at, subjectId));
      }
      const next = { ...row, ...values };
      await this.audit?.record(trx, [
        {
          model: model.id,
          recordId: id,
          action: "schedule",
          changes: Object.fromEntries(
            ACTIONS.filter((a) => change[FIELDS[a].at] !== undefined).map((a) => [
              FIELDS[a].at,
              [row[FIELDS[a].at], next[FIELDS[a].at]],
            ]),
          ),
        },
      ]);
      if (!next.publishAt && !next.unpublishAt)
        await trx.deleteFrom("host/publication-schedules").where("id", "=", row.id).execute();
      else
        await trx
          .updateTable("host/publication-schedules")
          .set({ ...values, updatedAt: now() })
          .where("id", "=", row.id)
          .execute();
      return { publishAt: next.publishAt, unpublishAt: next.unpublishAt };
    });
  }

  /** The schedules of these records of a model, one query. */
  async of(model: Model, ids: string[]): Promise<Map<string, Schedule>> {
    const schedules = new Map<string, Schedule>();
    if (ids.length === 0) return schedules;
    const rows = await this.db
      .selectFrom("host/publication-schedules")
      .select(["recordId", "publishAt", "unpublishAt"])
      .where("model", "=", model.id)
      .where("recordId", "in", ids)
      .execute();
    for (const row of rows) schedules.set(row.recordId, { publishAt: row.publishAt, unpublishAt: row.unpublishAt });
    return schedules;
  }

  /**
   * The job's turn: when the schedule still names this job, `act` runs (publish or unpublish) and
   * then the time is cleared. A job the row no longer names was replaced or canceled: nothing to
   * do. Run again after a crash between the two steps, it acts again, which publishes (or takes
   * off) the same record once more: harmless. `act` gets who scheduled it (null: the secret key, or
   * a job queued before jobs named anyone).
   */
  async fire(
    action: ScheduledAction,
    payload: Record<string, unknown>,
    jobId: string,
    act: (model: Model, id: string, subjectId: string | null) => Promise<void>,
  ): Promise<void> {
    const modelId = String(payload.model);
    const id = String(payload.id);
    const { job } = FIELDS[action];
    const row = await this.db
      .selectFrom("host/publication-schedules")
      .selectAll()
      .where("model", "=", modelId)
      .where("recordId", "=", id)
      .executeTakeFirst();
    const model = this.registry.find(modelId);
    if (!row || row[job] !== jobId || !model) return;
    const exists = await recordOf(this.database.db, model, id);
    // Deleted since it was scheduled: its schedule goes with it.
    if (exists) await act(model, id, typeof payload.subjectId === "string" ? payload.subjectId : null);
    const cleared =
      action === "publish" ? { publishAt: null, publishJobId: null } : { unpublishAt: null, unpublishJobId: null };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("host/publication-schedules")
        .set({ ...cleared, updatedAt: now() })
        .where("id", "=", row.id)
        .where(job, "=", jobId)
        .execute();
      await trx
        .deleteFrom("host/publication-schedules")
        .where("id", "=", row.id)
        .where("publishAt", "is", null)
        .where("unpublishAt", "is", null)
        .execute();
    });
  }

  private async queue(
    trx: ModelTransaction,
    action: ScheduledAction,
    model: string,
    id: string,
    at: Date,
    subjectId: string | null,
  ): Promise<string> {
    const job = await trx
      .insertInto("notification/jobs")
      .values({
        kind: SCHEDULE_JOBS[action],
        payload: jsonb({ model, id, at: at.toISOString(), subjectId }),
        status: "queued",
        attempts: 0,
        runAt: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return job.id;
  }
}

/** The record's id when its working copy exists: any x-drafts model, named by its metadata. */
const recordOf = (db: AnyModelDb, model: Model, id: string) =>
  db.selectFrom(model.table).select("id").where("id", "=", id).executeTakeFirst();

// Raw: the database's clock (the row's other times come from it too), which the builder has no word for.
const now = () => sql<Date>`now()`;
// Raw: the payload as JSON text cast to jsonb, one form the pg and PGlite drivers both take alike.
const jsonb = (value: Record<string, unknown>) => sql<Record<string, unknown>>`${JSON.stringify(value)}::jsonb`;
