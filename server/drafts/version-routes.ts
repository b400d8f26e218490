import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError } from "../../engine/errors.js";
import { isUuid } from "../../engine/query/coerce.js";
import { publishRows } from "../../engine/query/publishing.js";
import type { Model } from "../../engine/schema/model.js";
import { mayEdit, withPublication } from "./draft-reads.js";
import { subjectOf } from "./draft-writes.js";
import type { VersionTree } from "./publisher.js";

type VersionParams = { Params: { id: string; versionId: string } };
type IdParams = { Params: { id: string } };

const LIMIT_DEFAULT = 20;
const LIMIT_MAX = 100;

/** A whole number from the query within bounds, or a 400 naming it. */
function count(query: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const value = query[name];
  if (value === undefined || value === "") return fallback;
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max))
    throw validationError(`/${name} must be a whole number from ${min} to ${max}`, [
      { path: `/${name}`, message: `must be a whole number from ${min} to ${max}` },
    ]);
  return n;
}

function checkIds(params: Record<string, string>) {
  for (const [name, value] of Object.entries(params)) {
    if (!isUuid(value))
      throw validationError(`/${name} must be a uuid`, [{ path: `/${name}`, message: "must be a uuid" }]);
  }
}

/**
 * GET …/{id}/versions, GET …/{id}/versions/{versionId} and POST …/{id}/versions/{versionId}/restore
 * (docs/drafts.md, Versions). The rbac hook authorizes each path; a version holds working copies,
 * so reading one also needs what draft=true needs: permission to edit the model's records.
 */
export function registerVersionRoutes(app: FastifyInstance, model: Model) {
  const prefix = `/api/${model.id}/:id/versions`;
  const versions = app.drafts.versions!;
  const editorOnly = async (request: FastifyRequest) => {
    if (await mayEdit(app, request, model)) return;
    if (request.caller?.kind === "anonymous")
      throw new AppError(
        "AUTHENTICATION_ERROR",
        `sign in to read the versions of ${model.title.toLowerCase()} records`,
      );
    throw new AppError(
      "PERMISSION_ERROR",
      `versions hold working copies: they need permission to edit ${model.title.toLowerCase()} records`,
    );
  };

  app.get<IdParams>(prefix, async (request) => {
    checkIds(request.params);
    await editorOnly(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(query).filter((k) => k !== "limit" && k !== "offset");
    if (unknown.length)
      throw validationError(
        `/${unknown[0]} is not a parameter of versions`,
        unknown.map((k) => ({ path: `/${k}`, message: "is not a parameter of versions (limit, offset)" })),
      );
    const limit = count(query, "limit", LIMIT_DEFAULT, 1, LIMIT_MAX);
    const offset = count(query, "offset", 0, 0, 1_000_000_000);
    return { data: await versions.list(model, request.params.id, limit, offset) };
  });

  app.get<VersionParams>(`${prefix}/:versionId`, async (request) => {
    checkIds(request.params);
    await editorOnly(request);
    return { data: await versions.get(model, request.params.id, request.params.versionId) };
  });

  // What differs from this version to another (`to`: its id) or to the working copy (`to=working`, the default).
  app.get<VersionParams>(`${prefix}/:versionId/compare`, async (request) => {
    checkIds(request.params);
    await editorOnly(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(query).filter((k) => k !== "to");
    if (unknown.length)
      throw validationError(
        `/${unknown[0]} is not a parameter of a comparison`,
        unknown.map((k) => ({ path: `/${k}`, message: "is not a parameter of a comparison (to)" })),
      );
    const to = query.to === undefined || query.to === "working" ? "working" : String(query.to);
    if (to !== "working" && !isUuid(to))
      throw validationError("/to must be a version's id or working", [
        { path: "/to", message: "must be a version's id or working" },
      ]);
    const { id, versionId } = request.params;
    return { data: { changes: await versions.compare(model, id, versionId, to) } };
  });

  app.post<VersionParams>(`${prefix}/:versionId/restore`, async (request) => {
    checkIds(request.params);
    await editorOnly(request);
    const { id, versionId } = request.params;
    const published = new Set<string>();
    // DRAFTS=off: a restore is a save, and every save publishes at once.
    const publish = async (trx: Parameters<typeof publishRows>[0]) => {
      if (app.drafts.drafts) return;
      for (const [modelId, ids] of await app.drafts.treeOf(trx, model, id)) {
        await publishRows(trx, app.registry.get(modelId), [...ids]);
        published.add(modelId);
      }
    };
    // A page's reusable blocks are other pages' too: the restore leaves them as they are now.
    const hold = (trx: Parameters<typeof publishRows>[0], version: VersionTree) =>
      app.drafts.heldOnRestore(trx, model, id, version);
    const touched = await versions.restore(model, id, versionId, subjectOf(request), publish, hold);
    for (const modelId of new Set([...touched, ...published])) app.changes.publish(modelId);
    const record = await app.repositories.get(model.id)!.get(id);
    return { data: (await withPublication(app, model, "working", [record]))[0] };
  });
}
