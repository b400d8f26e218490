import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound } from "../../engine/errors.js";
import { parseCountQuery, parseListQuery } from "../../engine/query/list-query.js";
import type { Repository } from "../../engine/query/repository.js";
import { readData } from "../plugins/request-data.js";
import { readView, withPublication } from "../drafts/draft-reads.js";
import { registerPublishRoutes, savedRecords } from "../drafts/draft-writes.js";
import { registerVersionRoutes } from "../drafts/version-routes.js";
import { etagOf, ifMatchOf } from "./etag.js";
import { registerScheduleRoute } from "../drafts/schedule-route.js";
import { unwrapBulkItems } from "./bulk-items.js";
import { registerExportRoute } from "./transfer/export-route.js";
import { registerImportRoute } from "./transfer/import-route.js";
import { visibleRows } from "./visible-rows.js";

export const routePrefix = (modelId: string) => `/api/${modelId}`;

type IdParams = { Params: { id: string } };

/**
 * The generic read routes for one model (docs/api.md), answering `{ data }`. Members-only rows (content
 * reachable only through a link the caller may not read) are left out of lists and counts, and
 * are a 404 by id, as if they did not exist. So are other subjects' rows to a subject reading by
 * the owned-records rule (rbac/permissions/own-rows.ts).
 */
export function registerReadRoutes(app: FastifyInstance, repository: Repository) {
  const prefix = routePrefix(repository.model.id);
  const model = repository.model;
  // x-drafts: visitors (and every read without draft=true) read the published copies.
  const copies = { working: repository, published: app.publishedRepositories.get(model.id)! };
  const { ownRows, visibleTo, limit } = visibleRows(app, model);
  const missingRecord = (request: FastifyRequest<IdParams>) =>
    notFound(`${model.title} ${request.params.id} was not found`);

  // `next`: the `after` cursor of the following page, when this one is full (README, "HTTP API").
  // Each step that usually knows its answer at once (the copy to read, the caller's limits, the
  // cursor, the publication of published rows) is awaited only when it does not: a list of the
  // published copies with no limits for the caller waits once, for its query.
  app.get(prefix, async (request) => {
    const viewing = readView(app, request, model);
    const view = typeof viewing === "string" ? viewing : await viewing;
    const { cursor, ...query } = parseListQuery(model, request.query as any);
    if (cursor !== undefined) query.after = await app.listCursors.read(model, query.orderBy, cursor);
    const filters = visibleTo(request, query.filters, view);
    const rows = await copies[view].list({ ...query, filters: filters instanceof Promise ? await filters : filters });
    const following = app.listCursors.next(model, query.orderBy, query.limit, rows as Record<string, unknown>[]);
    const next = following instanceof Promise ? await following : following;
    const publishing = withPublication(app, model, view, rows);
    const data = publishing instanceof Promise ? await publishing : publishing;
    return next === undefined ? { data } : { data, next };
  });

  // Exact by default (docs/api.md). `estimate=true` (the admin's tables) reads at most
  // COUNT_EXACT_UP_TO + 1 rows and, past that, answers the planner's estimate with `estimated: true`.
  app.get(`${prefix}/count`, async (request) => {
    const view = await readView(app, request, model);
    const repository = copies[view];
    const { filters, estimate } = parseCountQuery(model, (request.query ?? {}) as Record<string, unknown>);
    const visible = await visibleTo(request, filters, view);
    if (!estimate) return { data: await repository.count(visible) };
    const { count, estimated } = await repository.countEstimate(visible);
    return { data: count, estimated };
  });

  registerExportRoute(app, repository, visibleTo);

  app.get<IdParams>(`${prefix}/:id`, async (request, reply) => {
    const viewing = readView(app, request, model);
    const view = typeof viewing === "string" ? viewing : await viewing;
    const record = await copies[view].get(request.params.id);
    // Usually known at once (the secret key's, and no owned-records rule): awaited only when not.
    const hidden = app.rbac.membersOnly.hiddenIds(request.caller, model.id, view);
    if ((hidden instanceof Promise ? await hidden : hidden).has(request.params.id)) throw missingRecord(request);
    if (limit && (await limit.hides(request.caller, record as Record<string, unknown>))) throw missingRecord(request);
    const ownCondition = ownRows(request);
    if (ownCondition) {
      const own = await ownCondition;
      if (!(own.value as unknown[]).includes(record[own.field.name])) throw missingRecord(request);
    }
    // The copy read's state: a PATCH or DELETE with it as If-Match fails if someone saved since.
    const etag = etagOf(record as Record<string, unknown>);
    if (etag) void reply.header("etag", etag);
    const publishing = withPublication(app, model, view, [record]);
    return { data: (publishing instanceof Promise ? await publishing : publishing)[0] };
  });
}

