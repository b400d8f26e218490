import type { FastifyInstance } from "fastify";
import { validationErrorFromCauses, type ErrorCause } from "../../engine/errors.js";
import { parseFilters, parseListQuery } from "../../engine/query/list-query.js";
import type { Repository } from "../../engine/query/repository.js";
import { readData } from "../plugins/request-data.js";
import { unwrapBulkItems } from "./bulk-items.js";

export const routePrefix = (modelId: string) => `/api/${modelId}`;

type IdParams = { Params: { id: string } };

/** API.md's generic read routes for one model, answering `{ data }`. */
export function registerReadRoutes(app: FastifyInstance, repository: Repository) {
  const prefix = routePrefix(repository.model.id);
  const model = repository.model;

  app.get(prefix, async (request) => ({ data: await repository.list(parseListQuery(model, request.query as any)) }));

  app.get(`${prefix}/count`, async (request) => {
    const causes: ErrorCause[] = [];
    const filters = parseFilters(model, (request.query as any)?.filters, causes);
    if (causes.length) throw validationErrorFromCauses(causes);
    return { data: await repository.count(filters) };
  });

  app.get<IdParams>(`${prefix}/:id`, async (request) => ({ data: await repository.get(request.params.id) }));
}

/** The write routes; registered where the body parsers are, so reads skip their hooks. */
export function registerWriteRoutes(app: FastifyInstance, repository: Repository) {
  const prefix = routePrefix(repository.model.id);

  app.post(prefix, async (request, reply) => {
    const record = await repository.create(await readData(request));
    return reply.status(201).send({ data: record });
  });

  app.post(`${prefix}/find-or-create`, async (request, reply) => {
    const { record, created } = await repository.findOrCreate(await readData(request));
    return reply.status(created ? 201 : 200).send({ data: record });
  });

  app.post(`${prefix}/bulk`, async (request, reply) => {
    const records = await repository.bulkCreate(unwrapBulkItems(repository.model, await readData(request), "create"));
    return reply.status(201).send({ data: records });
  });

  app.patch(`${prefix}/bulk`, async (request) => ({
    data: await repository.bulkUpdate(unwrapBulkItems(repository.model, await readData(request), "update")),
  }));

  app.patch<IdParams>(`${prefix}/:id`, async (request) => ({
    data: await repository.update(request.params.id, await readData(request)),
  }));

  app.delete<IdParams>(`${prefix}/:id`, async (request) => ({ data: await repository.delete(request.params.id) }));
}
