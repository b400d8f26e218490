import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError } from "../../engine/errors.js";
import { isUuid } from "../../engine/query/coerce.js";
import type { Publication } from "../../engine/query/publishing.js";
import type { CompanionInsert } from "../../engine/query/companion-insert.js";
import type { Repository } from "../../engine/query/repository.js";
import { runTransaction } from "../../engine/query/transaction.js";
import type { Model } from "../../engine/schema/model.js";
import { checkIfMatch, preconditionFailed, StaleRecord } from "../crud/etag.js";
import { withPublication } from "./draft-reads.js";
import { callerMayPublish, requirePublish } from "./publish-permission.js";
import { notPublishedOf } from "./tree-permissions.js";

type Row = Record<string, unknown> & { id?: unknown };

const NEVER_PUBLISHED: Publication = Object.freeze({
  state: "draft",
  publishedAt: null,
  publishAt: null,
  unpublishAt: null,
});
type IdParams = { Params: { id: string } };

/** `?publish=true` on a save: write and publish in one request; DRAFTS=off does it for every save. */
function publishesNow(app: FastifyInstance, request: FastifyRequest): boolean {
  const value = (request.query as Record<string, unknown> | undefined)?.publish;
  if (value !== undefined && value !== "true" && value !== "false") {
    throw new AppError("VALIDATION_ERROR", "publish must be true or false", [
      { path: "/publish", message: "must be true or false" },
    ]);
  }
  return !app.drafts.drafts || value === "true";
}

/** Who a version names: the signed-in subject, or nobody (the secret key, the server itself). */
export const subjectOf = (request: FastifyRequest): string | null =>
  request.caller?.kind === "subject" ? request.caller.subjectId : null;

export interface SaveOptions {
  deleted?: boolean;
  created?: boolean;
  /** The records the save will change, when known before it (update, delete): their first change gets an `initial` version. */
  ids?: string[];
  /** If-Match tags for the one record in `ids`: a stale one refuses the save with a 412 (docs/drafts.md, Concurrent edits). */
  ifMatch?: string[];
  /** After the work: false when it wrote nothing (find-or-create found the record). */
  wrote?: () => boolean;
}

/**
 * Runs a generic save for one model and answers its rows. For an x-drafts model the save changes
 * the working copy, records a version of each record (docs/drafts.md, Versions) and the rows carry
 * their `publication`; publishing at once, or deleting an entity (off the site at once), touches
 * the published copies — all in one transaction, so a failure leaves nothing half written. With
 * If-Match (any model) the record is locked and checked in that transaction before the write.
 */
