import { sql } from "kysely";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { FastifyBaseLogger } from "fastify";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import type { NotificationSettings } from "../../config.js";
import { backoffMs, later, LeasedQueue } from "./leased-queue.js";

/** A notification/jobs row (the table has no hidden columns, so the whole row is the record). */
export type Job = StoredRecord<"notification/jobs">;

/** Does one job. Must be safe to run again: a job whose worker stopped mid-way is run once more. */
export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

/**
 * Background jobs from the notification/jobs table (docs/notifications.md: work after a request runs
 * from a queue in PostgreSQL that survives restarts). At least once: a job whose worker stopped
 * (lease ran out) is queued again; a failing job is retried with backoff, then `failed` with its
 * error, visible in the admin. Done jobs are kept a day, then removed.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly queue: LeasedQueue<Job>;

  constructor(
    private readonly db: ModelQueries,
    private readonly settings: NotificationSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.queue = new LeasedQueue(
      db,
      { table: "notification/jobs", waiting: "queued", working: "running", notBefore: ["runAt"] },
      settings.leaseSeconds,
    );
  }

  handle(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  async run(): Promise<number> {
    const requeued = this.queue.sweepDue() ? await this.sweep() : [];
    const claimed = await this.queue.claim(5);
    for (const job of claimed) await this.runJob(job);
    return claimed.length + requeued.length;
  }

  /** Jobs of stopped workers queued again; done jobs older than a day deleted. */
  private async sweep(): Promise<Job[]> {
    const requeued = await this.queue.expired({ status: "queued" });
    await this.db
      .deleteFrom("notification/jobs")
      .where("status", "=", "done")
      .where("updatedAt", "<", sql<Date>`now() - interval '1 day'`)
      .execute();
    return requeued;
  }

  private async runJob(job: Job) {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job.payload ?? {}, job);
      await this.queue.settle(job.id, { status: "done", error: null });
    } catch (error) {
      const message = String((error as Error).message ?? error).slice(0, 1000);
      const failed = !handler || job.attempts >= this.settings.maxAttempts;
      this.log.warn({ job: job.id, kind: job.kind, err: error }, failed ? "job failed" : "job failed, will retry");
      await this.queue.settle(
        job.id,
        failed
          ? { status: "failed", error: message }
          : { status: "queued", error: message, runAt: later(backoffMs(job.attempts, this.settings.retryBaseMs)) },
      );
    }
  }
}
