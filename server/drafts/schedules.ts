import { sql, type Kysely } from "kysely";
import type { Database } from "../../engine/db/open-database.js";
import { notFound } from "../../engine/errors.js";
import type { Model } from "../../engine/schema/model.js";
import type { Registry } from "../../engine/schema/registry.js";

/** What a schedule does at its time: publish the record's tree, or take the record off the site. */
export type ScheduledAction = "publish" | "unpublish";

/** The jobs (notification/jobs `kind`) that carry out a schedule. */
export const SCHEDULE_JOBS: Record<ScheduledAction, string> = { publish: "drafts.publish", unpublish: "drafts.unpublish" };

/** A change to a record's schedule: a time sets it, null cancels it, a missing key leaves it. */
export interface ScheduleChange {
  publishAt?: Date | null;
  unpublishAt?: Date | null;
}

export interface Schedule {
  publishAt: Date | null;
  unpublishAt: Date | null;
}

const SCHEDULES = "host/publication-schedules";
const JOBS = "notification/jobs";
const FIELDS = { publish: { at: "publishAt", job: "publishJobId" }, unpublish: { at: "unpublishAt", job: "unpublishJobId" } } as const;
const ACTIONS: ScheduledAction[] = ["publish", "unpublish"];

const asDate = (value: unknown) => (value == null ? null : new Date(value as string));

/**
 * Scheduled publishing (docs/drafts.md, "Scheduling"): a record's publishAt/unpublishAt kept in
 * host/publication-schedules, each carried out by a job in the notification module's durable
 * queue (notification/jobs, run by its JobRunner at `runAt`: claimed by one instance only, kept
 * across restarts). The schedule row names each time's job, so a new time or a cancel deletes the
 * job it replaces, and a job finds on its turn whether it is still the one the row names.
 */
export class PublicationSchedules {
  private readonly table: string;
  private readonly jobs: string;

  constructor(
    private readonly registry: Registry,
    private readonly database: Database,
  ) {
    this.table = registry.get(SCHEDULES).table;
    this.jobs = registry.get(JOBS).table;
  }

  /**
   * Sets or cancels the record's times, with their jobs, in one transaction; the row is locked
   * meanwhile, so two editors scheduling the same record at once leave one job per time. The job
   * names `subjectId`, who scheduled it (null: the secret key): it publishes what they may publish.
   */
  async set(model: Model, id: string, change: ScheduleChange, subjectId: string | null = null): Promise<Schedule> {
    return this.database.db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom(model.table).select("id").where("id", "=", id).executeTakeFirst();
      if (!exists) throw notFound(`${model.title} ${id} was not found`);
      await trx.insertInto(this.table).values({ model: model.id, recordId: id }).onConflict((oc) => oc.columns(["model", "recordId"]).doNothing()).execute();
      const row = await trx.selectFrom(this.table).selectAll().where("model", "=", model.id).where("recordId", "=", id).forUpdate().executeTakeFirstOrThrow();
      const values: Record<string, unknown> = {};
      for (const action of ACTIONS) {
        const at = change[FIELDS[action].at];
        if (at === undefined) continue;
        const replaced = row[FIELDS[action].job] as string | null;
        // A job already running is not stopped here: it finds the row no longer names it and does nothing.
        if (replaced) await trx.deleteFrom(this.jobs).where("id", "=", replaced).where("status", "=", "queued").execute();
        values[FIELDS[action].at] = at;
        values[FIELDS[action].job] = at && (await this.queue(trx, action, model.id, id, at, subjectId));
      }
      const next = { ...row, ...values };
      if (!next.publishAt && !next.unpublishAt) await trx.deleteFrom(this.table).where("id", "=", row.id).execute();
      else await trx.updateTable(this.table).set({ ...values, updatedAt: sql`now()` }).where("id", "=", row.id).execute();
      return { publishAt: asDate(next.publishAt), unpublishAt: asDate(next.unpublishAt) };
    });
  }

  /** The schedules of these records of a model, one query. */
  async of(db: Kysely<any>, model: Model, ids: string[]): Promise<Map<string, Schedule>> {
    const schedules = new Map<string, Schedule>();
    if (ids.length === 0) return schedules;
    const rows = await db.selectFrom(this.table).select(["recordId", "publishAt", "unpublishAt"]).where("model", "=", model.id).where("recordId", "in", ids).execute();
    for (const row of rows) schedules.set(row.recordId as string, { publishAt: asDate(row.publishAt), unpublishAt: asDate(row.unpublishAt) });
    return schedules;
  }

  /**
   * The job's turn: when the schedule still names this job, `act` runs (publish or unpublish) and
   * then the time is cleared. A job the row no longer names was replaced or canceled: nothing to
   * do. Run again after a crash between the two steps, it acts again, which publishes (or takes
   * off) the same record once more: harmless. `act` gets who scheduled it (null: the secret key, or
   * a job queued before jobs named anyone).
   */
  async fire(action: ScheduledAction, payload: Record<string, unknown>, jobId: string, act: (model: Model, id: string, subjectId: string | null) => Promise<void>): Promise<void> {
    const modelId = String(payload.model);
    const id = String(payload.id);
    const { at, job } = FIELDS[action];
    const row = await this.database.db.selectFrom(this.table).selectAll().where("model", "=", modelId).where("recordId", "=", id).executeTakeFirst();
    const model = this.registry.find(modelId);
    if (!row || row[job] !== jobId || !model) return;
    const exists = await this.database.db.selectFrom(model.table).select("id").where("id", "=", id).executeTakeFirst();
    // Deleted since it was scheduled: its schedule goes with it.
    if (exists) await act(model, id, typeof payload.subjectId === "string" ? payload.subjectId : null);
    await this.database.db.transaction().execute(async (trx) => {
      await trx.updateTable(this.table).set({ [at]: null, [job]: null, updatedAt: sql`now()` }).where("id", "=", row.id).where(job, "=", jobId).execute();
      await trx.deleteFrom(this.table).where("id", "=", row.id).where("publishAt", "is", null).where("unpublishAt", "is", null).execute();
    });
  }

  private async queue(trx: Kysely<any>, action: ScheduledAction, model: string, id: string, at: Date, subjectId: string | null): Promise<string> {
    const job = await trx
      .insertInto(this.jobs)
      .values({ kind: SCHEDULE_JOBS[action], payload: sql`${JSON.stringify({ model, id, at: at.toISOString(), subjectId })}::jsonb`, status: "queued", attempts: 0, runAt: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    return job.id as string;
  }
}