export function savedRecords(app: FastifyInstance, repository: Repository) {
  const model = repository.model;
  const inTransaction = savedInTransaction(app, repository);
  // Not async, so the commonest save (a draft created) adds one promise, not an async function's
  // and its await's; whatever it refuses at once is still a rejection.
  return <R extends Row>(
    request: FastifyRequest,
    work: (repository: Repository, companion?: CompanionInsert) => Promise<R[]>,
    options: SaveOptions = {},
  ): Promise<R[]> => {
    try {
      const guard =
        options.ifMatch && options.ids?.length === 1 ? { id: options.ids[0]!, tags: options.ifMatch } : undefined;
      if (!model.published && !guard) return work(repository);
      const now = model.published ? publishesNow(app, request) : false;
      const versions = app.drafts.versions;
      if (options.created && !now && !guard && versions) {
        // A draft created: the row and its first version in one statement, no transaction (a round trip fewer per create).
        return work(repository, versions.createdCompanion(model, "save", subjectOf(request))).then((rows) => {
          // The rows are the create's own, fresh from the database: given their publication where they are.
          for (const row of rows) (row as Row).publication = NEVER_PUBLISHED;
          return rows;
        });
      }
      return inTransaction(request, work, options, guard, now);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/** Every other save: the work, its versions and its publishing in one transaction. */
function savedInTransaction(app: FastifyInstance, repository: Repository) {
  const model = repository.model;
  return async <R extends Row>(
    request: FastifyRequest,
    work: (repository: Repository, companion?: CompanionInsert) => Promise<R[]>,
    options: SaveOptions,
    guard: { id: string; tags: string[] } | undefined,
    now: boolean,
  ): Promise<R[]> => {
    // An id that is no uuid is the work's to refuse (400), not the version look-up's.
    const known = options.ids?.filter((id) => isUuid(id));
    // DRAFTS=off: the repository publishes every save itself (Publisher.publishOnEverySave).
    const publishHere = now && app.drafts.drafts;
    // Publishing in the save is a publish: a caller who may write but not publish gets a 403.
    if (publishHere) await requirePublish(app, request, model.id, known);
    const versions = app.drafts.versions;
    const touched = new Set<string>();
    let rows: R[];
    try {
      rows = await runTransaction(app.database, app.repositories, async (lookup, trx) => {
        if (guard) await checkIfMatch(trx, repository, guard.id, guard.tags);
        if (!model.published) return work(lookup(model.id) as Repository);
        if (versions && known?.length) await versions.beforeSave(trx, model, known);
        const rows = await work(lookup(model.id) as Repository);
        const ids = rows.map((r) => String(r.id));
        if (options.deleted)
          for (const id of ids) for (const m of await app.drafts.afterDelete(trx, model, id, now)) touched.add(m);
        else if (publishHere) await app.drafts.publishSaved(trx, model, ids);
        if (versions && options.wrote?.() !== false)
          await versions.record(
            trx,
            model,
            ids,
            publishHere ? "publish" : "save",
            subjectOf(request),
            options.created === true,
          );
        return rows;
      });
    } catch (error) {
      if (!(error instanceof StaleRecord)) throw error;
      const [record] = model.published ? await withPublication(app, model, "working", [error.record]) : [error.record];
      throw preconditionFailed(record!);
    }
    for (const m of touched) app.changes.publish(m);
    if (!model.published || options.deleted) return rows;
    // A record just created has never been published unless this save published it: no need to ask.
    if (options.created && !now) return rows.map((row) => ({ ...row, publication: NEVER_PUBLISHED }));
    return withPublication(app, model, "working", rows);
  };
}

/**
 * A publish's `{ data: { reusable: "publish" | "keep" } }`: whether the page's reusable blocks'
 * changes are published too (they show on every page using them) or left as they are (the default).
 */
function reusableChoice(body: { data?: { reusable?: unknown } } | undefined): boolean {
  const choice = body && typeof body === "object" ? body.data?.reusable : undefined;
  if (choice === undefined || choice === "keep") return false;
  if (choice === "publish") return true;
  throw validationError("/data/reusable must be publish or keep", [
    { path: "/data/reusable", message: "must be publish or keep" },
  ]);
}

/** POST …/{id}/publish (the record and its tree) and …/{id}/unpublish, each answering the working copy. */
export function registerPublishRoutes(app: FastifyInstance, model: Model) {
  const prefix = `/api/${model.id}`;
  const working = app.repositories.get(model.id)!;
  const answer = async (id: string) => ({
    data: (await withPublication(app, model, "working", [await working.get(id)]))[0],
  });
  const checkId = (id: string) => {
    if (!isUuid(id)) throw validationError("/id must be a uuid", [{ path: "/id", message: "must be a uuid" }]);
  };

  app.post<IdParams & { Body?: { data?: { reusable?: unknown } } }>(`${prefix}/:id/publish`, async (request) => {
    checkId(request.params.id);
    const all = reusableChoice(request.body);
    // Only what the caller may publish (a page editor does not publish a product a block lists):
    // the rest stays as it is, and the answer names what of it differs from its published copy.
    const { withheld, held } = await app.drafts.publishTreeAs(
      model,
      request.params.id,
      subjectOf(request),
      callerMayPublish(app, request),
      undefined,
      { all },
    );
    const notPublished = notPublishedOf(withheld);
    // A page's reusable blocks left as they were (docs/drafts.md, "Reusable blocks"): named when they differ.
    const heldBack = notPublishedOf(await app.drafts.heldChanges(held));
    return {
      ...(await answer(request.params.id)),
      ...(notPublished.length > 0 ? { notPublished } : {}),
      ...(heldBack.length > 0 ? { heldBack } : {}),
    };
  });

  app.post<IdParams>(`${prefix}/:id/unpublish`, async (request) => {
    checkId(request.params.id);
    await app.drafts.unpublish(model, request.params.id);
    return answer(request.params.id);
  });
}
