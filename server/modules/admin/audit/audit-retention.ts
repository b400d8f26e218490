import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { modelQueries, type ModelQueries } from "../../../../engine/query/model-tables.js";
import { queueJobOnce } from "../../notification/index.js";
import { AUDIT_MODEL } from "./audit-query.js";

/** The jobs queue's kind of the daily purge. */
export const AUDIT_PURGE_JOB = "audit-purge";
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the entries older than `days` days; answers how many went. */
export async function purgeAuditEntries(db: ModelQueries, days: number): Promise<number> {
  const result = await db
    .deleteFrom(AUDIT_MODEL)
    // Raw: the cut-off as the database's own clock less the days, as other retention sweeps do.
    .where("createdAt", "<", sql<Date>`now() - make_interval(days => ${days}::int)`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * AUDIT_RETENTION_DAYS (docs/audit.md): once a day a job on the notification module's queue
 * deletes older entries and queues the next day's run in the same transaction, so one run is
 * queued at any time (queued at start, due at once, if none is). Without the queue (a test's own module list)
 * nothing purges.
 */
export async function registerAuditRetention(app: FastifyInstance, days: number) {
  if (!app.hasDecorator("notifications") || !app.audit) return;
  const db = modelQueries(app.database.db, app.registry);
  app.notifications.jobs.handle(AUDIT_PURGE_JOB, async () => {
    await db.transaction().execute(async (trx) => {
      const purged = await purgeAuditEntries(trx, days);
      if (purged > 0) app.log.info({ purged, days }, "audit log: old entries purged");
      await queueJobOnce(trx, AUDIT_PURGE_JOB, new Date(Date.now() + DAY_MS));
    });
  });
  // Modules register while the app holds its start lock: instances starting together queue one.
  await queueJobOnce(db, AUDIT_PURGE_JOB, new Date());
}
