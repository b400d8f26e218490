import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError } from "../../engine/errors.js";
import { isUuid } from "../../engine/query/coerce.js";
import type { Publication } from "../../engine/query/publishing.js";
import type { Repository } from "../../engine/query/repository.js";
import { runTransaction } from "../../engine/query/transaction.js";
import type { Model } from "../../engine/schema/model.js";
import { withPublication } from "./draft-reads.js";

type Row = Record<string, unknown> & { id?: unknown };

const NEVER_PUBLISHED: Publication = Object.freeze({ state: "draft", publishedAt: null, publishAt: null, unpublishAt: null });
type IdParams = { Params: { id: string } };

/** `?publish=true` on a save: write and publish in one request; DRAFTS=off does it for every save. */
function publishesNow(app: FastifyInstance, request: FastifyRequest): boolean {
  const value = (request.query as Record<string, unknown> | undefined)?.publish;
  if (value !== undefined && value !== "true" && value !== "false") {
    throw new AppError("VALIDATION_ERROR", "publish must be true or false", [{ path: "/publish", message: "must be true or false" }]);
  }
  return !app.drafts.drafts || value === "true";
}

/**
 * Runs a generic save for one model and answers its rows. For an x-drafts model the save changes
 * the working copy and the rows carry their `publication`; publishing at once, or deleting an
 * entity (off the site at once, docs/drafts.md), touches the published copies in the same
 * transaction, so a failure leaves neither copy half written.
 */
export function savedRecords(app: FastifyInstance, repository: Repository) {
  const model = repository.model;
  return async <R extends Row>(request: FastifyRequest, work: (repository: Repository) => Promise<R[]>, options: { deleted?: boolean; created?: boolean } = {}): Promise<R[]> => {
    if (!model.published) return work(repository);
    const now = publishesNow(app, request);
    // DRAFTS=off: the repository publishes every save itself (Publisher.publishOnEverySave).
    const publishHere = now && app.drafts.drafts;
    if (!publishHere && !options.deleted) {
      const rows = await work(repository);
      // A record just created has never been published: no need to ask the published copies.
      if (options.created && !now) return rows.map((row) => ({ ...row, publication: NEVER_PUBLISHED }));
      return withPublication(app, model, "working", rows);
    }
    const touched = new Set<string>();
    const rows = await runTransaction(app.database, app.repositories, async (lookup, trx) => {
      const rows = await work(lookup(model.id) as Repository);
      const ids = rows.map((r) => String(r.id));
      if (options.deleted) for (const id of ids) for (const m of await app.drafts.afterDelete(trx, model, id, now)) touched.add(m);
      else await app.drafts.publishSaved(trx, model, ids);
      return rows;
    });
    for (const m of touched) app.changes.publish(m);
    return options.deleted ? rows : withPublication(app, model, "working", rows);
  };
}

/** POST …/{id}/publish (the record and its tree) and …/{id}/unpublish, each answering the working copy. */
export function registerPublishRoutes(app: FastifyInstance, model: Model) {
  const prefix = `/api/${model.id}`;
  const working = app.repositories.get(model.id)!;
  const answer = async (id: string) => ({ data: (await withPublication(app, model, "working", [await working.get(id)]))[0] });
  const checkId = (id: string) => {
    if (!isUuid(id)) throw validationError("/id must be a uuid", [{ path: "/id", message: "must be a uuid" }]);
  };

  app.post<IdParams>(`${prefix}/:id/publish`, async (request) => {
    checkId(request.params.id);
    await app.drafts.publishTree(model, request.params.id);
    return answer(request.params.id);
  });

  app.post<IdParams>(`${prefix}/:id/unpublish`, async (request) => {
    checkId(request.params.id);
    await app.drafts.unpublish(model, request.params.id);
    return answer(request.params.id);
  });
}
