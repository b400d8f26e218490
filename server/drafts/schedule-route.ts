import type { FastifyInstance } from "fastify";
import { AppError, validationError, validationErrorFromCauses, type ErrorCause } from "../../engine/errors.js";
import { isUuid } from "../../engine/query/coerce.js";
import type { Model } from "../../engine/schema/model.js";
import { readData } from "../plugins/request-data.js";
import { withPublication } from "./draft-reads.js";
import { subjectOf } from "./draft-writes.js";
import { mayPublish } from "./publish-permission.js";
import type { ScheduleChange } from "./schedules.js";

type IdParams = { Params: { id: string } };

const TIMES = ["publishAt", "unpublishAt"] as const;
/** RFC 3339 as JSON Schema's date-time: a date, a time and a zone (Z or an offset). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * The body of PUT …/{id}/schedule: `data: { publishAt?, unpublishAt? }`, each a time in the
 * future or null (cancel), at least one of them; both given, the record goes off after it goes on.
 */
export function parseSchedule(data: unknown, now = Date.now()): ScheduleChange {
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw validationError("data must be an object", [
      { path: "/data", message: "must be an object with publishAt and/or unpublishAt" },
    ]);
  const causes: ErrorCause[] = [];
  const change: ScheduleChange = {};
  for (const key of Object.keys(data)) {
    if (!(TIMES as readonly string[]).includes(key))
      causes.push({ path: `/data/${key}`, message: "is not a schedule field (publishAt, unpublishAt)" });
  }
  for (const key of TIMES) {
    if (!(key in data)) continue;
    const value = (data as Record<string, unknown>)[key];
    if (value === null) change[key] = null;
    else if (typeof value !== "string" || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))
      causes.push({ path: `/data/${key}`, message: "must be an ISO date-time (2030-01-31T09:00:00Z) or null" });
    else if (Date.parse(value) <= now) causes.push({ path: `/data/${key}`, message: "must be in the future" });
    else change[key] = new Date(value);
  }
  if (causes.length === 0 && change.publishAt === undefined && change.unpublishAt === undefined) {
    causes.push({ path: "/data", message: "must have publishAt or unpublishAt" });
  }
  if (change.publishAt && change.unpublishAt && change.unpublishAt <= change.publishAt)
    causes.push({ path: "/data/unpublishAt", message: "must be after publishAt" });
  if (causes.length) throw validationErrorFromCauses(causes);
  return change;
}

/**
 * PUT /api/{module}/{entity}/{id}/schedule for an x-drafts model (docs/drafts.md, "Scheduling"):
 * sets or cancels when the record's tree is published and when it is taken off the site;
 * answers the working copy, its `publication` showing the times.
 */
export function registerScheduleRoute(app: FastifyInstance, model: Model) {
  const working = app.repositories.get(model.id)!;
  app.put<IdParams>(`/api/${model.id}/:id/schedule`, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) throw validationError("/id must be a uuid", [{ path: "/id", message: "must be a uuid" }]);
    const change = parseSchedule(await readData(request));
    // A time is a publish (or an unpublish) later: it needs that route's permission now, and the
    // job publishes what the one who scheduled it may publish (schedule-jobs.ts). A cancel needs neither.
    for (const action of ["publish", "unpublish"] as const) {
      if (!change[`${action}At`] || (await mayPublish(app, request, model.id, [id], action))) continue;
      throw new AppError(
        "PERMISSION_ERROR",
        `${action}At ${action}es the record: it needs permission to ${action} it (POST /api/${model.id}/{id}/${action})`,
      );
    }
    await app.drafts.schedules.set(model, id, change, subjectOf(request));
    return { data: (await withPublication(app, model, "working", [await working.get(id)]))[0] };
  });
}
