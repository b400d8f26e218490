import type { FastifyInstance } from "fastify";
import { publishableBy } from "./publish-permission.js";
import { SCHEDULE_JOBS } from "./schedules.js";

/**
 * Gives the notification module's job queue the two scheduled-publishing jobs: at publishAt the
 * record's tree is published, at unpublishAt the record is taken off the site. The queue runs a
 * due job on one instance only (a leased claim), within one poll interval (NOTIFICATION_POLL_MS),
 * and keeps it across restarts. Without the notification module (a test's own module list) no
 * job runs: scheduling needs its queue.
 */
export function registerScheduledPublishing(app: FastifyInstance) {
  if (!app.hasDecorator("notifications")) return;
  const { schedules } = app.drafts;
  app.notifications.jobs.handle(SCHEDULE_JOBS.publish, (payload, job) =>
    schedules.fire("publish", payload, job.id, async (model, id, subjectId) => {
      // Scheduled by a subject: what it may publish when the time comes, as its own publish would.
      if (!subjectId || !app.hasDecorator("rbac")) return void (await app.drafts.publishTree(model, id));
      await app.drafts.publishTreeAs(model, id, subjectId, publishableBy(app, { kind: "subject", subjectId }));
    }),
  );
  app.notifications.jobs.handle(SCHEDULE_JOBS.unpublish, (payload, job) =>
    schedules.fire("unpublish", payload, job.id, (model, id) => app.drafts.unpublish(model, id)),
  );
}
