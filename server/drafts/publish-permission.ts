import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../engine/errors.js";
import type { MayPublish } from "./tree-permissions.js";

/** Any record's path: a permission to publish it is a permission to publish a record not yet created. */
const SOME_RECORD = "00000000-0000-4000-8000-000000000000";

/**
 * May this caller publish these records of `model`: call `POST /api/{model}/{id}/publish` on each
 * (docs/drafts.md)? No ids (a create) asks for any record of the model. The secret key may, and so
 * may the server itself (no caller, or no rbac module). `action` "unpublish" asks for `…/unpublish`.
 */
export async function mayPublish(
  app: FastifyInstance,
  request: FastifyRequest,
  model: string,
  ids: readonly string[] = [],
  action: "publish" | "unpublish" = "publish",
): Promise<boolean> {
  return mayPublishAs(app, request.caller, model, ids, action);
}

/** `mayPublish` for a caller known without its request (a preview token's author, docs/drafts.md "Preview"). */
export async function mayPublishAs(
  app: FastifyInstance,
  caller: FastifyRequest["caller"] | undefined,
  model: string,
  ids: readonly string[] = [],
  action: "publish" | "unpublish" = "publish",
): Promise<boolean> {
  if (!caller || caller.kind === "secret-key" || !app.hasDecorator("rbac")) return true;
  const paths = (ids.length > 0 ? ids : [SOME_RECORD]).map((id) => `/api/${model}/${id}/${action}`);
  const allowed = await Promise.all(paths.map((path) => app.rbac.authorizer.allows(caller, "POST", path)));
  return allowed.every(Boolean);
}

/** `?publish=true` publishes: it needs the publish route's permission, not only the write's (403 before anything is written). */
export async function requirePublish(
  app: FastifyInstance,
  request: FastifyRequest,
  model: string,
  ids?: readonly string[],
): Promise<void> {
  if (await mayPublish(app, request, model, ids)) return;
  throw new AppError(
    "PERMISSION_ERROR",
    `publish=true publishes: it needs permission to publish ${model} records (POST /api/${model}/{id}/publish)`,
  );
}

/** What this caller may publish of a tree, record by record (Publisher.publishTreeAs cuts the tree with it). */
export const callerMayPublish = (app: FastifyInstance, request: FastifyRequest): MayPublish =>
  publishableBy(app, request.caller);

/** What this caller may publish of a tree, record by record: the same rule for a publish and for its preview. */
export const publishableBy =
  (app: FastifyInstance, caller: FastifyRequest["caller"] | undefined): MayPublish =>
  (model, id) =>
    mayPublishAs(app, caller, model, [id]);