/** The write routes; registered where the body parsers are, so reads skip their hooks. */
export function registerWriteRoutes(app: FastifyInstance, repository: Repository) {
  const prefix = routePrefix(repository.model.id);
  const model = repository.model;
  // x-drafts: a save changes the working copy, and publishes it too with ?publish=true or DRAFTS=off.
  const saved = savedRecords(app, repository);

  // A module that must answer its create itself (a webhook's create answers its secret once) registered its own.
  if (!app.hasRoute({ method: "POST", url: prefix }))
    app.post(prefix, (request, reply) => {
      // A JSON body's data is at hand; a multipart one is read first. Not async: the save's promise
      // is the handler's, one promise where an async handler and its two awaits would make three.
      const data = readData(request);
      const create = (data: unknown) =>
        saved(request, (r, companion) => r.create(data, { companion }).then((row) => [row]), { created: true }).then(
          ([record]) => reply.status(201).send({ data: record }),
        );
      return data instanceof Promise ? data.then(create) : create(data);
    });

  app.post(`${prefix}/find-or-create`, async (request, reply) => {
    const data = await readData(request);
    let created = false;
    const [record] = await saved(
      request,
      async (r) => {
        const found = await r.findOrCreate(data);
        created = found.created;
        return [found.record];
      },
      { wrote: () => created },
    );
    return reply.status(created ? 201 : 200).send({ data: record });
  });

  app.post(`${prefix}/bulk`, async (request, reply) => {
    const items = unwrapBulkItems(model, await readData(request), "create");
    return reply.status(201).send({ data: await saved(request, (r) => r.bulkCreate(items)) });
  });

  app.patch(`${prefix}/bulk`, async (request) => {
    const items = unwrapBulkItems(model, await readData(request), "update");
    // Not a list: the repository answers the 400; until then there are no ids to version.
    const ids = Array.isArray(items)
      ? items.map((item) => (item as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === "string")
      : [];
    return { data: await saved(request, (r) => r.bulkUpdate(items), { ids }) };
  });

  registerImportRoute(app, repository);

  // If-Match (docs/drafts.md, Concurrent edits): a stale ETag answers 412 with the current record.
  app.patch<IdParams>(`${prefix}/:id`, async (request, reply) => {
    const data = await readData(request);
    const { id } = request.params;
    const [record] = await saved(request, (r) => r.update(id, data).then((row) => [row]), {
      ids: [id],
      ifMatch: ifMatchOf(request),
    });
    const etag = etagOf(record as Record<string, unknown>);
    if (etag) void reply.header("etag", etag);
    return { data: record };
  });

  app.delete<IdParams>(`${prefix}/:id`, async (request) => {
    const { id } = request.params;
    const [record] = await saved(request, (r) => r.delete(id).then((row) => [row]), {
      deleted: true,
      ids: [id],
      ifMatch: ifMatchOf(request),
    });
    return { data: record };
  });

  if (model.published) {
    registerPublishRoutes(app, model);
    registerVersionRoutes(app, model);
    registerScheduleRoute(app, model);
  }
}
