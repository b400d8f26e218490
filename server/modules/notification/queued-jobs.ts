import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Row } from "../../../engine/query/prepare-write.js";

const JOBS = "notification/jobs";

/** The apps whose queue already wakes on committed job inserts (one listener each). */
const listening = new WeakSet<FastifyInstance>();

/**
 * Writes of `field` through `repository` fire a database trigger that queues jobs (an order's
 * status change queues its `order-status-changed` job): the change feed announces the jobs after
 * those writes commit, and the queue wakes then. Only those writes wake it: a wake per write of
 * the model would keep the queue's statements running back to back under write traffic.
 */
export function wakeQueueOnTriggeredJobs(app: FastifyInstance, repository: Repository, field: string): void {
  repository.alsoChanges(field, JOBS);
  if (listening.has(app)) return;
  listening.add(app);
  app.changes.subscribe((model) => model === JOBS && app.notifications.wake());
}

/** Queues a job of a kind some module handles (`app.notifications.jobs.handle`) and wakes the queue; answers the job's row. */
export async function queueJob(app: FastifyInstance, kind: string, payload: Record<string, unknown>): Promise<Row> {
  const job = await app.repositories.get(JOBS)!.create({ kind, payload });
  app.notifications.wake();
  return job;
}

/**
 * Queues a job in the caller's transaction (it exists exactly when the caller's writes commit),
 * due at `runAt` (now when absent). The caller wakes the queue after its commit, or the next poll
 * finds it.
 */
export async function queueJobIn(
  trx: ModelQueries,
  kind: string,
  payload: Record<string, unknown>,
  runAt?: Date,
): Promise<string> {
  const job = await trx
    .insertInto(JOBS)
    .values({
      kind,
      // Raw: the payload as JSON text cast to jsonb, one form the pg and PGlite drivers both take alike.
      payload: sql<Record<string, unknown>>`${JSON.stringify(payload)}::jsonb`,
      status: "queued",
      attempts: 0,
      runAt: runAt ?? sql<Date>`now()`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return job.id;
}

/**
 * Queues a job of `kind` due at `runAt` unless one of that kind is already queued: a recurring
 * job (a daily purge) queues its next run this way at start and after each run, and never two.
 */
export async function queueJobOnce(trx: ModelQueries, kind: string, runAt: Date): Promise<void> {
  const queued = await trx
    .selectFrom(JOBS)
    .select("id")
    .where("kind", "=", kind)
    .where("status", "=", "queued")
    .executeTakeFirst();
  if (!queued) await queueJobIn(trx, kind, {}, runAt);
}
